import { useTranslation } from 'react-i18next';
import type { CampaignDeviceItem, CampaignDeviceState } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { OutcomeList, OutcomeStatus, useOutcomeState } from '../../../components/OutcomeList';
import { useCampaign } from '../../../lib/campaign';
import { formatDateTime } from '../../../lib/dates';
import { smsErrorText } from '../../../lib/reasons';
import { useTimeZone } from '../../../lib/time-zone';
import { downloadCampaignDevices, useCampaignDevices } from '../api/campaign-devices';

/** The state filter's buttons: failed first (what an operator looks for), then all and the finer states. */
export const CAMPAIGN_FILTER: readonly CampaignDeviceState[] = ['failed', 'all', 'pending', 'done', 'expired', 'refused'];

/**
 * A campaign's devices under its progress (/admin/sendSMS): each device's latest message (status, the reason in the UI
 * language, the watch's reply, the attempts) and the devices the ledger refused, by state (failed first), 25 a page,
 * and the state's CSV. Asked for again while the campaign runs.
 */
export function CampaignDevices({ bulkId }: { bulkId: string }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const list = useOutcomeState(CAMPAIGN_FILTER);
  const campaign = useCampaign(bulkId);
  const q = useCampaignDevices(bulkId, list.state, list.page, campaign.data ? !campaign.data.done : false);

  const columns: Column<CampaignDeviceItem>[] = [
    { key: 'device', header: t('outcomes.col.device'), align: 'end', cell: (d) => d.device_id ?? t('common.none') },
    { key: 'imei', header: t('outcomes.col.imei'), className: 'mono', cell: (d) => d.imei ?? d.named_as ?? t('common.none') },
    { key: 'number', header: t('outcomes.col.number'), className: 'mono', cell: (d) => d.gsm_number ?? t('common.none') },
    {
      key: 'status',
      header: t('outcomes.col.status'),
      cell: (d) => <OutcomeStatus className={`status sms-status--${d.status ?? 'refused'}`} label={t(`outcomes.sms.${d.outcome}`)} reason={smsErrorText(t, d)} />,
    },
    { key: 'reply', header: t('outcomes.col.reply'), className: 'mono', truncate: true, cell: (d) => d.reply ?? '' },
    { key: 'attempts', header: t('outcomes.col.attempts'), align: 'end', cell: (d) => d.attempts },
    { key: 'at', header: t('outcomes.col.at'), className: 'nowrap', cell: (d) => formatDateTime(d.reply_at ?? d.received_at ?? d.sent_at ?? d.created, tz) },
  ];

  return (
    <section className="card sms-campaign-devices" aria-label={t('outcomes.campaign.title')} data-testid="campaign-devices">
      <h2>{t('outcomes.campaign.title')}</h2>
      <OutcomeList
        list={list}
        query={q}
        download={(s) => downloadCampaignDevices(bulkId, s)}
        data-testid="campaign-devices-table"
        layout="fit"
        columns={columns}
        rowKey={(d, i) => `${d.device_id ?? d.named_as ?? ''}-${d.sms_id ?? 'r'}-${i}`}
        rowProps={(d) => ({ 'data-testid': `campaign-device-${d.device_id ?? d.named_as ?? ''}`, 'data-outcome': d.outcome })}
      />
    </section>
  );
}
