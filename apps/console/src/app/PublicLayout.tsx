import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';

/** Sign-in, reset and e-mail pages: a centred card and the language switch. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="public">
      <header className="public__header">
        <span className="topbar__brand">{t('app.name')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" className="public__main">
        <Outlet />
      </main>
    </div>
  );
}
