import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../components/PageTitle';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageTitle text={t('notFound.title')}>{t('notFound.title')}</PageTitle>
      <p>
        <Link to="/dashboard/search">{t('common.backToSearch')}</Link>
      </p>
    </div>
  );
}
