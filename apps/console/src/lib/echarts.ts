// ECharts through `echarts/core` with only what the console's charts use (line, bar and pie charts, grid, tooltip, data zoom,
// legend, canvas renderer). Imported with import() by the chart component only, so it is its own chunk.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, DataZoomComponent, LegendComponent, CanvasRenderer]);

export { echarts };
