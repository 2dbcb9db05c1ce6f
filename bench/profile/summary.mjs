// A V8 .cpuprofile (`node --cpu-prof`, the benchmarks' --profile) summed up: the busy samples (idle left out) by
// package or area of the project, and the top functions; optionally only the samples between two times (seconds from
// the profile's start), to read one phase of a benchmark (docs/scaling.md "Issue 25's aims").
//
//   node bench/profile/summary.mjs FILE.cpuprofile [from-s] [to-s]
//
// The samples are of wall time while the thread is not idle: on a loaded machine a process descheduled inside a
// system call (writev) is counted there.
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; let total = 0;
const from = Number(process.argv[3] ?? 0) * 1e6, to = Number(process.argv[4] ?? 1e9) * 1e6; let clock = 0;
for (let i = 0; i < p.samples.length; i++) { const t = dt[i] ?? 0; clock += t; if (clock < from || clock >= to) continue; total += t; self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + t); }
const area = (url) => {
  if (!url) return '(native/vm)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return url.split('/')[0];
  const w = /\/((?:libs\/[^/]+\/dist\/[^/]+)|(?:apps\/[^/]+))\//.exec(url);
  return w ? w[1] : url.slice(-50);
};
const byArea = new Map(), byFn = new Map();
for (const [id, t] of self) {
  const n = byId.get(id); const cf = n.callFrame;
  const a = cf.functionName === '(garbage collector)' ? '(gc)' : cf.functionName === '(idle)' ? '(idle)' : cf.functionName === '(program)' ? '(program)' : area(cf.url);
  byArea.set(a, (byArea.get(a) ?? 0) + t);
  const k = `${cf.functionName || '(anon)'} ${area(cf.url)}:${cf.lineNumber}`;
  byFn.set(k, (byFn.get(k) ?? 0) + t);
}
const busy = total - (byArea.get('(idle)') ?? 0);
console.log(`total ${(total / 1000).toFixed(0)} ms, busy ${(busy / 1000).toFixed(0)} ms`);
for (const [a, t] of [...byArea].sort((x, y) => y[1] - x[1]).slice(0, 25)) if (a !== '(idle)') console.log(`${((100 * t) / busy).toFixed(1).padStart(5)}%  ${a}`);
console.log('--- top functions');
for (const [a, t] of [...byFn].sort((x, y) => y[1] - x[1]).slice(0, 25)) if (!a.startsWith('(idle)')) console.log(`${((100 * t) / busy).toFixed(1).padStart(5)}%  ${a}`);
