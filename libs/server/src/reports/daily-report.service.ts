import { Injectable } from '@nestjs/common';
import { ErrorCode, Role, fieldError, type DailyReportQuery, type DailyReportResponse } from '@tracker/contract';
import { addDays, todayIn } from '../core/day-range.js';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { StatsService } from '../stats/stats.service.js';
import { DailyReportRepository } from './daily-report.repository.js';

/**
 * §2 /admin/reports/daily, §7 GET /reports/daily: the figures of the days ending on a day, cut in the user's time zone.
 * White labels as for the statistics (§6): the administrator without a list sees the whole fleet (devices and SMS
 * without an owner too), anyone else only the own white labels, for which the fleet-wide figures are null.
 */
@Injectable()
export class DailyReportService {
  constructor(
    private readonly repo: DailyReportRepository,
    private readonly stats: StatsService,
  ) {}

  async daily(s: SessionUser, q: DailyReportQuery): Promise<DailyReportResponse['model']> {
    const today = todayIn(q.tz);
    const date = q.date ?? today;
    if (date > today) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('date', 'reportDayInFuture')]);
    const whiteLabels = s.role === Role.Administrator && !q.whitelabel_ids ? null : await this.stats.whiteLabels(s, q.whitelabel_ids);
    const items = await this.repo.days({ first: addDays(date, -(q.days - 1)), last: date, tz: q.tz, whiteLabels, today });
    // today's figures are those of its last roll (minutes old): the report says when that was
    const asOf = date === today ? await this.repo.rolledAt(q.tz, today) : null;
    return { date, days: q.days, tz: q.tz, white_label_ids: whiteLabels, as_of: asOf, items };
  }
}
