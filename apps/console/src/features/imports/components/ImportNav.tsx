import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { IMPORT_KIND_SLUG, type ImportKind } from '@tracker/contract';

export const NAV_KINDS: readonly ImportKind[] = ['DEVICE', 'DEVICE_AND_SIM', 'FACTORY_DEVICE', 'MASS', 'SIM'];

/** Tabs between the import screens of §2, the import list and the help file. */
export function ImportNav() {
  const { t } = useTranslation();
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'import-nav__link import-nav__link--active' : 'import-nav__link');
  return (
    <nav className="import-nav" aria-label={t('imports.nav.label')}>
      {NAV_KINDS.map((k) => (
        <NavLink key={k} to={`/admin/import/${IMPORT_KIND_SLUG[k]}`} className={cls}>
          {t(`imports.kind.${k}`)}
        </NavLink>
      ))}
      <NavLink to="/admin/upload" className={cls}>
        {t('imports.nav.list')}
      </NavLink>
      <NavLink to="/admin/help/upload" className={cls}>
        {t('imports.nav.help')}
      </NavLink>
    </nav>
  );
}
