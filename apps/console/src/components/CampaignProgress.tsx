import { useTranslation } from 'react-i18next';
import type { SmsCampaign } from '@tracker/contract';
import { ProgressBar } from './ProgressBar';
import { QueryState } from './QueryState';
import { useCampaign } from '../lib/campaign';
import { formatDateTime } from '../lib/dates';
import { useTimeZone } from '../lib/time-zone';
import './campaign.css';

/** The share of a campaign's messages that reached their end (received, error or expired: never sent). */
export const campaignPercent = (c: Pick<SmsCampaign, 'total' | 'received' | 'errors' | 'expired'>) =>
  c.total === 0 ? 100 : ((c.received + c.errors + c.expired) * 100) / c.total;

/**
 * A campaign's live progress (/admin/sendSMS, the default settings' push to all): the SMS figures of its messages
 * (created, waiting, sent, received, errors, expired: SMS_FIGURES), and the devices the ledger refused before sending (not in the total), asked for every 2 s until it is done.
 */
export function CampaignProgress({ bulkId }: { bulkId: string }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const q = useCampaign(bulkId);
  const c = q.data;
  return (
    <section className="card sms-campaign" aria-label={t('sms.progress.title')} data-testid="campaign-progress">
      <h2>{t('sms.progress.title')}</h2>
      <QueryState query={q}>
        {c ? (
          <>
            <p>
              <span className="mono">{c.command_key ?? t('common.none')}</span> · {formatDateTime(c.created_at, tz)} ·{' '}
              <span data-testid="campaign-state">{c.done ? t('sms.progress.done') : t('sms.progress.running')}</span>
            </p>
            <ProgressBar value={campaignPercent(c)} label={t('sms.progress.bar')} />
            <dl className="sms-counts">
              {(['total', 'created', 'waiting', 'sent', 'received', 'errors', 'expired', 'refused'] as const).map((k) => (
                <div key={k} data-testid={`campaign-${k}`}>
                  {/* the SMS figures in the words and definitions of SMS_FIGURES, as the traffic page and the daily report */}
                  <dt>{k === 'total' || k === 'refused' ? t(`sms.counts.${k}`) : t(`sms.figures.${k}`)}</dt>
                  <dd className="num">{c[k]}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
      </QueryState>
    </section>
  );
}
