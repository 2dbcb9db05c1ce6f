import { useTranslation } from 'react-i18next';
import { LANGUAGES, ownerUpdateRequest, type OwnerDetails, type OwnerUpdateRequest } from '@tracker/contract';
import { SelectField, TextField } from '../../../components/Field';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { reasonLabel } from '../../../lib/reasons';
import { useCountries, useUpdateOwnerMutation } from '../api/owner';

const TEXT_FIELDS = ['first_name', 'last_name', 'phone', 'street', 'house_number', 'zip', 'city'] as const;
type TextKey = (typeof TEXT_FIELDS)[number];
type Values = Record<TextKey | 'country_code' | 'language', string> & { is_test: boolean; language_override: boolean };

function valuesOf(o: OwnerDetails): Values {
  const u = o.userData;
  const a = o.userAddress;
  return {
    first_name: u.first_name ?? '', last_name: u.last_name ?? '', phone: u.phone ?? '', language: u.language,
    street: a.street ?? '', house_number: a.house_number ?? '', zip: a.zip ?? '', city: a.city ?? '', country_code: a.country_code ?? '',
    is_test: u.is_test, language_override: u.language_override,
  };
}

/**
 * The profile editor: sends only what changed. A field emptied is sent as '' and, as §5 says, kept by the api,
 * which names it in `ignored`: the console shows that message under the field.
 */
export function ProfileForm({ id, owner }: { id: number; owner: OwnerDetails }) {
  const { t } = useTranslation();
  const initial = valuesOf(owner);
  const update = useUpdateOwnerMutation(id);
  /** only what changed is sent (and checked) */
  const changes = (v: Values): OwnerUpdateRequest => {
    const changed: Record<string, string | boolean> = {};
    for (const k of [...TEXT_FIELDS, 'country_code', 'language', 'is_test', 'language_override'] as const) {
      if (v[k] !== initial[k]) changed[k] = typeof v[k] === 'string' ? (v[k] as string).trim() : v[k];
    }
    return changed as OwnerUpdateRequest;
  };
  const form = useContractForm(ownerUpdateRequest, { initial, body: changes });
  const { values, errors } = form;
  const setValues = (next: Values) => form.setValues(next);
  const countries = useCountries().data ?? [];
  // the stored code stays selectable even when the list is not (yet) there
  const countryOptions = countries.some((c) => c.code === values.country_code) || !values.country_code
    ? countries
    : [{ code: values.country_code, name: values.country_code }, ...countries];

  const onSubmit = form.submit(async (_, v) => {
    const r = await update.mutateAsync(changes(v));
    // §5: a field sent empty is kept, and the api says so: the note shows under the field
    form.setErrors(Object.fromEntries(r.ignored.map((n) => [n.field, reasonLabel(t, n.code as never, n.params)])));
    form.setValues(valuesOf(r.user));
    if (r.ignored.length === 0) successToast(t('ownerWs.profile.saved'));
  });

  const text = (k: TextKey) => (
    <TextField
      key={k}
      label={t(`ownerWs.profile.field.${k}`)}
      value={values[k]}
      error={errors[k]}
      onChange={(e) => setValues({ ...values, [k]: e.target.value })}
    />
  );
  return (
    <form className="owner-form" onSubmit={(e) => void onSubmit(e)} data-testid="profile-form" noValidate>
      <div className="form-grid">
        {TEXT_FIELDS.map(text)}
        <SelectField
          label={t('ownerWs.profile.field.country_code')}
          value={values.country_code}
          error={errors.country_code}
          data-testid="profile-country"
          onChange={(e) => setValues({ ...values, country_code: e.target.value })}
        >
          <option value="">—</option>
          {countryOptions.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.code})
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('ownerWs.profile.field.language')}
          value={values.language}
              error={errors.language}
          onChange={(e) => setValues({ ...values, language: e.target.value })}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
      </div>
      <label className="field field--checkbox">
        <input type="checkbox" checked={values.is_test} onChange={(e) => setValues({ ...values, is_test: e.target.checked })} />{' '}
        {t('ownerWs.profile.field.is_test')}
      </label>
      <label className="field field--checkbox">
        <input
          type="checkbox"
          checked={values.language_override}
              onChange={(e) => setValues({ ...values, language_override: e.target.checked })}
        />{' '}
        {t('ownerWs.profile.field.language_override')}
      </label>
      <p>
        <button type="submit" className="btn btn--primary" disabled={update.isPending} data-testid="profile-save">
          {t('common.save')}
        </button>
      </p>
    </form>
  );
}
