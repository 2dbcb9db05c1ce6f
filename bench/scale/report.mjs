// The scaling curve's report (bench/scale/run.mjs): the figures of each size flattened, how each grows over the
// sizes (against the logarithm of the size), a log-log SVG chart written by hand (no dependency), and markdown.

/** Above this multiple of the log sizes' ratio a cost "grows faster than log": the loaded machine's noise is ±30 %. */
export const MARGIN = 1.5;

/**
 * The figures of one size's result: [{ key, label, unit, value, chart, linear }] (chart: drawn on the SVG; linear:
 * work that is the fleet, or a share of it, by its nature: its cost per 1,000 devices is the figure to watch).
 */
export function figures(r) {
  const f = [];
  const add = (key, label, unit, value, chart = false, linear = false) => f.push({ key, label, unit, value, chart, linear });
  const per1000 = (ms, n) => (ms / Math.max(1, n)) * 1000;
  add('seed', "the seed's time", 's', r.seed.seconds, true, true);
  add('seed.per1000', "the seed's time per 1,000 devices", 's', per1000(r.seed.seconds, r.devices));
  add('disk', 'database size after the seed', 'MB', r.seed.megabytes, true, true);
  add('disk.per1000', 'database size per 1,000 devices', 'MB', per1000(r.seed.megabytes, r.devices));
  for (const [name, s] of Object.entries(r.search)) {
    add(`search.${name}.p50`, `search ${name}, 1 client p50`, 'ms', s.p50, true);
    add(`search.${name}.p95at50`, `search ${name}, 50 clients p95`, 'ms', s.p95at50);
    add(`search.${name}.cpu`, `search ${name}, CPU per search at 50 (api + Postgres)`, 'ms', s.cpuMs);
  }
  add('devicePage', "the device page's calls, summed medians", 'ms', r.devicePageTotal, true);
  for (const [name, ms] of Object.entries(r.devicePage)) add(`devicePage.${name}`, `device page: ${name}`, 'ms', ms);
  add('statsMedian', 'a month of a statistics type, median over the types', 'ms', r.statsMedian, true);
  add('statsMax', 'a month of a statistics type, the slowest type', 'ms', r.statsMax, true);
  for (const [type, ms] of Object.entries(r.stats)) add(`stats.${type}`, `statistics: ${type}`, 'ms', ms);
  add('daily.first', "daily report's week, first read (rolls the week)", 'ms', r.dailyReport.firstMs, true);
  add('daily', "daily report's week, from its rollup", 'ms', r.dailyReport.ms, true);
  add('export.generate', 'export of every owned device: report generated', 'ms', r.export.generateMs, true, true);
  add('export.download', 'export of every owned device: CSV downloaded', 'ms', r.export.downloadMs, true, true);
  add('export.per1000', 'export: generated and downloaded, per 1,000 rows', 'ms', per1000(r.export.generateMs + r.export.downloadMs, r.export.rows));
  add('sms.answered', 'bulk SMS of 10 %: sendBulk answered', 'ms', r.sms.answeredMs, true, true);
  add('sms.stored', 'bulk SMS of 10 %: stored', 'ms', r.sms.storeMs, false, true);
  add('sms.queued', 'bulk SMS of 10 %: queued', 'ms', r.sms.enqueueMs, false, true);
  add('sms.per1000', 'bulk SMS: answered per 1,000 messages', 'ms', per1000(r.sms.answeredMs, r.sms.devices));
  return f;
}

/**
 * How each figure grows from the smallest size measured to the largest: the ratio of the costs beside the ratio of
 * the sizes' logarithms, the exponent of the size it follows (ln cost ratio / ln size ratio: 0 constant, 1 linear),
 * and whether it grows faster than log (cost ratio above MARGIN times the log ratio).
 */
