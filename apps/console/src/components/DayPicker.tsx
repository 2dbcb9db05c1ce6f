import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './Field';
import './DayPicker.css';

/** The day before / after a `YYYY-MM-DD`. */
export function shiftDay(day: string, delta: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
}

export const monthOf = (day: string) => day.slice(0, 7);
function shiftMonth(month: string, delta: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + delta);
  return d.toISOString().slice(0, 7);
}

/** What a picker's calendar shows: the marked days of a month (`YYYY-MM`), loaded by the caller. */
export type MarkedDays = (month: string) => { days: readonly string[]; busy: boolean };

type Props = {
  value: string;
  max: string;
  onChange: (day: string) => void;
  /** a calendar of the days with data, its month's days supplied by the caller (a hook: called on every render) */
  useMarkedDays?: MarkedDays | undefined;
  /** shown after the picker inside its group (a note about the day) */
  children?: ReactNode;
};

/**
 * A required day: previous / date input / next, keyboard-usable; with `useMarkedDays` also a month calendar in
 * which the days with data are marked.
 */
export function DayPicker({ value, max, onChange, useMarkedDays, children }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <div className="dw-day" role="group" aria-label={t('day.label')}>
      <button type="button" className="btn btn--ghost" onClick={() => onChange(shiftDay(value, -1))} aria-label={t('day.previous')}>
        ‹
      </button>
      <TextField
        className="field--inline"
        label={t('day.label')}
        hideLabel
        compact
        type="date"
        value={value}
        max={max}
        onChange={(e) => e.target.value && onChange(e.target.value)}
        data-testid="day-input"
      />
      <button type="button" className="btn btn--ghost" disabled={value >= max} onClick={() => onChange(shiftDay(value, 1))} aria-label={t('day.next')}>
        ›
      </button>
      {useMarkedDays ? (
        <>
          <button
            ref={toggle}
            type="button"
            className="btn btn--ghost"
            aria-expanded={open}
            aria-controls="dw-cal"
            onClick={() => setOpen((o) => !o)}
            data-testid="days-toggle"
          >
            {t('day.calendar')}
          </button>
          {open ? (
            <MonthCalendar
              value={value}
              max={max}
              useMarkedDays={useMarkedDays}
              onPick={(d) => {
                setOpen(false);
                onChange(d);
              }}
              onClose={() => {
                setOpen(false);
                toggle.current?.focus();
              }}
            />
          ) : null}
        </>
      ) : null}
      {children}
    </div>
  );
}

type CalendarProps = { value: string; max: string; useMarkedDays: MarkedDays; onPick: (d: string) => void; onClose: () => void };

/** A month grid (weeks from Monday) in which the marked days are highlighted. */
function MonthCalendar({ value, max, useMarkedDays, onPick, onClose }: CalendarProps) {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(monthOf(value));
  const marked = useMarkedDays(month);
  const withData = new Set(marked.days);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"], [data-has-data="true"]')?.focus();
  }, [marked.days]);

  const first = new Date(`${month}-01T00:00:00Z`);
  const lead = (first.getUTCDay() + 6) % 7; // Monday first
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(lead).fill(null)];
  for (let n = 1; n <= length; n++) cells.push(`${month}-${String(n).padStart(2, '0')}`);
  const title = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first);
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const weekdays = Array.from({ length: 7 }, (_, i) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i)))); // 2024-01-01 is a Monday

  return (
    <div
      id="dw-cal"
      ref={ref}
      className="dw-cal"
      role="dialog"
      aria-label={t('day.calendarTitle')}
      data-testid="day-calendar"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="dw-cal__head">
        <button type="button" className="btn btn--ghost" onClick={() => setMonth((m) => shiftMonth(m, -1))} aria-label={t('day.previousMonth')}>
          ‹
        </button>
        <span aria-live="polite" data-testid="day-calendar-month">
          {title}
        </span>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={month >= monthOf(max)}
          onClick={() => setMonth((m) => shiftMonth(m, 1))}
          aria-label={t('day.nextMonth')}
        >
          ›
        </button>
      </div>
      <div className="dw-cal__grid" aria-busy={marked.busy}>
        {weekdays.map((w) => (
          <span key={w} className="dw-cal__weekday" aria-hidden="true">
            {w}
          </span>
        ))}
        {cells.map((day, i) =>
          day === null ? (
            <span key={`lead-${i}`} />
          ) : (
            <button
              key={day}
              type="button"
              className={`dw-cal__day${withData.has(day) ? ' dw-cal__day--data' : ''}`}
              aria-pressed={day === value}
              aria-label={withData.has(day) ? t('day.withData', { day }) : day}
              data-has-data={withData.has(day)}
              data-testid="day-calendar-day"
              disabled={day > max}
              onClick={() => onPick(day)}
            >
              {Number(day.slice(8))}
            </button>
          ),
        )}
      </div>
      <p className="muted dw-cal__legend">
        <span className="dw-cal__swatch" aria-hidden="true" /> {t('day.legend')}
      </p>
    </div>
  );
}
