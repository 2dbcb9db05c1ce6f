import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useTimeZone } from '../../lib/time-zone';
import { useDataDays, type DayRoute } from './api/days';
import { isDay, today } from './format';

/**
 * Where the default day of a day tab comes from: `last` the last day with data of the tab's kind (asked from its day
 * route), `none` the device has no such data (today is shown), `today` the tab has no day route or it failed.
 */
export type DaySource = 'last' | 'none' | 'today';
type DayContextValue = { id: number; route: DayRoute; last: string | null; source: DaySource };
const DayContext = createContext<DayContextValue | null>(null);

/** The day tab's device and day route (for the picker's marks) with its resolved last day. */
export const useDayContext = () => useContext(DayContext);

/**
 * Wraps a day tab: without `?date` it asks the tab's day route for the last day with data first and renders the tab
 * once it knows (the tab then opens on that day instead of an empty today). With `?date` it renders at once.
 */
export function DayGate({ id, route, children }: { id: number; route: DayRoute; children: ReactNode }) {
  const tz = useTimeZone();
  const [params] = useSearchParams();
  const chosen = isDay(params.get('date'));
  const q = useDataDays(route, id, tz, undefined, true);
  if (!chosen && q.isPending) return createElement(Spinner, null);
  const last = q.data?.last ?? null;
  const source: DaySource = q.isError || !q.data ? 'today' : last ? 'last' : 'none';
  return createElement(DayContext.Provider, { value: { id, route, last, source } }, children);
}

/**
 * The day of the date tabs: `?date=YYYY-MM-DD` (kept when switching tabs), else the last day with data of the tab
 * (inside a `DayGate`), else today in the user's zone. Only a day the user picks goes into the URL, so each tab
 * opens on its own last day until one is chosen.
 */
/** The day of a day tab: the chosen day, the user's zone, today (the latest day) and how to choose another. */
export type Day = { date: string; tz: string; max: string; setDate: (d: string) => void };

export function useDay(): Day {
  const tz = useTimeZone();
  const ctx = useContext(DayContext);
  const [params, setParams] = useSearchParams();
  const max = today(tz);
  const raw = params.get('date');
  const date = isDay(raw) ? raw : ctx?.last && ctx.last <= max ? ctx.last : max;
  return {
    date,
    tz,
    max,
    setDate: (d) =>
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          n.set('date', d);
          n.delete('page');
          return n;
        },
        { replace: true },
      ),
  };
}