export function growth(sizes) {
  if (sizes.length < 2) return [];
  const [a, b] = [sizes[0], sizes[sizes.length - 1]];
  const fb = new Map(figures(b).map((x) => [x.key, x]));
  const logRatio = Math.log(b.devices) / Math.log(a.devices);
  return figures(a)
    .filter((x) => fb.has(x.key) && x.value > 0 && fb.get(x.key).value > 0)
    .map((x) => {
      const ratio = fb.get(x.key).value / x.value;
      return {
        key: x.key,
        label: x.label,
        unit: x.unit,
        from: { devices: a.devices, value: x.value },
        to: { devices: b.devices, value: fb.get(x.key).value },
        ratio,
        logRatio,
        exponent: Math.log(ratio) / Math.log(b.devices / a.devices),
        fasterThanLog: ratio > MARGIN * logRatio,
        linear: x.linear,
      };
    });
}

const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf', '#393b79', '#637939', '#8c6d31', '#843c39', '#7b4173', '#3182bd', '#e6550d', '#31a354'];
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A log-log chart of the charted figures against the fleet size, with a linear and a log guide. */
export function svgChart(sizes) {
  // the picture's width and height, the plot's left and top edges, its width and height
  const [W, H, L, T, PW, PH] = [1000, 560, 70, 40, 560, 460];
  const series = new Map();
  for (const r of sizes) {
    for (const f of figures(r).filter((x) => x.chart && x.value > 0)) {
      if (!series.has(f.key)) series.set(f.key, { label: `${f.label} (${f.unit})`, points: [] });
      series.get(f.key).points.push([r.devices, f.value]);
    }
  }
  const xs = sizes.map((r) => r.devices);
  const ys = [...series.values()].flatMap((s) => s.points.map((p) => p[1]));
  const lx = (v) => Math.log10(v);
  const [x0, x1] = [Math.floor(lx(Math.min(...xs))), Math.ceil(lx(Math.max(...xs)) + (xs.length === 1 ? 1 : 0))];
  const [y0, y1] = [Math.floor(lx(Math.min(...ys))), Math.ceil(lx(Math.max(...ys)))];
  const px = (v) => L + ((lx(v) - x0) / Math.max(1e-9, x1 - x0)) * PW;
  const py = (v) => T + PH - ((lx(v) - y0) / Math.max(1e-9, y1 - y0)) * PH;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${L}" y="22" font-size="14">The cost of each job against the fleet size (log-log; bench/scale/run.mjs)</text>`,
  ];
  for (let e = x0; e <= x1; e++) {
    const x = px(10 ** e);
    out.push(`<line x1="${x}" y1="${T}" x2="${x}" y2="${T + PH}" stroke="#ddd"/><text x="${x}" y="${T + PH + 16}" text-anchor="middle">${(10 ** e).toLocaleString('en')}</text>`);
  }
  for (let e = y0; e <= y1; e++) {
    const y = py(10 ** e);
    out.push(`<line x1="${L}" y1="${y}" x2="${L + PW}" y2="${y}" stroke="#ddd"/><text x="${L - 6}" y="${y + 4}" text-anchor="end">${10 ** e >= 1 ? (10 ** e).toLocaleString('en') : 10 ** e}</text>`);
  }
  out.push(`<text x="${L + PW / 2}" y="${T + PH + 34}" text-anchor="middle">devices</text>`);
  out.push(`<text x="16" y="${T + PH / 2}" transform="rotate(-90 16 ${T + PH / 2})" text-anchor="middle">cost (ms, s or MB: see the legend)</text>`);
  out.push(`<rect x="${L}" y="${T}" width="${PW}" height="${PH}" fill="none" stroke="#999"/>`);
  // guides from the bottom-left corner: cost proportional to the size, and to its logarithm
  const gx0 = 10 ** x0;
  const gy0 = 10 ** y0;
  const guide = (f, dash, text) => {
    const pts = [];
    for (let i = 0; i <= 40; i++) {
      const x = 10 ** (x0 + ((x1 - x0) * i) / 40);
      const y = gy0 * f(x);
      if (y <= 10 ** y1) pts.push(`${px(x).toFixed(1)},${py(y).toFixed(1)}`);
    }
    const last = pts[pts.length - 1].split(',');
    out.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="#aaa" stroke-dasharray="${dash}"/><text x="${Number(last[0]) - 4}" y="${Number(last[1]) - 4}" text-anchor="end" fill="#888">${text}</text>`);
  };
  guide((x) => x / gx0, '6 4', 'linear');
  guide((x) => Math.log(x) / Math.log(gx0), '2 3', 'log');
  let i = 0;
  for (const s of series.values()) {
    const c = PALETTE[i % PALETTE.length];
    const pts = s.points.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`);
    // past the palette's first ten colours the lines are dashed, so no two series look alike
    const dash = i >= 10 ? ' stroke-dasharray="5 3"' : '';
    out.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${c}" stroke-width="1.6"${dash}/>`);
    for (const p of pts) out.push(`<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="3" fill="${c}"/>`);
    const ly = T + 4 + i * 17;
    out.push(`<line x1="${L + PW + 20}" y1="${ly}" x2="${L + PW + 40}" y2="${ly}" stroke="${c}" stroke-width="2"${dash}/><text x="${L + PW + 46}" y="${ly + 4}">${esc(s.label)}</text>`);
    i++;
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

