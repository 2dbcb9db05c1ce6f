import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@tracker/contract';
import { setLanguage } from '../lib/i18n';

/** en / de / es; the choice is stored (§9). Language names are written in their own language. */
const NATIVE_NAMES = { en: 'English', de: 'Deutsch', es: 'Español' } as const;

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <select
        id={id}
        className="input input--compact"
        value={isLanguage(i18n.language) ? i18n.language : 'en'}
        onChange={(e) => isLanguage(e.target.value) && setLanguage(e.target.value)}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {NATIVE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
