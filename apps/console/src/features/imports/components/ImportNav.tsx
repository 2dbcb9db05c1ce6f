import { useTranslation } from 'react-i18next';
import { IMPORT_KIND_SLUG, type ImportKind } from '@tracker/contract';
import { SectionNav } from '../../../components/SectionNav';

export const NAV_KINDS: readonly ImportKind[] = ['DEVICE', 'DEVICE_AND_SIM', 'FACTORY_DEVICE', 'MASS', 'SIM'];

/** Tabs between the import screens of §2, the import list and the help file. */
export function ImportNav() {
  const { t } = useTranslation();
  const links = [
    ...NAV_KINDS.map((k) => ({ to: `/admin/import/${IMPORT_KIND_SLUG[k]}`, text: t(`imports.kind.${k}`) })),
    { to: '/admin/upload', text: t('imports.nav.list') },
    { to: '/admin/help/upload', text: t('imports.nav.help') },
  ];
  return <SectionNav label={t('imports.nav.label')} links={links} />;
}
