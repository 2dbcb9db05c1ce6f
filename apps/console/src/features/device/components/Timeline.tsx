import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canAccess, isFieldCode, LOCATION_SOURCES, TIMELINE_KINDS, type RoleId, type TimelineItem, type TimelineKind } from '@tracker/contract';
import { QueryState } from '../../../components/QueryState';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { reasonLabel } from '../../../lib/reasons';
import { useSession } from '../../../lib/session';
import { useTimeZone } from '../../../lib/time-zone';
import { fetchTimelinePage, mergeEntries, useAcknowledgeAlarmMutation, useTimelineHead, type TimelineFilter } from '../api/timeline';
import { canEdit, DEVICE_TABS } from '../device-tabs';
import { duration } from '../format';

/** The device tabs that show a day: a link opens them on the entry's day in the chosen time zone. */
const DAY_TABS = new Set(['sms', 'gaps', 'notifications', 'safezones', 'tracking']);

/** Where an entry's detail is: a device tab (on its day), a rollout's devices, the modem updates' outcomes. */
function linkOf(e: TimelineItem, deviceId: number, tz: string, role: RoleId): string | null {
  const l = e.link;
  if (!l) return null;
  if (l.tab === 'firmware') return canAccess(role, 'firmware') && l.ref ? `/admin/fup/upgrade/${l.ref}` : null;
  if (l.tab === 'modem') return canAccess(role, 'modem') ? '/admin/modem/outcomes' : null;
  const tab = DEVICE_TABS.find((x) => x.key === l.tab);
  if (!tab || !canAccess(role, tab.area)) return null;
  return `/device/${deviceId}/${tab.path}${DAY_TABS.has(l.tab) ? `?date=${formatDate(e.at, tz)}` : ''}`;
}

