// Every language's whole bundle at once, for the specs that compare languages (translations.spec, reasons.spec).
// The console itself loads English up front and the others on demand (load.ts).
import enBase from './en/translation.json';
import deBase from './de/translation.json';
import esBase from './es/translation.json';
import enDevice from './en/device.json';
import deDevice from './de/device.json';
import esDevice from './es/device.json';
import enImports from './en/imports.json';
import deImports from './de/imports.json';
import esImports from './es/imports.json';
import { merge } from './merge';

export type { Tree } from './merge';

export const BUNDLES = {
  en: merge(enBase, enDevice, enImports),
  de: merge(deBase, deDevice, deImports),
  es: merge(esBase, esDevice, esImports),
} as const;
