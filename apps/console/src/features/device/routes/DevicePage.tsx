import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';

/**
 * /device/:id — for now the header with the device id and the way back to the search it came from. The device
 * workspace (header with child name, IMSI, IMEI and the §2 tabs) replaces this.
 */
export function DevicePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '';
  const title = t('device.title', { id });
  return (
    <div className="page">
      <p className="back-link">
        <Link to={`/dashboard/search${from}`}>{t('common.backToSearch')}</Link>
      </p>
      <PageTitle text={title}>{title}</PageTitle>
      <dl className="facts">
        <dt>{t('device.id')}</dt>
        <dd className="mono" data-testid="device-id">
          {id}
        </dd>
      </dl>
    </div>
  );
}
