import { useTranslation } from 'react-i18next';
import { notificationErrorKey } from '@tracker/contract';
import { formatDateTime } from '../../../lib/dates';
import { successToast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { useNotifications, useTestNotification } from '../api/activity';
import { canEdit } from '../device-tabs';
import { DayPicker } from '../components/DayPicker';
import { ExportButton } from '../components/ExportButton';
import { QueryState } from '../../../components/QueryState';
import { useDay } from '../use-day';

/** notifications: the day's push notifications with status and the per-platform error code (§4); a test push. */
export function NotificationsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const day = useDay();
  const q = useNotifications({ id, date: day.date, tz: day.tz });
  const test = useTestNotification(id);
  const mayTest = canEdit(useSession()!.role, 'device');
  return (
    <div>
      <div className="dw-toolbar">
        <h2>{t('device.tabs.notifications')}</h2>
        <DayPicker value={day.date} max={day.max} onChange={day.setDate} />
        <ExportButton kind="device_notification" deviceId={id} date={day.date} tz={day.tz} />
        {mayTest ? (
          <button
            type="button"
            className="btn"
            disabled={test.isPending}
            onClick={() => test.mutate(undefined, { onSuccess: () => successToast(t('device.notifications.testSent')) })}
          >
            {t('device.notifications.test')}
          </button>
        ) : null}
      </div>
      <QueryState query={q} empty={q.data?.length === 0} emptyTitle={t('device.notifications.empty')}>
        <div className="table-wrap">
          <table className="table dw-table" data-testid="notifications-table">
            <thead>
              <tr>
                <th scope="col">{t('device.notifications.created')}</th>
                <th scope="col">{t('device.notifications.platform')}</th>
                <th scope="col">{t('device.notifications.type')}</th>
                <th scope="col">{t('device.notifications.message')}</th>
                <th scope="col">{t('device.notifications.status')}</th>
                <th scope="col">{t('device.notifications.error')}</th>
              </tr>
            </thead>
            <tbody>
              {(q.data ?? []).map((n) => (
                <tr key={n.id}>
                  <td>{formatDateTime(n.created, day.tz)}</td>
                  <td>{n.platform === 'IOS' ? 'iPhone' : 'Android'}</td>
                  <td>{n.type ? t(`device.notifications.types.${n.type}`, { defaultValue: n.type }) : t('common.none')}</td>
                  <td title={n.title ?? undefined}>{n.message}</td>
                  <td>{t(`device.messageStatus.${n.status}`, { defaultValue: String(n.status) })}</td>
                  <td>
                    {n.error_code} · {t(`device.pushError.${n.platform === 'IOS' ? 'ios' : 'android'}.${notificationErrorKey(n.platform, n.error_code)}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
    </div>
  );
}
