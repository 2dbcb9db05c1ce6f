// The translations the console loads: English (the fallback) in the first load, German and Spanish as chunks of
// their own, fetched when the language is chosen (docs/console.md "i18n"), so no one downloads three languages.
import enBase from './en/translation.json';
import enDevice from './en/device.json';
import enImports from './en/imports.json';
import { merge, type Tree } from './merge';

export const EN_BUNDLE: Tree = merge(enBase, enDevice, enImports);

const LAZY: Record<'de' | 'es', () => Promise<Tree[]>> = {
  de: () => Promise.all([import('./de/translation.json'), import('./de/device.json'), import('./de/imports.json')]).then((m) => m.map((x) => x.default)),
  es: () => Promise.all([import('./es/translation.json'), import('./es/device.json'), import('./es/imports.json')]).then((m) => m.map((x) => x.default)),
};

/** The bundle of a language other than English, loaded on demand. */
export async function loadBundle(lng: 'de' | 'es'): Promise<Tree> {
  return merge(...(await LAZY[lng]()));
}
