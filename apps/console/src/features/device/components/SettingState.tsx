import { useTranslation } from 'react-i18next';
import { SMS_STATUS, type SettingItem } from '@tracker/contract';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { useSms } from '../api/sms';
import { smsErrorText } from '../sms-thread';

type Push = NonNullable<SettingItem['last_push']>;

/**
 * A setting's state on the settings tab: confirmed by the watch, pending (saved, or pushed and on its way), or failed
 * with the reason: the push's SMS failed (its coded error), or the watch answered without confirming (its reply).
 * The tab's list refreshes while a push is pending (api/settings.ts `useSettings`).
 */
export function SettingState({ id, s }: { id: number; s: SettingItem }) {
  const { t } = useTranslation();
  if (s.synced) {
    return (
      <span className="status status--active" data-testid="setting-confirmed">
        {t('device.settings.synced')}
      </span>
    );
  }
  if (!s.last_push) {
    return (
      <span className="status status--inactive" data-testid="setting-pending">
        {t('device.settings.pending')}
      </span>
    );
  }
  return <PushState id={id} push={s.last_push} />;
}

function PushState({ id, push }: { id: number; push: Push }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  // delivered or failed: the day's messages tell whether the watch answered, or why the SMS failed
  const list = useSms({ id, date: formatDate(push.created, tz), tz }, push.status >= SMS_STATUS.received);
  const sms = list.data?.find((m) => m.id === push.sms_id);
  const reply = list.data?.find((m) => m.direction === 'INBOUND' && m.reply_to === push.sms_id);
  if (push.status === SMS_STATUS.error || reply) {
    const reason = (sms && smsErrorText(t, sms)) ?? reply?.message ?? null;
    return (
      <>
        <span className="status status--terminated" data-testid="setting-failed" title={formatDateTime(push.created, tz)}>
          {t('device.settings.failed')}
        </span>
        {reason ? (
          <span className="dw-sms-error" data-testid="setting-failed-reason">
            {reason}
          </span>
        ) : null}
      </>
    );
  }
  return (
    <span className="status status--inactive" data-testid="setting-pending" title={formatDateTime(push.created, tz)}>
      {t('device.settings.pendingPush', { status: t(`device.messageStatus.${push.status}`) })}
    </span>
  );
}
