import { useTranslation } from 'react-i18next';
import { useContacts } from '../api/activity';
import { QueryState } from '../../../components/QueryState';

/** contacts: the contacts of the device (owner's contacts attached to it), with the contact limit. */
export function ContactsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useContacts(id);
  const devices = new Map((q.data?.devices ?? []).map((d) => [d.id, d]));
  return (
    <div>
      <div className="dw-toolbar">
        <h2>{t('device.tabs.contacts')}</h2>
        {q.data ? <span className="muted">{t('device.contacts.limit', { n: q.data.contacts.length, limit: q.data.limit })}</span> : null}
      </div>
      <QueryState query={q} empty={q.data?.contacts.length === 0} emptyTitle={t('device.contacts.empty')}>
        <div className="table-wrap">
          <table className="table dw-table" data-testid="contacts-table">
            <thead>
              <tr>
                <th scope="col">{t('device.contacts.name')}</th>
                <th scope="col">{t('device.contacts.phone')}</th>
                <th scope="col">{t('device.contacts.email')}</th>
                <th scope="col">{t('device.contacts.relationship')}</th>
                <th scope="col">{t('device.contacts.flags')}</th>
                <th scope="col">{t('device.contacts.devices')}</th>
              </tr>
            </thead>
            <tbody>
              {(q.data?.contacts ?? []).map((c) => (
                <tr key={c.id}>
                  <td>{[c.first_name, c.last_name].filter(Boolean).join(' ')}</td>
                  <td className="mono">{c.phone ?? t('common.none')}</td>
                  <td>{c.email ?? t('common.none')}</td>
                  <td>{c.relationship ?? t('common.none')}</td>
                  <td>
                    {[c.primary && t('device.contacts.primary'), c.emergency && t('device.contacts.emergency'), c.is_guest && t('device.contacts.guest')]
                      .filter(Boolean)
                      .join(', ') || t('common.none')}
                  </td>
                  <td>{c.devices.map((d) => devices.get(d)?.first_name ?? `#${d}`).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
    </div>
  );
}
