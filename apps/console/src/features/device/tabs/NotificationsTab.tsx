import { useTranslation } from 'react-i18next';
import { notificationErrorKey, type NotificationItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { successToast } from '../../../lib/toast';
import { useNotifications, useTestNotificationMutation } from '../api/activity';
import { DayTabShell } from '../components/TabShell';
import { canEdit } from '../device-tabs';
import { useDay } from '../use-day';

/** notifications: the day's push notifications with status and the per-platform error code (§4); a test push. */
export function NotificationsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const day = useDay();
  const q = useNotifications({ id, date: day.date, tz: day.tz });
  const test = useTestNotificationMutation(id);
  const mayTest = canEdit(useSession()!.role, 'device');
  const platform = (n: NotificationItem) => (n.platform === 'IOS' ? 'ios' : 'android');
  const columns: Column<NotificationItem>[] = [
    { key: 'created', header: t('device.notifications.created'), cell: (n) => formatDateTime(n.created, day.tz) },
    { key: 'platform', header: t('device.notifications.platform'), cell: (n) => (n.platform === 'IOS' ? 'iPhone' : 'Android') },
    {
      key: 'type',
      header: t('device.notifications.type'),
      cell: (n) => (n.type ? t(`device.notifications.types.${n.type}`, { defaultValue: n.type }) : t('common.none')),
    },
    { key: 'message', header: t('device.notifications.message'), title: (n) => n.title, cell: (n) => n.message },
    { key: 'status', header: t('device.notifications.status'), cell: (n) => t(`device.messageStatus.${n.status}`, { defaultValue: String(n.status) }) },
    {
      key: 'error',
      header: t('device.notifications.error'),
      cell: (n) => `${n.error_code} · ${t(`device.pushError.${platform(n)}.${notificationErrorKey(n.platform, n.error_code)}`)}`,
    },
  ];
  return (
    <DayTabShell
      title={t('device.tabs.notifications')}
      day={day}
      deviceId={id}
      exportKind="device_notification"
      actions={
        mayTest ? (
          <button
            type="button"
            className="btn"
            disabled={test.isPending}
            onClick={() => test.mutate(undefined, { onSuccess: () => successToast(t('device.notifications.testSent')) })}
          >
            {t('device.notifications.test')}
          </button>
        ) : null
      }
      query={q}
    >
      <DataTable data-testid="notifications-table" columns={columns} rows={q.data} rowKey={(n) => n.id} empty={t('device.notifications.empty')} />
    </DayTabShell>
  );
}
