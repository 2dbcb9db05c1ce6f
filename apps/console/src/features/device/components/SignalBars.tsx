import { useTranslation } from 'react-i18next';
import { signalBars } from '../format';

/** §9 signal scale drawn as five bars, with the dBm and the level as text for screen readers. */
export function SignalBars({ dbm }: { dbm: number | null | undefined }) {
  const { t } = useTranslation();
  const level = signalBars(dbm);
  if (level === null) return <span className="muted">{t('common.none')}</span>;
  return (
    <span className="dw-signal" title={t('device.signal.title', { level, dbm })}>
      <span className="dw-signal__bars" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={n <= level ? 'dw-signal__bar dw-signal__bar--on' : 'dw-signal__bar'} style={{ height: `${n * 3 + 2}px` }} />
        ))}
      </span>
      <span className="dw-signal__text">
        {dbm} dBm · {t(`device.signal.level${level}`)}
      </span>
    </span>
  );
}
