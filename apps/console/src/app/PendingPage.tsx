import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';

/**
 * A menu target whose screen comes with a later issue: the route exists (guarded by its area, so the menu and the
 * guard can be used and tested) and shows the page title only. docs/console.md lists these as pending.
 */
export function PendingPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <div className="page" data-pending="true">
      <PageTitle text={title}>{title}</PageTitle>
    </div>
  );
}
