import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '@tracker/contract';
import { PageTitle } from '../../../components/PageTitle';

/** §2 header: child name, IMSI and IMEI with the fallbacks 'not assigned' / 'empty'. */
export function DeviceHeader({ id, device }: { id: number; device: DeviceDetail | undefined }) {
  const { t } = useTranslation();
  const child = [device?.first_name, device?.last_name].filter((s) => s && s.trim()).join(' ');
  const name = device ? child || t('device.header.notAssigned') : t('device.header.loading');
  const title = t('device.header.title', { name });
  return (
    <header className="dw-header">
      <PageTitle text={title}>
        <span data-testid="device-child">{name}</span>
      </PageTitle>
      <dl className="dw-header__facts">
        <div>
          <dt>{t('device.header.imsi')}</dt>
          <dd className="mono" data-testid="device-imsi">
            {device ? device.imsi || t('device.header.empty') : '…'}
          </dd>
        </div>
        <div>
          <dt>{t('device.header.imei')}</dt>
          <dd className="mono" data-testid="device-imei">
            {device ? device.imei || t('device.header.empty') : '…'}
          </dd>
        </div>
        <div>
          <dt>{t('device.id')}</dt>
          <dd className="mono" data-testid="device-id">
            {id}
          </dd>
        </div>
        {device ? (
          <div>
            <dt>{t('device.header.type')}</dt>
            <dd>{device.device_type_name}</dd>
          </div>
        ) : null}
      </dl>
    </header>
  );
}
