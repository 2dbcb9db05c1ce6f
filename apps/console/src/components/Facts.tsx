import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A label/value list (a device's, a fix's, a factory record's, an owner's facts); a missing value shows '–'. */
export function Facts({ rows, mono, testId }: { rows: [string, ReactNode][]; mono?: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <dl className="facts dw-facts" data-testid={testId}>
      {rows.map(([k, v]) => (
        <div key={k} className="dw-facts__row">
          <dt>{k}</dt>
          <dd className={mono ? 'mono' : undefined}>{v ?? t('common.none')}</dd>
        </div>
      ))}
    </dl>
  );
}
