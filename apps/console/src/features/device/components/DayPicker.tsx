import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/time-zone';
import { useDataDays } from '../api/days';
import { shiftDay } from '../format';
import { useDayContext } from '../use-day';
import './DayPicker.css';

/** The day of a date tab: previous / date input / next, keyboard-usable; inside a day tab also the days with data. */
export function DayPicker({ value, max, onChange }: { value: string; max: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  const ctx = useDayContext();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
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
      {ctx ? (
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
            {t('device.days.calendar')}
          </button>
          {open ? (
            <DataCalendar
              value={value}
              max={max}
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
          <DayNote value={value} onChange={onChange} />
        </>
      ) : null}
    </div>
  );
}

/** Beside the picker: says the tab opened on the last day with data, or offers to go there, or that there is none. */
function DayNote({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  const ctx = useDayContext()!;
  if (ctx.source === 'none') {
    return (
      <span className="muted dw-day__note" data-testid="day-note">
        {t('device.days.none')}
      </span>
    );
  }
  if (ctx.source !== 'last' || !ctx.last) return null;
  if (ctx.last === value) {
    return (
      <span className="muted dw-day__note" data-testid="day-note">
        {t('device.days.onLast')}
      </span>
    );
  }
  const last = ctx.last;
  return (
    <button type="button" className="dw-linkbtn dw-day__note" onClick={() => onChange(last)} data-testid="day-note">
      {t('device.days.goLast', { day: last })}
    </button>
  );
}

const monthOf = (day: string) => day.slice(0, 7);
function shiftMonth(month: string, delta: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + delta);
  return d.toISOString().slice(0, 7);
}

/** A month grid (weeks from Monday) in which the days with data of the tab's kind are marked. */
function DataCalendar({ value, max, onPick, onClose }: { value: string; max: string; onPick: (d: string) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ctx = useDayContext()!;
  const tz = useTimeZone();
  const [month, setMonth] = useState(monthOf(value));
  const q = useDataDays(ctx.route, ctx.id, tz, month);
  const withData = new Set(q.data?.days ?? []);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"], [data-has-data="true"]')?.focus();
  }, [q.data]);

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
      aria-label={t('device.days.calendarTitle')}
      data-testid="day-calendar"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="dw-cal__head">
        <button type="button" className="btn btn--ghost" onClick={() => setMonth((m) => shiftMonth(m, -1))} aria-label={t('device.days.previousMonth')}>
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
          aria-label={t('device.days.nextMonth')}
        >
          ›
        </button>
      </div>
      <div className="dw-cal__grid" aria-busy={q.isFetching}>
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
              aria-label={withData.has(day) ? t('device.days.withData', { day }) : day}
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
        <span className="dw-cal__swatch" aria-hidden="true" /> {t('device.days.legend')}
      </p>
    </div>
  );
}