const num = (v, unit) => (unit === 'MB' || unit === 's' ? v.toFixed(1) : v < 10 ? v.toFixed(2) : v.toFixed(0));

/** The markdown of the figures per size and their growth. */
export function markdown(sizes, rows, { svg }) {
  const head = sizes.map((r) => r.devices.toLocaleString('en')).join(' | ');
  const lines = [
    `![The scaling curve](${svg})`,
    '',
    `Load averages (1, 5, 15 min) per size, at the start and the end: ${sizes.map((r) => `${r.devices.toLocaleString('en')}: ${r.load.start.join(' ')} -> ${r.load.end.join(' ')}`).join('; ')}.`,
    '',
    `| figure | unit | ${head} | cost ratio | log ratio | exponent | faster than log |`,
    `|---|---|${sizes.map(() => '---|').join('')}---|---|---|---|`,
  ];
  const byKey = new Map(rows.map((g) => [g.key, g]));
  const listed = (k) => !k.startsWith('stats.') && !k.startsWith('devicePage.') && !k.endsWith('.cpu');
  for (const f of figures(sizes[sizes.length - 1]).filter((x) => listed(x.key))) {
    const vals = sizes.map((r) => figures(r).find((x) => x.key === f.key)).map((x) => (x ? num(x.value, x.unit) : '-'));
    const g = byKey.get(f.key);
    lines.push(
      `| ${f.label} | ${f.unit} | ${vals.join(' | ')} | ${g ? g.ratio.toFixed(2) : '-'} | ${g ? g.logRatio.toFixed(2) : '-'} | ${g ? g.exponent.toFixed(2) : '-'} | ${g ? (g.fasterThanLog ? (g.linear ? 'yes (the work is the fleet)' : '**yes**') : 'no') : '-'} |`,
    );
  }
  if (rows.length) {
    const faster = (prefix) => rows.filter((g) => g.key.startsWith(prefix) && g.fasterThanLog).map((g) => `${g.label.split(': ')[1] ?? g.label} (x${g.ratio.toFixed(1)})`);
    const fs = faster('stats.');
    const fd = faster('devicePage.');
    const fc = rows.filter((g) => g.key.startsWith('search.') && g.key.endsWith('.cpu') && g.fasterThanLog).map((g) => `${g.key.split('.')[1]} (x${g.ratio.toFixed(1)})`);
    lines.push(
      '',
      `Cost ratio: the cost at ${sizes[sizes.length - 1].devices.toLocaleString('en')} over the cost at ${sizes[0].devices.toLocaleString('en')}; log ratio: the same of ln(size); exponent: ln(cost ratio) / ln(size ratio) (0 constant, 1 linear); "faster than log": the cost ratio above ${MARGIN} times the log ratio (the margin is the shared machine's noise).`,
      `The device page's calls growing faster than log: ${fd.length ? fd.join(', ') : 'none'}. Statistics types: ${fs.length ? fs.join(', ') : 'none'}. CPU per search at 50 clients: ${fc.length ? fc.join(', ') : 'none'}.`,
    );
  }
  return lines.join('\n');
}
