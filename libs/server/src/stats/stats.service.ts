import { Injectable } from '@nestjs/common';
import { ErrorCode, Role, fieldError, statsTypeDef, type StatsItem, type StatsListQuery, type StatsListResponse } from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { StatsRepository, type StatsRow } from './stats.repository.js';

/**
 * §2 /admin/stats/{type}, §7 GET /stats/list: a type's figures between two UTC days from the rollup, for white labels
 * of the user (§6: only the user's own; the administrator's are all). docs/statistics.md.
 */
@Injectable()
export class StatsService {
  constructor(private readonly repo: StatsRepository) {}

  /** The white labels the user may see. */
  private allowed(s: SessionUser): Promise<number[]> {
    return s.role === Role.Administrator ? this.repo.allWhiteLabels() : Promise.resolve(s.whiteLabels);
  }

  /**
   * The white labels a figure of the user covers (§6): those asked for, all of them the user's (else 403 naming
   * the field `whitelabel_ids`, never a white label), or without a list all of the user's. The stats and the daily report.
   */
  async whiteLabels(s: SessionUser, asked: number[] | undefined): Promise<number[]> {
    const allowed = await this.allowed(s);
    const foreign = (asked ?? []).find((id) => !allowed.includes(id));
    if (foreign !== undefined) throw new DomainError(ErrorCode.Forbidden, [fieldError('whitelabel_ids', 'statsWhiteLabelNotAllowed')]);
    return asked ?? allowed;
  }

  async list(s: SessionUser, q: StatsListQuery): Promise<StatsListResponse['model']> {
    const def = statsTypeDef(q.type);
    const whiteLabels = await this.whiteLabels(s, q.whitelabel_ids);
    if (q.deployment_id !== undefined) {
      if (!def.subWhiteLabel) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('deployment_id', 'unknownField', { field: 'deployment_id' })]);
      const owner = await this.repo.deploymentWhiteLabel(q.deployment_id);
      // another white label's deployment and an unknown one answer alike, naming no white label
      if (owner === null || !whiteLabels.includes(owner)) {
        throw new DomainError(ErrorCode.Forbidden, [fieldError('deployment_id', 'statsDeploymentNotAllowed')]);
      }
    }
    const rows = await this.repo.items({ type: q.type, from: q.from, to: q.to, whiteLabels, deploymentId: q.deployment_id });
    return { type: q.type, chart: def.chart, as_of: def.kind === 'snapshot' ? await this.snapshotTakenAt(q.type, rows) : null, items: rows.map((r) => toItem(q.type, r)) };
  }

  /**
   * When the snapshot shown was taken: the type's last roll when the rows are of the day it rolled (today's snapshot,
   * taken again every STATS_SNAPSHOT_MS); null for an older day's snapshot (taken on that day, its time not kept) or
   * no rows.
   */
  private async snapshotTakenAt(type: StatsListQuery['type'], rows: StatsRow[]): Promise<string | null> {
    const day = rows.at(-1)?.day;
    if (!day) return null;
    const state = (await this.repo.states()).find((x) => x.type === type);
    return state && String(state.rolled_day) === day ? new Date(state.rolled_at).toISOString() : null;
  }
}

/** §3 Stats items: the row with its dimension under the type's field. */
export function toItem(type: StatsListQuery['type'], r: StatsRow): StatsItem {
  const item: StatsItem = { day: r.day, value: r.value, white_label_id: r.white_label_id, white_label_name: r.white_label_name };
  const field = statsTypeDef(type).field;
  if (field) item[field] = r.dimension;
  return item;
}
