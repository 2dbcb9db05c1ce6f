import { useTranslation } from 'react-i18next';
import type { GuestItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { useGuests, useInvites } from '../api/owner';
import type { OwnerTabProps } from '../owner-tabs';

/** /owner/{id}/guests (§2): the guests the owner invited and the invitations the owner received, accepted or waiting. */
export function GuestsTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const guests = useGuests(id);
  const invites = useInvites(id);
  const columns = (who: 'guest' | 'host'): Column<GuestItem>[] => [
    { key: 'email', header: t(who === 'guest' ? 'ownerWs.guests.guest' : 'ownerWs.guests.host'), cell: (g) => (who === 'guest' ? g.email : g.host_email) },
    { key: 'name', header: t('ownerWs.guests.name'), cell: (g) => (who === 'guest' ? [g.first_name, g.last_name].filter(Boolean).join(' ') || t('common.none') : t('common.none')) },
    { key: 'status', header: t('ownerWs.guests.status'), cell: (g) => <span data-testid="guest-status">{t(`ownerWs.guests.${g.status}`)}</span> },
    { key: 'call', header: t('ownerWs.guests.canCall'), cell: (g) => t(g.can_call ? 'ownerWs.yes' : 'ownerWs.no') },
    { key: 'created', header: t('ownerWs.guests.invited'), cell: (g) => formatDateTime(g.created, tz) },
    { key: 'accepted', header: t('ownerWs.guests.acceptedAt'), cell: (g) => (g.accepted_at ? formatDateTime(g.accepted_at, tz) : t('common.none')) },
  ];
  return (
    <div className="tab-sections">
      <h2>{t('ownerWs.guests.title')}</h2>
      <QueryState query={guests}>
        <DataTable columns={columns('guest')} rows={guests.data} rowKey={(g) => g.id} empty={t('ownerWs.guests.none')} data-testid="guests" />
      </QueryState>
      <h2>{t('ownerWs.guests.invites')}</h2>
      <QueryState query={invites}>
        <DataTable columns={columns('host')} rows={invites.data} rowKey={(g) => g.id} empty={t('ownerWs.guests.noInvites')} data-testid="invites" />
      </QueryState>
    </div>
  );
}
