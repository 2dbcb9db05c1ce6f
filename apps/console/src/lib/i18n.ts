import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language } from '@tracker/contract';
import { BUNDLES } from '../locales/bundles';

export const LANGUAGE_KEY = 'tracker.language';

export const resources = {
  en: { translation: BUNDLES.en },
  de: { translation: BUNDLES.de },
  es: { translation: BUNDLES.es },
} as const;

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

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

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
export function setLanguage(lng: Language): void {
  localStorage.setItem(LANGUAGE_KEY, lng);
  void i18n.changeLanguage(lng);
}
