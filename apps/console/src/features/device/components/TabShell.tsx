import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceExportKind } from '@tracker/contract';
import { DayPicker, type MarkedDays } from '../../../components/DayPicker';
import { QueryState } from '../../../components/QueryState';
import { useTimeZone } from '../../../lib/time-zone';
import { useDataDays } from '../api/days';
import { useDayContext, type Day } from '../use-day';
import { ExportButton } from './ExportButton';

type QueryLike = Parameters<typeof QueryState>[0]['query'];

type ShellProps = {
  title: string;
  /** what the toolbar shows after the heading (buttons, a note) */
  toolbar?: ReactNode;
  /** the tab's main query: its loading, error and empty states come before `children` */
  query?: QueryLike;
  empty?: boolean;
  emptyTitle?: string;
  /** after the query state (a second section that loads on its own) */
  footer?: ReactNode;
  children: ReactNode;
};

/** A device tab: heading and toolbar, then the query state of its main call around its content. */
export function TabShell({ title, toolbar, query, empty, emptyTitle, footer, children }: ShellProps) {
  return (
    <div>
      <div className="dw-toolbar">
        <h2>{title}</h2>
        {toolbar}
      </div>
      {query ? (
        <QueryState query={query} empty={empty} emptyTitle={emptyTitle}>
          {children}
        </QueryState>
      ) : (
        children
      )}
      {footer}
    </div>
  );
}

type DayShellProps = Omit<ShellProps, 'toolbar'> & {
  /** the tab's day (`useDay()`) */
  day: Day;
  /** when the tab resets more than the day (page, selection) on a change */
  onDayChange?: (day: string) => void;
  /** the device export of the day, when the tab has one */
  exportKind?: DeviceExportKind;
  deviceId: number;
  /** in the toolbar before the picker */
  lead?: ReactNode;
  /** in the toolbar after the export button */
  actions?: ReactNode;
};

/**
 * A day tab (tracking, SMS, notifications, safe zones, gaps, temperature, audit): heading, the day picker with the
 * days with data and the "last day with data" note, the day's export, then the query state around the content.
 */
export function DayTabShell({ day, onDayChange, exportKind, deviceId, lead, actions, ...shell }: DayShellProps) {
  const ctx = useDayContext();
  const change = onDayChange ?? day.setDate;
  return (
    <TabShell
      {...shell}
      toolbar={
        <>
          {lead}
          <DayPicker value={day.date} max={day.max} onChange={change} useMarkedDays={ctx ? useTabDays : undefined}>
            {ctx ? <DayNote value={day.date} onChange={change} /> : null}
          </DayPicker>
          {exportKind ? <ExportButton kind={exportKind} deviceId={deviceId} date={day.date} tz={day.tz} /> : null}
          {actions}
        </>
      }
    />
  );
}

/** The calendar's marks: the days with data of the tab's kind in a month, from the tab's day route. */
const useTabDays: MarkedDays = (month) => {
  const ctx = useDayContext()!;
  const tz = useTimeZone();
  const q = useDataDays(ctx.route, ctx.id, tz, month);
  return { days: q.data?.days ?? NO_DAYS, busy: q.isFetching };
};
const NO_DAYS: readonly string[] = [];

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
