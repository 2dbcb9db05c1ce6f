import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

export const FIRMWARE_SCREENS = [
  ['upgrade', '/admin/fup/upgrade'],
  ['add', '/admin/fup/add'],
  ['upload', '/admin/fup/upload'],
  ['binaries', '/admin/fup/binaries'],
  ['activity', '/admin/fup/ota_activity'],
] as const;

/** Tabs between the firmware screens of §2 (requests, the add wizard, upload, binaries, activity). */
export function FirmwareNav() {
  const { t } = useTranslation();
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'import-nav__link import-nav__link--active' : 'import-nav__link');
  return (
    <nav className="import-nav" aria-label={t('firmware.nav.label')}>
      {FIRMWARE_SCREENS.map(([key, path]) => (
        <NavLink key={key} to={path} className={cls}>
          {t(`firmware.nav.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
