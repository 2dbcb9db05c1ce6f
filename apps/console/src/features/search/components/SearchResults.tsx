import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICE_STATUS_KEYS, devicePath, type DeviceSearchItem } from '@tracker/contract';
import { useSession } from '../../../lib/session';

type Props = { items: readonly DeviceSearchItem[]; caption: string; from: string };

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter((s) => s && s.trim()).join(' ');
}

/**
 * One row per device (or per owner without devices); IMEI opens the device (on the main page, or for roles that may
 * not open it on their first allowed tab: `devicePath`), the e-mail opens the owner.
 */
export function SearchResults({ items, caption, from }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const none = <span className="muted">{t('common.none')}</span>;
  return (
    <div className="table-wrap">
      <table className="table table--results" data-testid="search-results">
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          <col className="col-imei" />
          <col className="col-imsi" />
          <col className="col-phone" />
          <col className="col-name" />
          <col className="col-email" />
          <col className="col-name" />
          <col className="col-type" />
          <col className="col-status" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t('search.col.imei')}</th>
            <th scope="col">{t('search.col.imsi')}</th>
            <th scope="col">{t('search.col.phone')}</th>
            <th scope="col">{t('search.col.child')}</th>
            <th scope="col">{t('search.col.ownerEmail')}</th>
            <th scope="col">{t('search.col.ownerName')}</th>
            <th scope="col">{t('search.col.type')}</th>
            <th scope="col">{t('search.col.status')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => {
            const status = item.device_status === null ? undefined : DEVICE_STATUS_KEYS[item.device_status];
            const child = fullName(item.child_first_name, item.child_last_name);
            const owner = fullName(item.owner_first_name, item.owner_last_name);
            return (
              <tr key={`${item.device_id ?? 'o'}-${item.owner_id ?? 'd'}-${i}`} data-testid="search-result">
                <td>
                  {item.device_id !== null ? (
                    <Link to={session ? devicePath(session.role, item.device_id) : `/device/${item.device_id}`} state={{ from }} data-testid="device-link" className="mono">
                      {item.imei || t('search.deviceFallback', { id: item.device_id })}
                    </Link>
                  ) : (
                    (item.imei ?? none)
                  )}
                </td>
                <td className="mono">{item.imsi || none}</td>
                <td className="mono">{item.gsm_number || none}</td>
                <td title={child || undefined}>{child || none}</td>
                <td>
                  {item.owner_id !== null ? (
                    <Link to={`/owner/${item.owner_id}`} state={{ from }} data-testid="owner-link" title={item.owner_email ?? undefined}>
                      {item.owner_email || t('search.ownerFallback', { id: item.owner_id })}
                    </Link>
                  ) : (
                    (item.owner_email ?? none)
                  )}
                </td>
                <td title={owner || undefined}>{owner || none}</td>
                <td title={item.device_type_name ?? undefined}>
                  {item.device_type_name ?? (item.device_type !== null ? String(item.device_type) : none)}
                </td>
                <td>
                  {status ? (
                    <span className={`status status--${status}`}>{t(`search.status.${status}`)}</span>
                  ) : item.device_status !== null ? (
                    String(item.device_status)
                  ) : (
                    none
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