/** One entry: when, what, its text and reply, its state or reason, who, and the link to its detail. */
function Entry({ e, deviceId, onAck }: { e: TimelineItem; deviceId: number; onAck?: (id: number) => void }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const href = linkOf(e, deviceId, tz, useSession()!.role);
  const what = e.code && (e.what === 'alarm' || e.what === 'event') ? t(`device.sms.event.${e.code}`, { defaultValue: e.code }) : t(`timeline.what.${e.what}`, { defaultValue: e.what });
  const reason = e.reason ? (isFieldCode(e.reason.code) ? reasonLabel(t, e.reason.code, e.reason.params) : e.reason.text) : null;
  const by = e.by && e.by.kind !== 'watch' ? t(`timeline.by.${e.by.kind}`, { name: e.by.name ?? '', from: e.by.from ?? '' }) + (e.by.from ? ` (${e.by.from})` : '') : null;
  return (
    <li className={`timeline__entry timeline__entry--${e.kind}${e.what === 'alarm' ? ' timeline__entry--alarm' : ''}`} data-testid={`timeline-${e.source}-${e.id}`} data-what={e.what}>
      <time dateTime={e.at}>{formatDateTime(e.at, tz)}</time>
      <div>
        <strong>{what}</strong>
        {e.what === 'command' || e.what === 'setting' ? <span className="mono"> {e.code}</span> : null}
        {e.what === 'staff' ? <span className="mono"> {e.code}</span> : null}
        {e.what === 'zone_entry' || e.what === 'zone_exit' ? <span> {e.code}</span> : null}
        {e.what === 'gap' && e.duration_s !== null ? (
          <span> {t('timeline.silent', { from: formatDateTime(String(e.params.from), tz), until: formatDateTime(e.until ?? e.at, tz), duration: duration(e.duration_s) })}</span>
        ) : null}
        {e.what === 'first_fix' ? (
          <span data-testid="timeline-first-fix">
            {' '}
            {t('timeline.firstFix', {
              at: formatDateTime(String(e.params.fix_at), tz),
              source: LOCATION_SOURCES[Number(e.params.source)] ? t(`device.source.${LOCATION_SOURCES[Number(e.params.source)]}`) : t('device.source.unknown', { n: e.params.source }),
            })}
          </span>
        ) : null}
        {e.state ? <span className={`timeline__state timeline__state--${e.state}`} data-testid="timeline-state"> {t(`timeline.state.${e.state}`, { defaultValue: e.state })}</span> : null}
        {e.text ? <div className="mono timeline__text">{e.text}</div> : null}
        {e.reply ? <div className="mono timeline__reply" data-testid="timeline-reply">↳ {e.reply}</div> : null}
        {e.what === 'setting' && e.params.reported !== undefined ? <div>{t('timeline.reported', { value: e.params.reported })}</div> : null}
        {reason ? <div className="dw-sms-error">{reason}</div> : null}
        {e.what === 'staff' && (e.before || e.after) ? <div className="mono timeline__change">{JSON.stringify(e.before)} → {JSON.stringify(e.after)}</div> : null}
        {by ? <div className="muted">{by}</div> : null}
      </div>
      <div className="timeline__actions">
        {href ? <Link to={href}>{t('timeline.open')}</Link> : null}
        {onAck && e.unread ? (
          <button type="button" className="btn" onClick={() => onAck(e.id)} data-testid="timeline-ack">
            {t('timeline.ack')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The device's timeline (docs/device-workspace.md "Timeline"): unread alarms on top, then everything newest first,
 * filtered by kind and searched in the texts; older entries page by cursor; the newest page is asked for again every
 * few seconds, and what arrives shows on top without moving what the agent reads.
 */
export function Timeline({ id }: { id: number }) {
  const { t } = useTranslation();
  const role = useSession()!.role;
  const [filter, setFilter] = useState<TimelineFilter>({ kinds: [], q: '' });
  const [search, setSearch] = useState('');
  const head = useTimelineHead(id, filter);
  const ack = useAcknowledgeAlarmMutation(id);
  const [shown, setShown] = useState<TimelineItem[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // a new filter starts over; each newest page is merged into what is shown
  useEffect(() => {
    setShown([]);
    setNext(null);
  }, [filter]);
  useEffect(() => {
    if (!head.data) return;
    setShown((s) => mergeEntries(s, head.data.items));
    setNext((n) => n ?? head.data.next);
  }, [head.data]);

  async function older() {
    if (!next) return;
    setLoading(true);
    try {
      const p = await fetchTimelinePage(id, filter, next);
      setShown((s) => mergeEntries(s, p.items));
      setNext(p.next);
    } finally {
      setLoading(false);
    }
  }

  const toggle = (k: TimelineKind) => setFilter((f) => ({ ...f, kinds: f.kinds.includes(k) ? f.kinds.filter((x) => x !== k) : [...f.kinds, k] }));
  const alarms = head.data?.alarms ?? [];
  const mayAck = canEdit(role, 'device');
  return (
    <section className="dw-section timeline" aria-label={t('timeline.title')} data-testid="timeline">
      <h3>{t('timeline.title')}</h3>
      <form
        className="timeline__filters"
        role="search"
        onSubmit={(ev: FormEvent) => {
          ev.preventDefault();
          setFilter((f) => ({ ...f, q: search.trim() }));
        }}
      >
        {TIMELINE_KINDS.map((k) => (
          <button key={k} type="button" className={`btn${filter.kinds.includes(k) ? ' btn--primary' : ''}`} aria-pressed={filter.kinds.includes(k)} onClick={() => toggle(k)}>
            {t(`timeline.kind.${k}`)}
          </button>
        ))}
        <input className="input" type="search" aria-label={t('timeline.search')} placeholder={t('timeline.search')} value={search} maxLength={100} onChange={(ev) => setSearch(ev.target.value)} />
      </form>
      {alarms.length ? (
        <ol className="timeline__list timeline__alarms" aria-label={t('timeline.alarms')} data-testid="timeline-alarms">
          {alarms.map((e) => (
            <Entry key={`a${e.id}`} e={e} deviceId={id} onAck={mayAck && !ack.isPending ? (x) => ack.mutate(x) : undefined} />
          ))}
        </ol>
      ) : null}
      <QueryState query={head} empty={head.data !== undefined && shown.length === 0} emptyTitle={t('timeline.empty')}>
        <ol className="timeline__list" data-testid="timeline-list">
          {shown.map((e) => (
            <Entry key={`${e.source}:${e.id}`} e={e} deviceId={id} />
          ))}
        </ol>
        {next ? (
          <button type="button" className="btn" disabled={loading} onClick={() => void older()} data-testid="timeline-older">
            {t('timeline.older')}
          </button>
        ) : null}
      </QueryState>
    </section>
  );
}
