import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import local from './no-import-cycle.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'cycle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name, text) => {
  const f = path.join(dir, name);
  mkdirSync(path.dirname(f), { recursive: true });
  writeFileSync(f, text);
  return f;
};
const lint = (f, text) =>
  new Linter({ configType: 'flat', cwd: dir }).verify(text, [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { local }, rules: { 'local/no-import-cycle': 'error' } }], f);

describe('local/no-import-cycle', () => {
  it('reports a cycle through a type-only import (errors.ts <-> reasons.ts as it was)', () => {
    const errors = "import type { FieldError } from './reasons.js';\nexport const E = 1;\nexport type B = FieldError;\n";
    const reasons = "import { E } from './errors.js';\nexport type FieldError = { e: typeof E };\n";
    file('a/errors.ts', errors);
    const r = file('a/reasons.ts', reasons);
    const problems = lint(r, reasons);
    expect(problems.map((p) => p.message)).toEqual(['Import cycle: reasons.ts -> errors.ts -> reasons.ts. Move what both need into a third file.']);
  });

  it('follows longer paths and folder indexes, and passes a graph without cycles', () => {
    file('b/x.ts', "export * from './y/index.js';\n");
    file('b/y/index.ts', "export { z } from '../z.js';\n");
    const zText = "import { x } from './x.js';\nexport const z = x;\n";
    const z = file('b/z.ts', zText);
    expect(lint(z, zText)).toHaveLength(1);
    const okText = "import { q } from './q.js';\nexport const p = q;\n";
    file('c/q.ts', 'export const q = 1;\n');
    expect(lint(file('c/p.ts', okText), okText)).toEqual([]);
  });
});
