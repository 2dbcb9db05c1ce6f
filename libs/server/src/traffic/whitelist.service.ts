import { Injectable } from '@nestjs/common';
import { ErrorCode, digitsOnly, fieldError, type GsmSearchQuery, type WhitelistItem, type WhitelistNumberBody } from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { DomainError, isUniqueViolation } from '../core/errors.js';
import { WhitelistRepository } from './whitelist.repository.js';


/** The carrier whitelist (§2 /carrier-whitelist/search): search by number, add and edit with their audit record. */
@Injectable()
export class WhitelistService {
  constructor(
    private readonly repo: WhitelistRepository,
    private readonly audit: AuditService,
  ) {}

  /**
   * Numbers containing the query's digits (a leading 00 or + and separators ignored); a query without digits looks in
   * the comments; every number without a query.
   */
  async search(q: GsmSearchQuery) {
    const digits = digitsOnly(q.query).replace(/^00/, '');
    const { items, total } = await this.repo.search(digits, q.query, q, q.count, q.page * q.count);
    return { items, total_pages: Math.ceil(total / q.count), more: false, page: q.page };
  }

  /** Adds (no id) or edits (id) a number, already in E.164, audited with before and after in the same transaction. */
  async save(b: WhitelistNumberBody): Promise<WhitelistItem> {
    try {
      return await this.repo.transaction(async (tx) => {
        // the number as it was (locked) and as it is, in the audit row (docs/administration.md "Audit")
        const before = b.id === undefined ? null : await this.repo.forUpdate(tx, b.id);
        if (b.id !== undefined && !before) throw new DomainError(ErrorCode.NotFound);
        const saved = b.id === undefined ? await this.repo.create(tx, b) : await this.repo.update(tx, b.id, b);
        if (!saved) throw new DomainError(ErrorCode.NotFound);
        await this.audit.recordChange(tx, { entity: 'gsm_whitelist_number', entityId: saved.id, before, after: saved });
        return saved;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(ErrorCode.Duplicate, [fieldError('number', 'duplicate')]);
      throw e;
    }
  }
}
