import { Injectable } from '@nestjs/common';
import {
  deviceTypeScope,
  digitsOnly,
  ErrorCode,
  fieldError,
  nextDigitPrefix,
  normalizePhoneQuery,
  PAGER_MAX_SIZE,
  type DeviceSearchQuery,
  type DeviceSearchResponse,
} from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { buildCondition, SearchRepository } from './search.repository.js';

/** Full IMEIs have 15 digits (some trackers report 16 with a software version digit). */
const IMEI_FULL = 15;
const IMSI_FULL = 15;

@Injectable()
export class SearchService {
  constructor(private readonly repo: SearchRepository) {}

  async search(s: SessionUser, q: DeviceSearchQuery): Promise<DeviceSearchResponse['model']> {
    const cond = this.condition(q);
    // count just past the furthest page the pager can show from here
    const reachablePages = q.page + PAGER_MAX_SIZE + 1;
    const countCap = reachablePages * q.count + 1;
    const { items, counted } = await this.repo.searchPage(
      cond,
      deviceTypeScope(s.role),
      q.count,
      q.page * q.count,
      countCap,
    );
    const more = counted >= countCap;
    const total_pages = Math.ceil(Math.min(counted, countCap - 1) / q.count);
    return { items, total_pages, more, page: q.page };
  }

  private condition(q: DeviceSearchQuery) {
    const digitsRequired = (digits: string, field: string) => {
      if (!digits) throw new DomainError(ErrorCode.ValidationFailed, [fieldError('query', 'digitsOnly', { what: field })]);
      return digits;
    };
    switch (q.filter) {
      case 'imei': {
        const d = digitsRequired(digitsOnly(q.query), 'IMEI');
        return buildCondition('imei', d.length >= IMEI_FULL ? { exact: d } : { from: d, to: nextDigitPrefix(d) });
      }
      case 'imsi': {
        const d = digitsRequired(digitsOnly(q.query), 'IMSI');
        return buildCondition('imsi', d.length >= IMSI_FULL ? { exact: d } : { from: d, to: nextDigitPrefix(d) });
      }
      case 'gsm_number': {
        // numbers are stored in E.164 with the leading '+'
        const d = digitsRequired(normalizePhoneQuery(q.query), 'Phone number');
        const to = nextDigitPrefix(d);
        return buildCondition('gsm_number', { from: `+${d}`, to: to ? `+${to}` : '+:' });
      }
      case 'email':
        return buildCondition('email', { words: [q.query.toLowerCase()] });
      case 'user_name':
        return buildCondition('user_name', { words: q.query.split(/\s+/).filter(Boolean).slice(0, 4) });
    }
  }
}
