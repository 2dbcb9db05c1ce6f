import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMELINE_SOURCES, type TimelineItem, type TimelineKind } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import { deviceKey } from './device';

/** The newest page is asked for again this often while the timeline is shown: what arrives appears on top. */
export const TIMELINE_POLL_MS = 5000;
export const TIMELINE_PAGE = 50;

export type TimelineFilter = { kinds: TimelineKind[]; q: string };

const timelineKey = (id: number, f: TimelineFilter) => [...deviceKey(id), 'timeline', f.kinds.join(','), f.q] as const;
const query = (id: number, f: TimelineFilter, before?: string) => ({
  device_id: id,
  count: TIMELINE_PAGE,
  ...(f.kinds.length ? { kinds: f.kinds.join(',') } : {}),
  ...(f.q ? { q: f.q } : {}),
  ...(before ? { before } : {}),
});

/** The newest page and the unread alarms, polled (GET /device/timeline, beyond §7). */
export function useTimelineHead(id: number, f: TimelineFilter) {
  return useQuery({
    queryKey: timelineKey(id, f),
    queryFn: () => apiCall('deviceTimeline', { query: query(id, f) }),
    refetchInterval: TIMELINE_POLL_MS,
  });
}

/** An older page (the "load older" button): the entries before `cursor`. */
export const fetchTimelinePage = (id: number, f: TimelineFilter, cursor: string) => apiCall('deviceTimeline', { query: query(id, f, cursor) });

/** Marks an alarm read; the timeline is asked for again. */
export function useAcknowledgeAlarmMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (alarmId: number) => apiCall('deviceAlarmAck', { body: { device_id: id, id: alarmId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...deviceKey(id), 'timeline'] }),
  });
}

const entryKey = (e: TimelineItem) => `${e.source}:${e.id}`;
const rank = (e: TimelineItem) => TIMELINE_SOURCES.indexOf(e.source);

/**
 * The entries shown after `fresh` came in: those shown so far with `fresh` merged in (an entry's newer state wins),
 * each entry once, in the timeline's order (time, source, id; newest first). Nothing shown goes away: an entry pushed
 * off the newest page by new ones stays where the agent reads it.
 */
export function mergeEntries(shown: readonly TimelineItem[], fresh: readonly TimelineItem[]): TimelineItem[] {
  const byKey = new Map<string, TimelineItem>();
  for (const e of shown) byKey.set(entryKey(e), e);
  for (const e of fresh) byKey.set(entryKey(e), e);
  return [...byKey.values()].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || rank(b) - rank(a) || b.id - a.id);
}
