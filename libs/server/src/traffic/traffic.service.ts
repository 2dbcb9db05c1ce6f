import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  DAY_MS,
  EXPORT_HASH_TTL_SECONDS,
  SMS_RANGE_MAX_DAYS,
  PAGER_MAX_SIZE,
  nextDigitPrefix,
  normalizePhoneQuery,
  smsRange,
  type SmsCsvGenerateQuery,
  type SmsExportKind,
  type SmsSearchQuery,
  type SmsSearchResponse,
  type SmsStatistics,
  type SmsStatisticsQuery,
} from '@tracker/contract';
import { ExportStore, RANGE_EXPORT_KIND, type ExportTicket, type RangeExportParams } from '../core/exports/index.js';
import type { SessionUser } from '../access/session-user.js';
import { TrafficRepository, type TrafficMatch } from './traffic.repository.js';

/** What a traffic export hash stands for (kept by the ExportStore with its owner and expiry): §7's range ticket. */
export type SmsExportParams = RangeExportParams;
const EXPORT_KIND = RANGE_EXPORT_KIND;

/** A number as typed: digits with an optional leading + and separators (spaces, dashes, dots, brackets). */
const NUMBER_LIKE = /^\+?[\d\s\-./()]+$/;
const COMMAND_KEY = /^[A-Za-z0-9_]+$/;
/** Trigram indexes answer parts of 3 characters or more; a shorter text matches command keys only. */
const MIN_PART = 3;
/** An IMEI part must have this many digits before devices are looked up by it (a shorter one names too many). */
const IMEI_PART_MIN = 8;
const IMEI_LENGTH = 15;
const IMEI_DEVICES_MAX = 1000;


/**
 * SMS traffic (§2 /admin/traffic, §5, §7): the search, its counters and its exports. Reads what the pipeline writes
 * (sms_message, sms_statistic); writes nothing but export hashes. What a query matches: docs/sms-traffic.md.
 */
@Injectable()
export class TrafficService {
  constructor(
    private readonly repo: TrafficRepository,
    private readonly store: ExportStore,
  ) {}

  async search(q: SmsSearchQuery): Promise<SmsSearchResponse['model']> {
    const match = await this.match(q.query);
    // count just past the furthest page the pager can show from here (as the dashboard search does)
    const countCap = (q.page + PAGER_MAX_SIZE + 1) * q.count + 1;
    const { items, counted } = await this.repo.page(match, smsRange(q.from, q.to), q.count, q.page * q.count, countCap);
    const more = counted >= countCap;
    const total_pages = Math.ceil(Math.min(counted, countCap - 1) / q.count);
    return { items, total_pages, more, page: q.page };
  }

  /** The counters of every day, or of the searched range (until included, as smsRange): whole days from sms_statistic. */
  statistics(q: SmsStatisticsQuery): Promise<SmsStatistics> {
    if (!q.from || !q.to) return this.repo.statisticDays();
    return this.repo.statisticDays({ from: q.from, to: q.to });
  }

  /** A query alone (§7 `?query`) covers the longest range a search may: SMS_RANGE_MAX_DAYS days before today until today. */
  generate(s: SessionUser, q: SmsCsvGenerateQuery): Promise<ExportTicket> {
    const today = new Date().toISOString().slice(0, 10);
    const from = q.from ?? new Date(Date.parse(`${today}T00:00:00Z`) - SMS_RANGE_MAX_DAYS * DAY_MS).toISOString().slice(0, 10);
    const params: SmsExportParams = { query: q.query ?? null, from, to: q.to ?? today };
    return this.store.create(s.userId, EXPORT_KIND, params, EXPORT_HASH_TTL_SECONDS);
  }

  /** The parameters behind a hash: 404 when expired, unknown or made by another user. */
  resolve(s: SessionUser, hash: string): Promise<SmsExportParams> {
    return this.store.resolve<SmsExportParams>(s.userId, EXPORT_KIND, hash);
  }

  fileName(kind: SmsExportKind, p: SmsExportParams): string {
    return `${kind}_${p.from}_${p.to}.csv`;
  }

  /** Streams the export's rows through the CSV writer into `out`: constant memory whatever the row count. */
  async stream(kind: SmsExportKind, p: SmsExportParams, out: Writable): Promise<void> {
    const match = p.query === null ? null : await this.match(p.query);
    return this.repo.stream(kind, match, smsRange(p.from, p.to), out);
  }

  /** What the user's text stands for: a number (or IMEI) part, or a command key and a text part. */
  private async match(query: string): Promise<TrafficMatch> {
    const text = query.trim();
    const digits = normalizePhoneQuery(text);
    if (NUMBER_LIKE.test(text) && digits.length >= MIN_PART) {
      // an IMEI has no '+' and at most 15 digits; a part of it is a prefix (digit range over device.imei)
      const imei = !text.startsWith('+') && digits.length >= IMEI_PART_MIN && digits.length <= IMEI_LENGTH;
      const deviceIds = imei ? await this.repo.devicesByImei(digits, nextDigitPrefix(digits), IMEI_DEVICES_MAX) : [];
      return { kind: 'number', digits, deviceIds };
    }
    const key = COMMAND_KEY.test(text) ? text.toUpperCase() : null;
    // a short text that cannot be a key is still looked for in the texts (the range bounds the scan)
    return { kind: 'text', key, text: [...text].length >= MIN_PART || !key ? text : null };
  }
}
