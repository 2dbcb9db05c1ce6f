import { useSearchParams } from 'react-router';
import { useTimeZone } from '../../lib/time-zone';
import { isDay, today } from './format';

/** The day of the date tabs: `?date=YYYY-MM-DD` (kept when switching tabs), default today in the user's zone. */
export function useDay(): { date: string; tz: string; max: string; setDate: (d: string) => void } {
  const tz = useTimeZone();
  const [params, setParams] = useSearchParams();
  const max = today(tz);
  const raw = params.get('date');
  const date = isDay(raw) ? raw : max;
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
