import { Injectable } from '@nestjs/common';
import {
  canAccess,
  ErrorCode,
  fieldError,
  TIMELINE_KINDS,
  TIMELINE_SOURCES,
  type Area,
  type TimelineKind,
  type TimelinePage,
  type TimelineQuery,
  type TimelineSource,
} from '@tracker/contract';
import type { SessionUser } from '../access/session-user.js';
import { DomainError } from '../core/errors.js';
import { CommandStoreRepository } from '../commands/command-store.repository.js';
import { DeviceScopeService } from './device-scope.service.js';
import { DeviceTimelineRepository } from './device-timeline.repository.js';
import { timelineItem } from './timeline-items.js';
import { decodeCursor, encodeCursor, mergePage } from './timeline-keyset.js';

/**
 * The §6 area of the tab that shows each source's rows: a role sees in the timeline what its tabs show it (role 9
 * the log uploads it may read, only role 1 the rollouts' and modem runs' steps), never more.
 */
export const TIMELINE_SOURCE_AREA: Record<TimelineSource, Area> = {
  sms: 'deviceTabs',
  log: 'deviceLogs',
  gap: 'deviceTabs',
  firmware: 'firmware',
  modem: 'modem',
  audit: 'deviceTabs',
  safezone: 'deviceTabs',
  fix: 'deviceTabs',
  notification: 'deviceTabs',
  firstfix: 'deviceTabs',
};

/** The sources a role may see. */
export const timelineSources = (role: SessionUser['role']): TimelineSource[] => TIMELINE_SOURCES.filter((s) => canAccess(role, TIMELINE_SOURCE_AREA[s]));

/**
 * The device timeline (docs/device-workspace.md "Timeline"): a page of the merged sources the user's role may see,
 * newest first from `before` (or the newest), or the entries newer than `after` (what arrived meanwhile); the unread
 * alarms on top; an alarm marked read.
 */
@Injectable()
export class DeviceTimelineService {
  constructor(
    private readonly scope: DeviceScopeService,
    private readonly repo: DeviceTimelineRepository,
    private readonly store: CommandStoreRepository,
  ) {}

  async page(s: SessionUser, q: TimelineQuery): Promise<TimelinePage> {
    await this.scope.device(s, q.device_id);
    if (q.before && q.after) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('after', 'timelineOneCursor')]);
    const dir = q.after ? 'after' : 'before';
    const raw = q.after ?? q.before;
    const from = raw ? decodeCursor(raw) : null;
    if (raw && !from) throw new DomainError(ErrorCode.ValidationFailed, [fieldError(q.after ? 'after' : 'before', 'badFormat')]);
    const kinds = new Set<TimelineKind>(q.kinds ? (q.kinds.split(',') as TimelineKind[]) : TIMELINE_KINDS);
    const read = { deviceId: q.device_id, dir, from, kinds, q: q.q || null, limit: q.count + 1 } as const;
    const perSource = await Promise.all(timelineSources(s.role).map((src) => this.repo.read(src, read)));
    const { items, more } = mergePage(perSource, q.count, dir);
    const last = items.at(-1);
    const alarms = timelineSources(s.role).includes('sms') && kinds.has('watch') && !q.after ? await this.repo.unreadAlarms(q.device_id) : [];
    return {
      items: items.map(timelineItem),
      next: dir === 'before' && more && last ? encodeCursor(last) : null,
      alarms: alarms.map(timelineItem),
    };
  }

  /** Marks an alarm of the device read, with its audit row in the same transaction. */
  async acknowledge(s: SessionUser, deviceId: number, id: number): Promise<{ id: number; acknowledged_at: string }> {
    await this.scope.device(s, deviceId);
    return this.repo.transaction(async (c) => {
      const at = await this.store.acknowledgeAlarm(deviceId, id, s.userId, c);
      if (!at) throw new DomainError(ErrorCode.NotFound, [fieldError('id', 'timelineNoAlarm')]);
      await this.scope.deviceAudit(c, s, deviceId, 'alarm.ack', null, null, { sms_id: id, acknowledged_at: at });
      return { id, acknowledged_at: at };
    });
  }
}
