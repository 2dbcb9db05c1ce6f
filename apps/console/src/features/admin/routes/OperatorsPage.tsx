import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_DEFAULTS, OPERATOR_LIMIT_MAX, OPERATOR_REGION_DEFAULT, operatorSaveBody, REGIONS, type OperatorSaveBody } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { SelectField, TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useAdminList, useAdminSave } from '../api/admin-api';
import { namesOf } from '../components/admin-form';
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

type OperatorValues = { name: string; mcc: string; mnc: string; region: string; device_types: number[]; terms_key: string } & Record<(typeof LIMITS)[number], string>;

function OperatorForm({ item, types, onClose }: { item: Operator | null; types: { id: number; name: string }[] | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useAdminSave('operatorSave');
  const limitError = (v: string, field: string) =>
    /^\d+$/.test(v) && Number(v) <= OPERATOR_LIMIT_MAX ? undefined : t('reasons.wholeNumber', { field: t(`admin.operators.${field}`), min: 0, max: OPERATOR_LIMIT_MAX });
  const form = useContractForm(operatorSaveBody, {
    initial: {
      name: item?.name ?? '',
      mcc: item?.start.slice(0, 3) ?? '',
      mnc: item?.start.slice(3) ?? '',
      region: item?.region ?? OPERATOR_REGION_DEFAULT,
      device_types: item?.device_types ?? [],
      terms_key: item?.terms_key ?? OPERATOR_DEFAULTS.terms_key,
      zones_limit: String(item?.zones_limit ?? OPERATOR_DEFAULTS.zones_limit),
      contacts_limit: String(item?.contacts_limit ?? OPERATOR_DEFAULTS.contacts_limit),
      alarms_limit: String(item?.alarms_limit ?? OPERATOR_DEFAULTS.alarms_limit),
    } as OperatorValues,
    body: (v): OperatorSaveBody => ({
      ...(item ? { id: item.id } : {}),
      name: v.name.trim(),
      start: `${v.mcc}${v.mnc}`,
      region: v.region as OperatorSaveBody['region'],
      device_types: v.device_types,
      terms_key: v.terms_key.trim(),
      zones_limit: Number(v.zones_limit),
      contacts_limit: Number(v.contacts_limit),
      alarms_limit: Number(v.alarms_limit),
    }),
    check: (v) => ({
      name: v.name.trim() ? undefined : t('admin.required'),
      start: /^\d{3}$/.test(v.mcc) && /^\d{2}$/.test(v.mnc) ? undefined : t('reasons.operatorStart'),
      ...Object.fromEntries(LIMITS.map((k) => [k, limitError(v[k], k)])),
    }),
  });
  const submit = form.submit(async (body) => {
    await save.mutateAsync({ body });
    successToast(t('admin.saved', { name: body.name }));
    onClose();
  });
  const { values } = form;
  const setStart = (k: 'mcc' | 'mnc', v: string) => (form.set(k, v.trim()), form.clear('start'));

  return (
    <Modal open size="wide" title={t(item ? 'admin.operators.editTitle' : 'admin.operators.addTitle')} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('common.save')} pending={save.isPending} />}>
      <TextField label={t('admin.name')} value={values.name} maxLength={100} error={form.errors.name} onChange={(e) => form.set('name', e.target.value)} data-autofocus />
      <div className="admin-row">
        <TextField label={t('admin.operators.mcc')} inputMode="numeric" value={values.mcc} maxLength={3} error={form.errors.start} onChange={(e) => setStart('mcc', e.target.value)} />
        <TextField label={t('admin.operators.mnc')} inputMode="numeric" value={values.mnc} maxLength={2} onChange={(e) => setStart('mnc', e.target.value)} />
        <SelectField label={t('admin.operators.region')} value={values.region} onChange={(e) => form.set('region', e.target.value)}>
          {REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
      </div>
      <CheckGroup legend={t('admin.types')} options={types} value={values.device_types} onChange={(v) => form.set('device_types', v)} error={form.errors.device_types} testId="operator-types" />
      <TextField label={t('admin.operators.terms_key')} value={values.terms_key} maxLength={100} error={form.errors.terms_key} onChange={(e) => form.set('terms_key', e.target.value)} />
      <div className="admin-row">
        {LIMITS.map((k) => (
          <TextField key={k} label={t(`admin.operators.${k}`)} inputMode="numeric" value={values[k]} maxLength={4} error={form.errors[k]} onChange={(e) => form.set(k, e.target.value.trim())} />
        ))}
      </div>
    </Modal>
  );
}
