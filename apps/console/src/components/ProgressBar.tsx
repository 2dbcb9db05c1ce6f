import { useTranslation } from 'react-i18next';

/** A percent bar with its number, announced as a progressbar. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const { t } = useTranslation();
  const v = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={v}>
      <div className="progress__bar" style={{ width: `${v}%` }} />
      <span className="progress__text">{t('common.percent', { value: v })}</span>
    </div>
  );
}
