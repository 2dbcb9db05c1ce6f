import { useSyncExternalStore } from 'react';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language } from '@tracker/contract';
import { EN_BUNDLE, loadBundle } from '../locales/load';

export const LANGUAGE_KEY = 'tracker.language';

/** English is bundled (the fallback); German and Spanish are fetched by this backend when first chosen. */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _ns, done) {
    if (lng !== 'de' && lng !== 'es') return done(null, {});
    loadBundle(lng).then(
      (bundle) => done(null, bundle),
      // a chunk that failed to load (a network blip) is asked for again, with i18next's growing wait between tries
      (e: unknown) => done(e instanceof Error ? e.message : String(e), true),
    );
  },
};

function storedLanguage(): Language | null {
  try {
    const s = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(s) ? s : null;
  } catch {
    return null;
  }
}

/** §9: the stored choice, then the browser's language, then en. */
export function initialLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const tag of browser) {
    const two = (tag ?? '').slice(0, 2).toLowerCase();
    if (isLanguage(two)) return two;
  }
  return 'en';
}

export const i18n = i18next.createInstance();

/** Resolves once the first language's texts are there (main.tsx renders after it, so no page shows another language first). */
export const i18nReady = i18n.use(lazyLanguages).use(initReactI18next).init({
  resources: { en: { translation: EN_BUNDLE } },
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * The features' English texts (every page's fallback), fetched right after the shell's, tried again on a network
 * blip; `useFeatureTexts` tells the signed-in pages when they are there. The sign-in page needs only the shell's.
 */
let featureTexts = false;
const waiting = new Set<() => void>();
export const featureTextsReady: Promise<void> = (async () => {
  await i18nReady;
  for (let attempt = 1; ; attempt++) {
    try {
      i18n.addResourceBundle('en', 'translation', await loadBundle('en'), true, true);
      break;
    } catch (e) {
      if (attempt >= 5) {
        console.error('the console texts could not be loaded', e);
        break;
      }
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
  featureTexts = true;
  for (const w of waiting) w();
})();

export function useFeatureTexts(): boolean {
  return useSyncExternalStore(
    (cb) => {
      waiting.add(cb);
      return () => waiting.delete(cb);
    },
    () => featureTexts,
  );
}

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export function currentLanguage(): Language {
  const l = i18n.language;
  return isLanguage(l) ? l : 'en';
}

/** Switches the UI language and remembers the choice. */
export function setLanguage(lng: Language): Promise<unknown> {
  localStorage.setItem(LANGUAGE_KEY, lng);
  return i18n.changeLanguage(lng);
}
