import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';

/** /owner/:id — for now the header with the owner id and the way back to the search. The owner pages replace this. */
export function OwnerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '';
  const title = t('owner.title', { id });
  return (
    <div className="page">
      <p className="back-link">
        <Link to={`/dashboard/search${from}`}>{t('common.backToSearch')}</Link>
      </p>
      <PageTitle text={title}>{title}</PageTitle>
      <dl className="facts">
        <dt>{t('owner.id')}</dt>
        <dd className="mono" data-testid="owner-id">
          {id}
        </dd>
      </dl>
    </div>
  );
}
