/** The files of one language from a glob's map, translation.json (the shell's) first, then the features' in name order. */
export function filesOf<T>(files: Record<string, T>, lng: string): T[] {
  const prefix = `./${lng}/`;
  return Object.keys(files)
    .filter((p) => p.startsWith(prefix))
    .sort((a, b) => (a.endsWith('/translation.json') ? -1 : b.endsWith('/translation.json') ? 1 : a.localeCompare(b)))
    .map((p) => files[p] as T);
}
