import { useTranslation } from 'react-i18next';
import { shiftDay } from '../format';

/** The day of a date tab: previous / date input / next, keyboard-usable. */
export function DayPicker({ value, max, onChange }: { value: string; max: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="dw-day" role="group" aria-label={t('device.common.day')}>
      <button type="button" className="btn btn--ghost" onClick={() => onChange(shiftDay(value, -1))} aria-label={t('device.common.previousDay')}>
        ‹
      </button>
      <label className="visually-hidden" htmlFor="dw-day-input">
        {t('device.common.day')}
      </label>
      <input
        id="dw-day-input"
        className="input input--compact"
        type="date"
        value={value}
        max={max}
        onChange={(e) => e.target.value && onChange(e.target.value)}
        data-testid="day-input"
      />
      <button
        type="button"
        className="btn btn--ghost"
        disabled={value >= max}
        onClick={() => onChange(shiftDay(value, 1))}
        aria-label={t('device.common.nextDay')}
      >
        ›
      </button>
    </div>
  );
}
