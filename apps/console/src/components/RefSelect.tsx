import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from './Field';

type ListQuery<T> = { data?: readonly T[] | undefined; isPending: boolean; isError: boolean };

/**
 * A select over one of the reference lists of §7 (device types, deployments, servers, VoIP centrals, white labels):
 * the list's react-query state in, its rows as options out. While the list loads the select is disabled and says so;
 * when it cannot be loaded the field says that (the form stays usable); `placeholder` is the empty first option.
 */
export function RefSelect<T extends { id: number | string }>({
  query,
  optionLabel,
  placeholder,
  label,
  error,
  hint,
  disabled,
  ...select
}: {
  query: ListQuery<T>;
  optionLabel: (row: T) => ReactNode;
  placeholder?: ReactNode;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label}
      error={error ?? (query.isError ? t('common.loadFailed') : undefined)}
      hint={hint}
      disabled={disabled || query.isPending}
      {...select}
    >
      {query.isPending ? (
        <option value={String(select.value ?? '')}>{t('common.loading')}</option>
      ) : placeholder !== undefined ? (
        <option value="">{placeholder}</option>
      ) : null}
      {(query.data ?? []).map((row) => (
        <option key={row.id} value={String(row.id)}>
          {optionLabel(row)}
        </option>
      ))}
    </SelectField>
  );
}
