import { useEffect, useState, type ReactNode } from 'react';
import { Facts } from '../../../components/Facts';
import { useTranslation } from 'react-i18next';
import { Timeline } from '../components/Timeline';
import { Link, useNavigate } from 'react-router';
import { DEVICE_STATUS_KEYS, type DeviceDetail } from '@tracker/contract';
import { Modal } from '../../../components/Modal';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useTimeZone } from '../../../lib/time-zone';
import { successToast } from '../../../lib/toast';
import { useDeviceDetails, useFactoryDetails, useReinitializeMutation, useRemoveDeviceMutation } from '../api/device';
import { QueryState } from '../../../components/QueryState';
import { canEdit } from '../device-tabs';

function DeviceFacts({ d }: { d: DeviceDetail }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const none = t('common.none');
  const status = DEVICE_STATUS_KEYS[d.device_status];
  const owner = [d.owner_first_name, d.owner_last_name].filter(Boolean).join(' ');
  const rows: [string, ReactNode][] = [
    [t('device.info.status'), status ? t(`device.deviceStatus.${status}`) : String(d.device_status)],
    [t('device.info.initialized'), t(d.initialized ? 'device.common.yes' : 'device.common.no')],
    [t('device.info.enabled'), t(d.enabled ? 'device.common.yes' : 'device.common.no')],
    [t('device.info.type'), d.device_type_name],
    [t('device.info.imei'), <span className="mono">{d.imei}</span>],
    [t('device.info.imsi'), <span className="mono">{d.imsi ?? t('device.header.empty')}</span>],
    [t('device.info.gsm'), <span className="mono">{d.gsm_number ?? none}</span>],
    [t('device.info.iccid'), <span className="mono">{d.sim_iccid ?? none}</span>],
    [t('device.info.simStatus'), d.sim_status !== null ? t(`device.simStatus.${d.sim_status}`, { defaultValue: String(d.sim_status) }) : none],
    [t('device.info.operator'), d.operator_name ?? none],
    [
      t('device.info.owner'),
      d.owner_id !== null ? <Link to={`/owner/${d.owner_id}`}>{d.owner_email ?? owner}</Link> : t('device.header.notAssigned'),
    ],
    [t('device.info.whiteLabel'), d.white_label ?? none],
    [t('device.info.firmware'), d.firmware ?? none],
    [t('device.info.activationCode'), <span className="mono">{d.activation_code ?? none}</span>],
    [t('device.info.test'), t(d.is_test ? 'device.common.yes' : 'device.common.no')],
    [t('device.info.created'), formatDateTime(d.created, tz)],
    [t('device.info.lastSeen'), d.last_seen_at ? formatDateTime(d.last_seen_at, tz) : none],
    [t('device.info.battery'), d.battery !== null ? `${d.battery} %` : none],
    [t('device.info.birthDate'), d.birth_date ? formatDate(`${d.birth_date}T12:00:00Z`, 'UTC') : none],
  ];
  return <Facts rows={rows} testId="device-facts" />;
}

/** The device main page (area deviceMain): the details of the device. */
export function OverviewTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useDeviceDetails(id, 'deviceDetails');
  return (
    <div>
      <h2>{t('device.tabs.overview')}</h2>
      <QueryState query={q}>{q.data ? <DeviceFacts d={q.data} /> : null}</QueryState>
      {q.data ? <Timeline id={id} /> : null}
    </div>
  );
}

/** The timeline as a tab of its own, for the roles that may not open the overview (§6: 9, 10). */
export function TimelineTab({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2>{t('device.tabs.timeline')}</h2>
      <Timeline id={id} />
    </div>
  );
}

/** The factory record the device links (`factory_device_id`), read by the record's id (§7). */
export function FactoryDetails({ id, factoryId }: { id: number; factoryId: number | null }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const q = useFactoryDetails(id, factoryId);
  const f = q.data;
  return (
    <section className="dw-section" data-testid="factory-details">
      <h3>{t('device.info.factory.title')}</h3>
      {factoryId === null ? (
        <p className="muted">{t('device.info.factory.none')}</p>
      ) : (
      <QueryState query={q} empty={!f} emptyTitle={t('device.info.factory.none')}>
        {f ? (
          <Facts
            mono
            rows={
              [
                [t('device.info.imei'), f.imei],
                [t('device.info.imsi'), f.imsi],
                [t('device.info.iccid'), f.iccid],
                [t('device.info.activationCode'), f.activation_code],
                [t('device.info.factory.serial'), f.serial_number],
                [t('device.info.firmware'), f.firmware],
                [t('device.info.factory.status'), t(`device.factoryStatus.${f.status}`, { defaultValue: String(f.status) })],
                [t('device.info.factory.deployment'), f.deployment_name ?? String(f.white_label_deployment_id)],
                [t('device.info.created'), formatDateTime(f.created, tz)],
              ] as [string, string | null][]
            }
          />
        ) : null}
      </QueryState>
      )}
    </section>
  );
}

/** information/imsi and information/imei: details, factory record, reinitialize and remove. */
export function InformationTab({ id, variant }: { id: number; variant: 'imsi' | 'imei' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useSession()!.role;
  const q = useDeviceDetails(id, variant === 'imsi' ? 'deviceInfoImsi' : 'deviceInfoImei');
  const reinit = useReinitializeMutation(id);
  const remove = useRemoveDeviceMutation(id);
  const [confirm, setConfirm] = useState<'reinit' | 'remove' | null>(null);
  const editable = canEdit(role, 'device');

  // §2: on load error the IMSI variant goes to the management (IMSI) search, the IMEI variant to the dashboard search
  useEffect(() => {
    if (q.isError) navigate(variant === 'imsi' ? '/dashboard/search?filter=imsi' : '/dashboard/search', { replace: true });
  }, [q.isError, navigate, variant]);

  const run = () => {
    const m = confirm === 'reinit' ? reinit : remove;
    m.mutate(undefined, {
      onSuccess: () => {
        successToast(t(confirm === 'reinit' ? 'device.info.reinitDone' : 'device.info.removeDone'));
        setConfirm(null);
      },
    });
  };

  return (
    <div>
      <h2>{t(`device.tabs.${variant === 'imsi' ? 'infoImsi' : 'infoImei'}`)}</h2>
      <QueryState query={q}>
        {q.data ? (
          <>
            <DeviceFacts d={q.data} />
            {editable ? (
              <div className="form-actions dw-actions">
                <button type="button" className="btn" onClick={() => setConfirm('reinit')}>
                  {t('device.info.reinit')}
                </button>
                <button type="button" className="btn" disabled={q.data.owner_id === null} onClick={() => setConfirm('remove')}>
                  {t('device.info.remove')}
                </button>
              </div>
            ) : (
              <p className="muted">{t('device.common.readOnly')}</p>
            )}
          </>
        ) : null}
      </QueryState>
      {q.data ? <FactoryDetails id={id} factoryId={q.data.factory_device_id} /> : null}
      <Modal
        open={confirm !== null}
        title={t(confirm === 'remove' ? 'device.info.remove' : 'device.info.reinit')}
        description={t(confirm === 'remove' ? 'device.info.removeConfirm' : 'device.info.reinitConfirm')}
        onClose={() => setConfirm(null)}
        footer={
          <>
            <button type="button" className="btn" onClick={() => setConfirm(null)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn--primary" disabled={reinit.isPending || remove.isPending} onClick={run}>
              {t('device.common.confirm')}
            </button>
          </>
        }
      >
        <p>{t('device.info.confirmDevice', { id })}</p>
      </Modal>
    </div>
  );
}
