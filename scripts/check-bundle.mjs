// Bundle budget of the console (docs/console.md, "Bundle budget"): the JavaScript a browser must fetch before the
// sign-in page renders is the entry script of the built index.html plus every module it imports statically, and
// their static imports in turn (modulepreload links are the same files). Dynamic import() targets (lazy routes,
// Leaflet, ECharts) are not counted. Fails past the budget, and when dist holds source maps (dist is served
// publicly). Run after `npx vite build --config apps/console/vite.config.ts`.
//
//   node scripts/check-bundle.mjs [--budget-kb 200] [--dist apps/console/dist]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { 'budget-kb': { type: 'string', default: '200' }, dist: { type: 'string', default: 'apps/console/dist' } },
});
const budget = Number(values['budget-kb']) * 1024;
const dist = resolve(root, values.dist);
const indexFile = join(dist, 'index.html');
if (!existsSync(indexFile)) {
  console.error(`check-bundle: ${relative(root, indexFile)} is missing; build the console first`);
  process.exit(1);
}

const html = readFileSync(indexFile, 'utf8');
const fileOf = (url) => join(dist, url.replace(/^\//, '').split(/[?#]/)[0]);
/** Local URLs of one kind of tag attribute in index.html. */
const attrs = (re) => [...html.matchAll(re)].map((m) => m[1]).filter((u) => !/^[a-z]+:/i.test(u));
const entries = [
  ...attrs(/<script[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
  ...attrs(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
];
const styles = attrs(/<link[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g);
if (entries.length === 0) {
  console.error('check-bundle: index.html has no module script');
  process.exit(1);
}

// `import{a as b}from"./x.js"`, `import*as c from"./x.js"`, `import"./x.js"`, `export{..}from"./x.js"`; not import("./x.js")
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
const seen = new Map();
function visit(file) {
  if (seen.has(file)) return;
  const code = readFileSync(file);
  seen.set(file, gzipSync(code, { level: 9 }).length);
  for (const m of code.toString('utf8').matchAll(STATIC_IMPORT)) {
    visit(m[1].startsWith('/') ? fileOf(m[1]) : resolve(dirname(file), m[1]));
  }
}
for (const url of entries) visit(fileOf(url));

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let total = 0;
console.log('JavaScript before /login renders (gzip -9):');
for (const [file, size] of [...seen].sort((a, b) => b[1] - a[1])) {
  total += size;
  console.log(`  ${kb(size).padStart(9)}  ${relative(dist, file)}`);
}
const css = styles.reduce((n, u) => n + gzipSync(readFileSync(fileOf(u)), { level: 9 }).length, 0);
console.log(`  ${kb(total).padStart(9)}  total JavaScript (budget ${kb(budget)}); CSS ${kb(css)} besides`);

const maps = [];
(function walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) walk(join(dir, e.name));
    else if (e.name.endsWith('.map')) maps.push(relative(dist, join(dir, e.name)));
  }
})(dist);

let failed = false;
if (total > budget) {
  console.error(`check-bundle: ${kb(total)} of JavaScript before the sign-in page renders is over the ${kb(budget)} budget`);
  failed = true;
}
if (maps.length > 0) {
  console.error(`check-bundle: source maps in dist (served publicly): ${maps.join(', ')}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
