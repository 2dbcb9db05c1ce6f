import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_TYPES, charCount, deviceTypeScope, PASSWORD_MAX, PASSWORD_MIN, type BackofficeUserAddBody, type RoleId, type RouteResponse } from '@tracker/contract';
import { SelectField, TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useSession } from '../../../lib/session';
import { useAdminList, useAdminSave } from '../api/admin-api';
import { useAdminForm } from './admin-form';
import { CheckGroup } from './CheckGroup';

export type BackofficeUser = RouteResponse<'backofficeUserList'>['model'][number];

/**
 * Add (no user) or edit a backoffice user (§5): password and repeat must match (header.password_match), 8 to 20
 * characters, empty on edit = unchanged. The choices are what the api lets the signed-in user assign (roles, types,
 * operators, white labels); the api checks the scope again and answers the §5 message otherwise.
 */
export function UserForm({ item, onClose }: { item: BackofficeUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const partnerType = session ? deviceTypeScope(session.role) : null;
  const roles = useAdminList('importRoles');
  const types = useAdminList('deviceTypes');
  const operators = useAdminList('operatorList');
  const whiteLabels = useAdminList('whiteLabelList');
  const [username, setUsername] = useState(item?.username ?? '');
  const [email, setEmail] = useState(item?.email ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [role, setRole] = useState(item ? String(item.role) : '');
  const [enabled, setEnabled] = useState(item?.enabled ?? true);
  const [typeIds, setTypeIds] = useState<number[]>(item?.types ?? (partnerType === null ? [ALL_TYPES] : [partnerType]));
  const [operatorIds, setOperatorIds] = useState<number[]>(item?.operators ?? []);
  const [wlIds, setWlIds] = useState<number[]>(item?.white_labels ?? []);
  const add = useAdminSave('backofficeUserAdd');
  const edit = useAdminSave('backofficeUserEdit');
  const form = useAdminForm(onClose);

  function passwordError(): string {
    if (item && password === '' && repeat === '') return '';
    const n = charCount(password);
    return n < PASSWORD_MIN || n > PASSWORD_MAX ? t('admin.users.passwordLength') : '';
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const local = {
      username: username.trim() ? '' : t('admin.required'),
      role: role ? '' : t('admin.required'),
      password: passwordError(),
      repeat: password !== repeat ? t('header.password_match') : '',
    };
    const body: BackofficeUserAddBody = {
      username: username.trim(),
      email: email.trim(),
      password,
      repeat,
      role: Number(role) as RoleId,
      enabled,
      types: typeIds,
      operators: operatorIds,
      white_labels: wlIds,
    };
    void form.submit(
      local,
      () => (item ? edit.mutateAsync({ query: { user_id: item.id }, body }) : add.mutateAsync({ body })),
      t('admin.saved', { name: body.username }),
    );
  }

  const on = (field: string, set: (v: string) => void) => (e: { target: { value: string } }) => (set(e.target.value), form.clear(field));
  return (
    <Modal open size="wide" title={t(item ? 'admin.users.editTitle' : 'admin.users.addTitle')} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('common.save')} pending={add.isPending || edit.isPending} />}>
      <div className="admin-row">
        <TextField label={t('admin.users.username')} autoComplete="off" value={username} maxLength={100} error={form.errors.username} onChange={on('username', setUsername)} data-autofocus />
        <TextField label={t('admin.users.email')} type="email" autoComplete="off" value={email} maxLength={254} error={form.errors.email} onChange={on('email', setEmail)} />
      </div>
      <div className="admin-row">
        <TextField label={t('admin.users.password')} hint={item ? t('admin.users.passwordKeep') : undefined} type="password" autoComplete="new-password" value={password} maxLength={PASSWORD_MAX * 2} error={form.errors.password} onChange={on('password', setPassword)} />
        <TextField label={t('admin.users.repeat')} type="password" autoComplete="new-password" value={repeat} maxLength={PASSWORD_MAX * 2} error={form.errors.repeat} onChange={on('repeat', setRepeat)} />
      </div>
      <div className="admin-row">
        <SelectField label={t('admin.users.role')} value={role} error={form.errors.role} onChange={on('role', setRole)} data-testid="user-role">
          <option value="">{t('admin.users.chooseRole')}</option>
          {roles.data?.map((r) => (
            <option key={r.id} value={String(r.id)}>
              {r.name}
            </option>
          ))}
        </SelectField>
        <div className="field field--checkbox">
          <input id="user-enabled" type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          <label htmlFor="user-enabled">{t('admin.enabled')}</label>
        </div>
      </div>
      <CheckGroup
        legend={t('admin.types')}
        options={types.data}
        value={typeIds}
        onChange={setTypeIds}
        all={partnerType === null ? { id: ALL_TYPES, label: t('admin.users.allTypes') } : undefined}
        disabled={partnerType !== null}
        error={form.errors.types}
        testId="user-types"
      />
      <CheckGroup legend={t('admin.users.operators')} options={operators.data} value={operatorIds} onChange={setOperatorIds} error={form.errors.operators} testId="user-operators" />
      <CheckGroup legend={t('admin.users.whiteLabels')} options={whiteLabels.data} value={wlIds} onChange={setWlIds} error={form.errors.white_labels} testId="user-white-labels" />
    </Modal>
  );
}
