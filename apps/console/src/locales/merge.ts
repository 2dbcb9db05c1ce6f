export type Tree = { [k: string]: string | Tree };

/**
 * One language's bundle from its files (the shell's translation.json, then one per feature); a key twice throws. The
 * bundle is a copy: i18next merges later texts into what it was given, which must never reach the files' modules.
 */
export function merge(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [k, v] of Object.entries(tree)) {
      const prev = Object.hasOwn(out, k) ? out[k] : undefined;
      if (typeof v === 'object' && typeof prev === 'object') out[k] = merge(prev, v);
      else if (prev !== undefined) throw new Error(`translation key ${k} is defined twice`);
      else out[k] = typeof v === 'object' ? merge(v) : v;
    }
  }
  return out;
}
