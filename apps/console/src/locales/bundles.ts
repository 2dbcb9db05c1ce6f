// One translation bundle per language: the shell's translation.json plus one file per feature
// (device.json for the device workspace, imports.json for the import screens), so features do not edit one file.
import enBase from './en/translation.json';
import deBase from './de/translation.json';
import esBase from './es/translation.json';
import enDevice from './en/device.json';
import deDevice from './de/device.json';
import esDevice from './es/device.json';
import enImports from './en/imports.json';
import deImports from './de/imports.json';
import esImports from './es/imports.json';

export type Tree = { [k: string]: string | Tree };

function merge(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [k, v] of Object.entries(tree)) {
      const prev = out[k];
      if (typeof v === 'object' && typeof prev === 'object') out[k] = merge(prev, v);
      else if (prev !== undefined) throw new Error(`translation key ${k} is defined twice`);
      else out[k] = v;
    }
  }
  return out;
}

export const BUNDLES = {
  en: merge(enBase, enDevice, enImports),
  de: merge(deBase, deDevice, deImports),
  es: merge(esBase, esDevice, esImports),
} as const;
