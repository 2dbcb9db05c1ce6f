import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GATEWAY_RATE_DEFAULT, GATEWAY_RATE_MAX, isGatewayUrl, normalizeE164, parsePhoneCodes, PHONE_MAX, PHONE_MIN, type SmsGatewayItem } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useAdminList, useAdminSave } from '../api/admin-api';
import { useAdminForm } from '../components/admin-form';
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

function GatewayForm({ item, onClose }: { item: Gateway | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(item?.name ?? '');
  const [allowed, setAllowed] = useState(item?.allowed.join(', ') ?? '');
  const [command, setCommand] = useState(item?.command ?? '');
  const [from, setFrom] = useState(item?.from_number ?? '');
  const [url, setUrl] = useState(item?.url ?? '');
  const [rate, setRate] = useState(String(item?.rate_per_second ?? GATEWAY_RATE_DEFAULT));
  const [enabled, setEnabled] = useState(item?.enabled ?? true);
  const save = useAdminSave('smsGatewaySave');
  const form = useAdminForm(onClose);

  function submit(e: FormEvent) {
    e.preventDefault();
    const { codes, bad } = parsePhoneCodes(allowed);
    const codesError = bad.length ? t('reasons.gatewayCodeFormat', { code: bad[0] }) : codes.length ? '' : t('reasons.gatewayNoCodes');
    const sender = normalizeE164(from);
    const perSecond = /^\d+$/.test(rate.trim()) ? Number(rate) : NaN;
    const rateOk = perSecond >= 1 && perSecond <= GATEWAY_RATE_MAX;
    void form.submit(
      {
        name: name.trim() ? '' : t('admin.required'),
        allowed: codesError,
        from_number: sender ? '' : t('reasons.e164Number', { min: PHONE_MIN, max: PHONE_MAX }),
        url: url.trim() === '' || isGatewayUrl(url.trim()) ? '' : t('reasons.gatewayUrl'),
        rate_per_second: rateOk ? '' : t('reasons.wholeNumber', { field: t('admin.gateways.rate'), min: 1, max: GATEWAY_RATE_MAX }),
      },
      () =>
        save.mutateAsync({
          body: {
            ...(item ? { id: item.id } : {}),
            name: name.trim(),
            allowed: codes,
            command: command.trim(),
            enabled,
            url: url.trim(),
            from_number: sender ?? from,
            rate_per_second: perSecond,
          },
        }),
      t('admin.saved', { name: name.trim() }),
    );
  }

  return (
    <Modal open title={t(item ? 'admin.gateways.editTitle' : 'admin.gateways.addTitle')} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('common.save')} pending={save.isPending} />}>
      <TextField label={t('admin.name')} value={name} maxLength={100} error={form.errors.name} onChange={(e) => (setName(e.target.value), form.clear('name'))} data-autofocus />
      <TextField label={t('admin.gateways.allowed')} hint={t('admin.gateways.allowedHint')} value={allowed} maxLength={1000} error={form.errors.allowed} onChange={(e) => (setAllowed(e.target.value), form.clear('allowed'))} />
      <TextField label={t('admin.gateways.command')} hint={t('admin.gateways.commandHint')} value={command} maxLength={200} error={form.errors.command} onChange={(e) => setCommand(e.target.value)} />
      <TextField label={t('admin.gateways.from')} hint={t('admin.gateways.fromHint')} type="tel" value={from} maxLength={30} error={form.errors.from_number} onChange={(e) => (setFrom(e.target.value), form.clear('from_number'))} />
      <TextField label={t('admin.gateways.url')} hint={t('admin.gateways.urlHint')} type="url" value={url} maxLength={300} error={form.errors.url} onChange={(e) => (setUrl(e.target.value), form.clear('url'))} />
      <TextField
        label={t('admin.gateways.rate')}
        hint={t('admin.gateways.rateHint', { max: GATEWAY_RATE_MAX })}
        inputMode="numeric"
        value={rate}
        maxLength={5}
        error={form.errors.rate_per_second}
        onChange={(e) => (setRate(e.target.value), form.clear('rate_per_second'))}
      />
      <div className="field field--checkbox">
        <input id="gateway-enabled" type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <label htmlFor="gateway-enabled">{t('admin.enabled')}</label>
      </div>
      {form.errors.enabled ? <p className="field__error">{form.errors.enabled}</p> : null}
    </Modal>
  );
}
