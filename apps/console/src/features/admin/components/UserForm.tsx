import { useTranslation } from 'react-i18next';
import {
  ALL_TYPES,
  backofficeUserAddBody,
  backofficeUserEditBody,
  charCount,
  deviceTypeScope,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type BackofficeUserAddBody,
  type RoleId,
  type RouteResponse,
} from '@tracker/contract';
import { SelectField, TextField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { useContractForm } from '../../../lib/contract-form';
import { useSession } from '../../../lib/session';
import { successToast } from '../../../lib/toast';
import { useAdminList, useAdminSave } from '../api/admin-api';
import { CheckGroup } from './CheckGroup';

export type BackofficeUser = RouteResponse<'backofficeUserList'>['model'][number];

type UserValues = {
  username: string;
  email: string;
  password: string;
  repeat: string;
  role: string;
  enabled: boolean;
  types: number[];
  operators: number[];
  white_labels: number[];
};

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
  const add = useAdminSave('backofficeUserAdd');
  const edit = useAdminSave('backofficeUserEdit');
  const toBody = (v: UserValues): BackofficeUserAddBody => ({ ...v, username: v.username.trim(), email: v.email.trim(), role: Number(v.role) as RoleId });
  const form = useContractForm<UserValues>(item ? backofficeUserEditBody : backofficeUserAddBody, {
    initial: {
      username: item?.username ?? '',
      email: item?.email ?? '',
      password: '',
      repeat: '',
      role: item ? String(item.role) : '',
      enabled: item?.enabled ?? true,
      types: item?.types ?? (partnerType === null ? [ALL_TYPES] : [partnerType]),
      operators: item?.operators ?? [],
      white_labels: item?.white_labels ?? [],
    },
    body: toBody,
    check: (v) => ({
      username: v.username.trim() ? undefined : t('admin.required'),
      role: v.role ? undefined : t('admin.required'),
      password: passwordError(v),
      repeat: v.password !== v.repeat ? t('header.password_match') : undefined,
    }),
  });
  const { values } = form;

  function passwordError(v: UserValues): string | undefined {
    if (item && v.password === '' && v.repeat === '') return undefined;
    const n = charCount(v.password);
    return n < PASSWORD_MIN || n > PASSWORD_MAX ? t('admin.users.passwordLength') : undefined;
  }

  // the body as built: the same for add and edit (an edit's empty password keeps the stored one)
  const submit = form.submit(async (_, v) => {
    const body = toBody(v);
    await (item ? edit.mutateAsync({ query: { user_id: item.id }, body }) : add.mutateAsync({ body }));
    successToast(t('admin.saved', { name: body.username }));
    onClose();
  });

  const on = (field: 'username' | 'email' | 'password' | 'repeat' | 'role') => (e: { target: { value: string } }) => form.set(field, e.target.value);
  return (
    <Modal open size="wide" title={t(item ? 'admin.users.editTitle' : 'admin.users.addTitle')} onClose={onClose} onSubmit={submit} footer={<FormFooter onCancel={onClose} submit={t('common.save')} pending={add.isPending || edit.isPending} />}>
      <div className="admin-row">
        <TextField label={t('admin.users.username')} autoComplete="off" value={values.username} maxLength={100} error={form.errors.username} onChange={on('username')} data-autofocus />
        <TextField label={t('admin.users.email')} type="email" autoComplete="off" value={values.email} maxLength={254} error={form.errors.email} onChange={on('email')} />
      </div>
      <div className="admin-row">
        <TextField label={t('admin.users.password')} hint={item ? t('admin.users.passwordKeep') : undefined} type="password" autoComplete="new-password" value={values.password} maxLength={PASSWORD_MAX * 2} error={form.errors.password} onChange={on('password')} />
        <TextField label={t('admin.users.repeat')} type="password" autoComplete="new-password" value={values.repeat} maxLength={PASSWORD_MAX * 2} error={form.errors.repeat} onChange={on('repeat')} />
      </div>
      <div className="admin-row">
        <SelectField label={t('admin.users.role')} value={values.role} error={form.errors.role} onChange={on('role')} data-testid="user-role">
          <option value="">{t('admin.users.chooseRole')}</option>
          {roles.data?.map((r) => (
            <option key={r.id} value={String(r.id)}>
              {r.name}
            </option>
          ))}
        </SelectField>
        <div className="field field--checkbox">
          <input id="user-enabled" type="checkbox" checked={values.enabled} onChange={(e) => form.set('enabled', e.target.checked)} />
          <label htmlFor="user-enabled">{t('admin.enabled')}</label>
        </div>
      </div>
      <CheckGroup
        legend={t('admin.types')}
        options={types.data}
        value={values.types}
        onChange={(v) => form.set('types', v)}
        all={partnerType === null ? { id: ALL_TYPES, label: t('admin.users.allTypes') } : undefined}
        disabled={partnerType !== null}
        error={form.errors.types}
        testId="user-types"
      />
      <CheckGroup legend={t('admin.users.operators')} options={operators.data} value={values.operators} onChange={(v) => form.set('operators', v)} error={form.errors.operators} testId="user-operators" />
      <CheckGroup legend={t('admin.users.whiteLabels')} options={whiteLabels.data} value={values.white_labels} onChange={(v) => form.set('white_labels', v)} error={form.errors.white_labels} testId="user-white-labels" />
    </Modal>
  );
}
