import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_DEFAULTS, OPERATOR_LIMIT_MAX, OPERATOR_REGION_DEFAULT, REGIONS, type OperatorSaveBody } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { SelectField, TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useAdminList, useAdminSave } from '../api/admin-api';
import { namesOf, useAdminForm } from '../components/admin-form';
import { AdminListPage, EditButton } from '../components/AdminListPage';
import { CheckGroup } from '../components/CheckGroup';

type Operator = {
  id: number; name: string; start: string; region: string; device_types: number[]; terms_key: string;
  zones_limit: number; contacts_limit: number; alarms_limit: number; created: string;
};
const LIMITS = ['zones_limit', 'contacts_limit', 'alarms_limit'] as const;

/** §2 /admin/operators: operators (start = MCC + MNC, region, device types, terms key, limits), add and edit. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const list = useAdminList('operatorList');
  const types = useAdminList('deviceTypes');
  const [editing, setEditing] = useState<{ item: Operator | null } | null>(null);
  const columns: Column<Operator>[] = [
    { key: 'name', header: t('admin.name'), sortable: (o) => o.name, cell: (o) => o.name },
    { key: 'start', header: t('admin.operators.start'), className: 'mono', sortable: (o) => o.start, cell: (o) => o.start },
    { key: 'region', header: t('admin.operators.region'), sortable: (o) => o.region, cell: (o) => o.region },
    { key: 'types', header: t('admin.types'), cell: (o) => namesOf(o.device_types, types.data) },
    ...LIMITS.map((k): Column<Operator> => ({ key: k, header: t(`admin.operators.${k}`), align: 'end', sortable: (o) => o[k], cell: (o) => o[k] })),
    { key: 'edit', header: t('admin.edit'), hideHeader: true, cell: (o) => <EditButton label={t('admin.editNamed', { name: o.name })} onClick={() => setEditing({ item: o })} /> },
  ];
  return (
    <AdminListPage title={t('admin.operators.title')} addLabel={t('admin.operators.add')} onAdd={() => setEditing({ item: null })} query={list} columns={columns} rowKey={(o) => o.id} initialSort={{ key: 'name', dir: 'asc' }} testId="operators">
      {editing ? <OperatorForm key={editing.item?.id ?? 'new'} item={editing.item} types={types.data} onClose={() => setEditing(null)} /> : null}
    </AdminListPage>
  );
}

function OperatorForm({ item, types, onClose }: { item: Operator | null; types: { id: number; name: string }[] | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(item?.name ?? '');
  const [mcc, setMcc] = useState(item?.start.slice(0, 3) ?? '');
  const [mnc, setMnc] = useState(item?.start.slice(3) ?? '');
  const [region, setRegion] = useState(item?.region ?? OPERATOR_REGION_DEFAULT);
  const [deviceTypes, setDeviceTypes] = useState<number[]>(item?.device_types ?? []);
  const [termsKey, setTermsKey] = useState(item?.terms_key ?? OPERATOR_DEFAULTS.terms_key);
  const [limits, setLimits] = useState<Record<(typeof LIMITS)[number], string>>({
    zones_limit: String(item?.zones_limit ?? OPERATOR_DEFAULTS.zones_limit),
    contacts_limit: String(item?.contacts_limit ?? OPERATOR_DEFAULTS.contacts_limit),
    alarms_limit: String(item?.alarms_limit ?? OPERATOR_DEFAULTS.alarms_limit),
  });
  const save = useAdminSave('operatorSave');
  const form = useAdminForm(onClose);

  function submit(e: FormEvent) {
    e.preventDefault();
    const limitError = (v: string, field: string) => (/^\d+$/.test(v) && Number(v) <= OPERATOR_LIMIT_MAX ? '' : t('reasons.wholeNumber', { field: t(`admin.operators.${field}`), min: 0, max: OPERATOR_LIMIT_MAX }));
    const local: Record<string, string> = {
      name: name.trim() ? '' : t('admin.required'),
      start: /^\d{3}$/.test(mcc) && /^\d{2}$/.test(mnc) ? '' : t('reasons.operatorStart'),
      ...Object.fromEntries(LIMITS.map((k) => [k, limitError(limits[k], k)])),
    };
    const body: OperatorSaveBody = {
      ...(item ? { id: item.id } : {}),
      name: name.trim(),
      start: `${mcc}${mnc}`,
      region: region as OperatorSaveBody['region'],
      device_types: deviceTypes,
      terms_key: termsKey.trim(),
      zones_limit: Number(limits.zones_limit),
      contacts_limit: Number(limits.contacts_limit),
      alarms_limit: Number(limits.alarms_limit),
    };
    void form.submit(local, () => save.mutateAsync({ body }), t('admin.saved', { name: name.trim() }));
  }

  return (
    <Modal open size="wide" title={t(item ? 'admin.operators.editTitle' : 'admin.operators.addTitle')} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('common.save')} pending={save.isPending} />}>
      <TextField label={t('admin.name')} value={name} maxLength={100} error={form.errors.name} onChange={(e) => (setName(e.target.value), form.clear('name'))} data-autofocus />
      <div className="admin-row">
        <TextField label={t('admin.operators.mcc')} inputMode="numeric" value={mcc} maxLength={3} error={form.errors.start} onChange={(e) => (setMcc(e.target.value.trim()), form.clear('start'))} />
        <TextField label={t('admin.operators.mnc')} inputMode="numeric" value={mnc} maxLength={2} onChange={(e) => (setMnc(e.target.value.trim()), form.clear('start'))} />
        <SelectField label={t('admin.operators.region')} value={region} onChange={(e) => setRegion(e.target.value)}>
          {REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
      </div>
      <CheckGroup legend={t('admin.types')} options={types} value={deviceTypes} onChange={setDeviceTypes} error={form.errors.device_types} testId="operator-types" />
      <TextField label={t('admin.operators.terms_key')} value={termsKey} maxLength={100} error={form.errors.terms_key} onChange={(e) => (setTermsKey(e.target.value), form.clear('terms_key'))} />
      <div className="admin-row">
        {LIMITS.map((k) => (
          <TextField key={k} label={t(`admin.operators.${k}`)} inputMode="numeric" value={limits[k]} maxLength={4} error={form.errors[k]} onChange={(e) => (setLimits((l) => ({ ...l, [k]: e.target.value.trim() })), form.clear(k))} />
        ))}
      </div>
    </Modal>
  );
}
