import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isConfirmationRequired, type ConfirmationRequired, type DefaultSettingItem } from '@tracker/contract';
import { CampaignProgress } from '../../../components/CampaignProgress';
import { ConfirmCommandDialog } from '../../../components/ConfirmCommandDialog';
import { DataTable, useSortedRows, type Column } from '../../../components/DataTable';
import { SelectField } from '../../../components/Field';
import { ListPage } from '../../../components/ListPage';
import { formatDateTime } from '../../../lib/dates';
import { useDefaults, useDeviceTypes, usePushToAllMutation } from '../api/admin-data-api';
import { DefaultSettingModal } from '../components/DefaultSettingModal';
import '../admin-data.css';

/**
 * §2 /admin/defaultSettings: a device type's default settings, add and edit, and the push of one default to every
 * device of the type (an SMS campaign whose progress shows under the table until every message is answered).
 */
export function DefaultSettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const types = useDeviceTypes();
  const typeId = Number(params.get('type')) || types.data?.[0]?.id || null;
  const list = useDefaults(typeId);
  const navigate = useNavigate();
  // §8 "Default-settings load failure: goes to the dashboard" (the api client has toasted the reason)
  useEffect(() => {
    if (list.isError) void navigate('/dashboard/search', { replace: true });
  }, [list.isError, navigate]);
  const [editing, setEditing] = useState<{ item: DefaultSettingItem | null } | null>(null);
  const [pushing, setPushing] = useState<{ item: DefaultSettingItem; confirmation: ConfirmationRequired } | null>(null);
  const [bulkId, setBulkId] = useState<string | null>(null);
  const push = usePushToAllMutation();
  const typeName = types.data?.find((x) => x.id === typeId)?.name ?? '';

  /**
   * Asks the api what the push would do (how many devices, which it refuses), shows that for confirmation, and sends
   * the same request with the token it answered (docs/sms.md "Confirmations").
   */
  async function pushDefault(item: DefaultSettingItem, confirm_token?: string) {
    if (typeId === null) return;
    const c = await push.mutateAsync({ setting_no: item.setting_no, device_type_id: typeId, ...(confirm_token ? { confirm_token } : {}) }).catch(() => null);
    if (!c) return setPushing(null);
    if (isConfirmationRequired(c)) return setPushing({ item, confirmation: c });
    setBulkId(c.bulk_id);
    setPushing(null);
  }

  const flag = (b: boolean) => (b ? t('adminData.yes') : t('adminData.no'));
  const columns: Column<DefaultSettingItem>[] = [
    { key: 'no', header: t('adminData.defaults.no'), width: '5rem', align: 'end', sortable: (x) => x.setting_no, cell: (x) => x.setting_no },
    { key: 'name', header: t('adminData.defaults.name'), width: '14rem', className: 'mono', sortable: (x) => x.name, cell: (x) => x.name ?? '' },
    { key: 'value', header: t('adminData.defaults.value'), truncate: true, sortable: (x) => x.value, cell: (x) => <span data-testid="default-value">{x.value}</span> },
    { key: 'synced', header: t('adminData.defaults.synced'), width: '6rem', sortable: (x) => x.synced, cell: (x) => flag(x.synced) },
    { key: 'editable', header: t('adminData.defaults.editable'), width: '6rem', sortable: (x) => x.editable, cell: (x) => flag(x.editable) },
    { key: 'profiles', header: t('adminData.defaults.profiles'), width: '7rem', cell: (x) => x.types.join(', ') || t('adminData.defaults.allProfiles') },
    { key: 'updated', header: t('adminData.updated'), width: '11rem', sortable: (x) => x.updated_at, cell: (x) => formatDateTime(x.updated_at) },
    {
      key: 'actions',
      header: t('adminData.edit'),
      hideHeader: true,
      width: '13rem',
      cell: (x) => (
        <span className="admin-data-row-actions">
          <button type="button" className="btn btn--ghost" aria-haspopup="dialog" aria-label={t('adminData.defaults.editOne', { no: x.setting_no })} onClick={() => setEditing({ item: x })}>
            {t('adminData.edit')}
          </button>
          {x.editable ? (
            <button type="button" className="btn btn--ghost" aria-haspopup="dialog" aria-label={t('adminData.defaults.pushOne', { no: x.setting_no })} disabled={push.isPending} onClick={() => void pushDefault(x)}>
              {t('adminData.defaults.push')}
            </button>
          ) : null}
        </span>
      ),
    },
  ];

  // a type holds tens of defaults: answered whole, sorted here (by number first, as the api answers)
  const sorted = useSortedRows(list.data, columns, { key: 'no', dir: 'asc' });

  const title = t('adminData.defaults.title');
  return (
    <ListPage
      title={title}
      add={{ label: t('adminData.defaults.add'), onClick: () => setEditing({ item: null }), disabled: typeId === null }}
      filters={
        <>
          <div className="search-form admin-data-filters">
            <SelectField label={t('adminData.deviceType')} value={typeId ?? ''} onChange={(e) => setParams({ type: e.target.value })}>
              {(types.data ?? []).map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </SelectField>
          </div>
          {bulkId ? <CampaignProgress key={bulkId} bulkId={bulkId} /> : null}
        </>
      }
      query={list}
      after={
        <>
          {editing && typeId !== null ? <DefaultSettingModal item={editing.item} typeId={typeId} onClose={() => setEditing(null)} /> : null}
          <ConfirmCommandDialog
            confirmation={pushing?.confirmation ?? null}
            command={pushing ? t('adminData.defaults.pushCommand', { no: pushing.item.setting_no, value: pushing.item.value, type: typeName }) : ''}
            pending={push.isPending}
            onCancel={() => setPushing(null)}
            onConfirm={(token) => pushing && void pushDefault(pushing.item, token)}
          />
        </>
      }
    >
      <DataTable
        columns={columns}
        rows={sorted.rows ?? []}
        rowKey={(x) => x.id}
        layout="fixed"
        empty={t('adminData.defaults.none')}
        caption={title}
        data-testid="default-settings"
        rowProps={() => ({ 'data-testid': 'default-row' })}
        sort={sorted.sort}
        onSort={sorted.onSort}
      />
    </ListPage>
  );
}
