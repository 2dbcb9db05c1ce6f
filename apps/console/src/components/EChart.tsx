import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

export type ChartOption = EChartsCoreOption;

type Echarts = typeof import('../lib/echarts').echarts;
let echartsLoad: Promise<Echarts> | null = null;
/** ECharts is its own chunk (lib/echarts.ts), fetched the first time a chart is shown (docs/console.md, "Bundle budget"). */
function loadEcharts(): Promise<Echarts> {
  echartsLoad ??= import('../lib/echarts').then((m) => m.echarts);
  return echartsLoad;
}

/** An ECharts chart that follows its option and its box size, and is disposed with the component. */
export function EChart({ option, label, testId = 'device-chart' }: { option: ChartOption; label: string; testId?: string }) {
  const el = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ReturnType<Echarts['init']> | null>(null);
  useEffect(() => {
    if (!el.current) return;
    const node = el.current;
    let cancelled = false;
    let cleanup = () => {};
    void loadEcharts().then((echarts) => {
      if (cancelled) return;
      const c = echarts.init(node, undefined, { renderer: 'canvas' });
      const ro = new ResizeObserver(() => c.resize());
      ro.observe(node);
      setChart(c);
      cleanup = () => {
        ro.disconnect();
        c.dispose();
      };
    });
    return () => {
      cancelled = true;
      cleanup();
      setChart(null);
    };
  }, []);
  useEffect(() => {
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);
  return <div ref={el} className="dw-chart" role="img" aria-label={label} data-testid={testId} />;
}
