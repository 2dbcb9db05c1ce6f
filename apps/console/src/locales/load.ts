// The translations the console loads: English (the fallback) in the first load, German and Spanish as chunks of
// their own, fetched when the language is chosen (docs/console.md "i18n"), so no one downloads three languages.
// Every `<lng>/*.json` is part of its language (the globs below), so a feature's new file needs no edit here.
import { merge, type Tree } from './merge';
import { filesOf } from './files';

const EN = import.meta.glob<Tree>('./en/*.json', { eager: true, import: 'default' });
const LAZY = import.meta.glob<Tree>(['./de/*.json', './es/*.json'], { import: 'default' });

export const EN_BUNDLE: Tree = merge(...filesOf(EN, 'en'));

/** The bundle of a language other than English, loaded on demand. */
export async function loadBundle(lng: 'de' | 'es'): Promise<Tree> {
  return merge(...(await Promise.all(filesOf(LAZY, lng).map((load) => load()))));
}
