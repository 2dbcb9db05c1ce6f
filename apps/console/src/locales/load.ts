// The translations the console loads: the shell's English texts (translation.json: sign-in, menus, common words, the
// fallback of every language) in the first load; the features' English texts as one chunk fetched right after, which
// the signed-in pages wait for (app/guards.tsx); German and Spanish as chunks of their own, fetched when the language
// is chosen (docs/console.md "i18n"), so no one downloads three languages and the sign-in page downloads no feature's
// texts. Every `<lng>/*.json` is part of its language (the globs below), so a feature's new file needs no edit here.
import { merge, type Tree } from './merge';
import { filesOf } from './files';

const EN = import.meta.glob<Tree>('./en/translation.json', { eager: true, import: 'default' });
const LAZY = import.meta.glob<Tree>(['./en/*.json', '!./en/translation.json', './de/*.json', './es/*.json'], { import: 'default' });

export const EN_BUNDLE: Tree = merge(...filesOf(EN, 'en'));

/** The features' English texts, or the whole bundle of German or Spanish, loaded on demand. */
export async function loadBundle(lng: 'en' | 'de' | 'es'): Promise<Tree> {
  return merge(...(await Promise.all(filesOf(LAZY, lng).map((load) => load()))));
}
