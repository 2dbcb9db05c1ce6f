// Every language's whole bundle at once, for the specs that compare languages (translations.spec, reasons.spec).
// The console itself loads English up front and the others on demand (load.ts). Both read the same files: every
// `<lng>/*.json` (translation.json, the shell's, then one per feature), found by the glob, so a feature's new file
// needs no edit here.
import { merge, type Tree } from './merge';
import { filesOf } from './files';

export type { Tree } from './merge';

const ALL = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

export const BUNDLES = {
  en: merge(...filesOf(ALL, 'en')),
  de: merge(...filesOf(ALL, 'de')),
  es: merge(...filesOf(ALL, 'es')),
} as const;
