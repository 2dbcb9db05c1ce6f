// ESLint rule `local/no-import-cycle`: a module must not reach itself through its relative imports (type-only imports
// count: a cycle of types still ties two files into one unit a newcomer must read together). What eslint-plugin-import's
// `import/no-cycle` does, for relative imports only and without a dependency: the other files' imports are read with a
// regular expression (static `import ... from`, `export ... from`, `import '...'`; dynamic `import()` is not an edge)
// and cached for the run. Reports the import that starts the cycle, with the cycle's files.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const STATIC = /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const deps = new Map();

/** './x.js' from a .ts file: x.ts, x.tsx, x/index.ts (the NodeNext spelling of a TypeScript source's import). */
function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts'), path.join(stem, 'index.ts')]) {
    if (existsSync(c) && statSync(c).isFile() && /\.(m?ts|tsx)$/.test(c)) return c;
  }
  return null;
}

function importsOf(file) {
  let out = deps.get(file);
  if (out) return out;
  out = [];
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    /* gone: no edges */
  }
  for (const m of text.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(STATIC)) {
    const to = resolve(file, m[1]);
    if (to) out.push(to);
  }
  deps.set(file, out);
  return out;
}

/** A path of files from `start` back to `target`, or null. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    if (file === target) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) if (!seen.has(next)) stack.push([next, [...trail, next]]);
  }
  return null;
}

export const noImportCycle = {
  meta: { type: 'problem', docs: { description: 'forbid import cycles between the files of a project' }, schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = resolve(file, spec);
      if (!to) return;
      const cycle = pathBack(to, file);
      if (!cycle) return;
      const rel = (f) => path.relative(path.dirname(file), f) || path.basename(f);
      context.report({ node, message: `Import cycle: ${[path.basename(file), ...cycle.map(rel)].join(' -> ')}. Move what both need into a third file.` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
