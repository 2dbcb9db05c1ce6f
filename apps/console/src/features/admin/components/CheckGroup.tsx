import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Option = { id: number; name: string };

/**
 * A fieldset of checkboxes over a reference list (device types, operators, white labels): the chosen ids in, the new
 * choice out; `all`, when given, is the "ALL" choice that replaces the others (types: -1).
 */
export function CheckGroup({
  legend,
  options,
  value,
  onChange,
  all,
  disabled,
  error,
  testId,
}: {
  legend: string;
  options: readonly Option[] | undefined;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  all?: { id: number; label: string };
  disabled?: boolean;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const isAll = all !== undefined && value.includes(all.id);
  const toggle = (v: number, on: boolean) => onChange(on ? [...value.filter((x) => x !== all?.id), v] : value.filter((x) => x !== v));
  return (
    <fieldset className="field admin-checks" data-testid={testId} aria-invalid={error ? true : undefined} disabled={disabled}>
      <legend className="field__label">{legend}</legend>
      {all ? (
        <label className="admin-checks__item">
          <input type="checkbox" checked={isAll} onChange={(e) => onChange(e.target.checked ? [all.id] : [])} /> {all.label}
        </label>
      ) : null}
      {options === undefined ? <span className="muted">{t('common.loading')}</span> : null}
      {options?.map((o) => (
        <label key={o.id} className="admin-checks__item">
          <input type="checkbox" checked={value.includes(o.id)} disabled={isAll} onChange={(e) => toggle(o.id, e.target.checked)} /> {o.name}
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
