import { useTranslation } from 'react-i18next';
import type { SettingItem } from '@tracker/contract';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { smsErrorText } from '../../../lib/reasons';

/**
 * A setting's state on the settings tab: confirmed by the watch, pending (saved, or pushed and on its way with its SMS
 * status), or failed with the reason of its push (the SMS's coded error: undelivered, or the watch's refusal
 * `smsDeviceRefused`). The tab's list refreshes while a push is pending (api/settings.ts `useSettings`).
 */
export function SettingState({ s }: { s: Pick<SettingItem, 'state' | 'last_push'> }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const push = s.last_push;
  if (s.state === 'confirmed') {
    return (
      <span className="status status--active" data-testid="setting-confirmed">
        {t('device.settings.synced')}
      </span>
    );
  }
  if (push && s.state === 'failed') {
    const reason = smsErrorText(t, push);
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
    <span className="status status--inactive" data-testid="setting-pending" title={push ? formatDateTime(push.created, tz) : undefined}>
      {push ? t('device.settings.pendingPush', { status: t(`device.messageStatus.${push.status}`) }) : t('device.settings.pending')}
    </span>
  );
}
