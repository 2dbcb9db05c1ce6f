import { useTranslation } from 'react-i18next';
import { SectionNav } from '../../../components/SectionNav';

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
  return <SectionNav label={t('firmware.nav.label')} links={FIRMWARE_SCREENS.map(([key, to]) => ({ to, text: t(`firmware.nav.${key}`) }))} />;
}
