import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@tracker/contract';
import { setLanguage } from '../lib/i18n';
import { SelectField } from './Field';

/** en / de / es; the choice is stored (§9). Language names are written in their own language. */
const NATIVE_NAMES = { en: 'English', de: 'Deutsch', es: 'Español' } as const;

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SelectField
      className="language-switch"
      label={t('common.language')}
      hideLabel
      compact
      value={isLanguage(i18n.language) ? i18n.language : 'en'}
      onChange={(e) => void (isLanguage(e.target.value) && setLanguage(e.target.value))}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {NATIVE_NAMES[l]}
        </option>
      ))}
    </SelectField>
  );
}
