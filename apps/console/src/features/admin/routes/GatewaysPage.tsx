import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GATEWAY_RATE_DEFAULT, GATEWAY_RATE_MAX, isGatewayUrl, normalizeE164, parsePhoneCodes, PHONE_MAX, PHONE_MIN, smsGatewaySaveBody, type SmsGatewayItem } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useAdminList, useAdminSave } from '../api/admin-api';
import { AdminListPage, EditButton } from '../components/AdminListPage';

type Gateway = SmsGatewayItem;

/**
 * §2 /admin/gateways: SMS gateways (name, allowed phone codes, command, enabled, API URL, sender number, rate), add and
 * edit (`POST /smsgateway/save`). The SMS pipeline routes with a saved gateway at once (docs/administration.md
 * "Gateways").
 */
export function GatewaysPage() {
  const { t } = useTranslation();
  const list = useAdminList('smsGatewayList');
  const [editing, setEditing] = useState<{ item: Gateway | null } | null>(null);
  const none = <span className="muted">{t('common.none')}</span>;
  const columns: Column<Gateway>[] = [
    { key: 'name', header: t('admin.name'), sortable: (g) => g.name, cell: (g) => g.name },
    { key: 'allowed', header: t('admin.gateways.allowed'), className: 'mono', sortable: (g) => g.allowed.join(', '), cell: (g) => g.allowed.join(', ') },
    { key: 'command', header: t('admin.gateways.command'), sortable: (g) => g.command, cell: (g) => g.command ?? none },
    { key: 'from', header: t('admin.gateways.from'), className: 'mono', sortable: (g) => g.from_number, cell: (g) => g.from_number ?? none },
    { key: 'url', header: t('admin.gateways.url'), truncate: true, sortable: (g) => g.url, cell: (g) => g.url ?? t('admin.gateways.defaultUrl') },
    { key: 'rate', header: t('admin.gateways.rate'), align: 'end', sortable: (g) => g.rate_per_second, cell: (g) => g.rate_per_second },
    { key: 'enabled', header: t('admin.enabled'), sortable: (g) => g.enabled, cell: (g) => t(g.enabled ? 'admin.yes' : 'admin.no') },
    { key: 'edit', header: t('admin.edit'), hideHeader: true, cell: (g) => <EditButton label={t('admin.editNamed', { name: g.name })} onClick={() => setEditing({ item: g })} /> },
  ];
  return (
    <AdminListPage title={t('admin.gateways.title')} addLabel={t('admin.gateways.add')} onAdd={() => setEditing({ item: null })} query={list} columns={columns} rowKey={(g) => g.id} initialSort={{ key: 'name', dir: 'asc' }} testId="gateways">
      {editing ? <GatewayForm key={editing.item?.id ?? 'new'} item={editing.item} onClose={() => setEditing(null)} /> : null}
    </AdminListPage>
  );
}

type GatewayValues = { name: string; allowed: string; command: string; from_number: string; url: string; rate_per_second: string; enabled: boolean };

/** The rate as typed: a whole number, else NaN (which the check names). */
const rateOf = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN);

function GatewayForm({ item, onClose }: { item: Gateway | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useAdminSave('smsGatewaySave');
  /** what is sent: the codes parsed, the sender in E.164, the rest trimmed ('' is none) */
  const body = (v: GatewayValues) => ({
    ...(item ? { id: item.id } : {}),
    name: v.name.trim(),
    allowed: parsePhoneCodes(v.allowed).codes,
    command: v.command.trim(),
    enabled: v.enabled,
    url: v.url.trim(),
    from_number: normalizeE164(v.from_number) ?? v.from_number,
    rate_per_second: rateOf(v.rate_per_second),
  });
  const form = useContractForm(smsGatewaySaveBody, {
    initial: {
      name: item?.name ?? '',
      allowed: item?.allowed.join(', ') ?? '',
      command: item?.command ?? '',
      from_number: item?.from_number ?? '',
      url: item?.url ?? '',
      rate_per_second: String(item?.rate_per_second ?? GATEWAY_RATE_DEFAULT),
      enabled: item?.enabled ?? true,
    },
    body,
    check: (v) => {
      const { codes, bad } = parsePhoneCodes(v.allowed);
      const rate = rateOf(v.rate_per_second);
      return {
        name: v.name.trim() ? undefined : t('admin.required'),
        allowed: bad.length ? t('reasons.gatewayCodeFormat', { code: bad[0] }) : codes.length ? undefined : t('reasons.gatewayNoCodes'),
        from_number: normalizeE164(v.from_number) ? undefined : t('reasons.e164Number', { min: PHONE_MIN, max: PHONE_MAX }),
        url: v.url.trim() === '' || isGatewayUrl(v.url.trim()) ? undefined : t('reasons.gatewayUrl'),
        rate_per_second: rate >= 1 && rate <= GATEWAY_RATE_MAX ? undefined : t('reasons.wholeNumber', { field: t('admin.gateways.rate'), min: 1, max: GATEWAY_RATE_MAX }),
      };
    },
  });
  // the body as built (the schema's output would turn '' into null)
  const submit = form.submit(async (_, v) => {
    await save.mutateAsync({ body: body(v) });
    successToast(t('admin.saved', { name: v.name.trim() }));
    onClose();
  });
  const { values } = form;

  return (
    <Modal open title={t(item ? 'admin.gateways.editTitle' : 'admin.gateways.addTitle')} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('common.save')} pending={save.isPending} />}>
      <TextField label={t('admin.name')} value={values.name} maxLength={100} error={form.errors.name} onChange={(e) => form.set('name', e.target.value)} data-autofocus />
      <TextField label={t('admin.gateways.allowed')} hint={t('admin.gateways.allowedHint')} value={values.allowed} maxLength={1000} error={form.errors.allowed} onChange={(e) => form.set('allowed', e.target.value)} />
      <TextField label={t('admin.gateways.command')} hint={t('admin.gateways.commandHint')} value={values.command} maxLength={200} error={form.errors.command} onChange={(e) => form.set('command', e.target.value)} />
      <TextField label={t('admin.gateways.from')} hint={t('admin.gateways.fromHint')} type="tel" value={values.from_number} maxLength={30} error={form.errors.from_number} onChange={(e) => form.set('from_number', e.target.value)} />
      <TextField label={t('admin.gateways.url')} hint={t('admin.gateways.urlHint')} type="url" value={values.url} maxLength={300} error={form.errors.url} onChange={(e) => form.set('url', e.target.value)} />
      <TextField
        label={t('admin.gateways.rate')}
        hint={t('admin.gateways.rateHint', { max: GATEWAY_RATE_MAX })}
        inputMode="numeric"
        value={values.rate_per_second}
        maxLength={5}
        error={form.errors.rate_per_second}
        onChange={(e) => form.set('rate_per_second', e.target.value)}
      />
      <div className="field field--checkbox">
        <input id="gateway-enabled" type="checkbox" checked={values.enabled} onChange={(e) => form.set('enabled', e.target.checked)} />
        <label htmlFor="gateway-enabled">{t('admin.enabled')}</label>
      </div>
      {form.errors.enabled ? <p className="field__error">{form.errors.enabled}</p> : null}
    </Modal>
  );
}
