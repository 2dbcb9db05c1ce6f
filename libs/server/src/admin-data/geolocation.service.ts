import { Injectable } from '@nestjs/common';
import { ErrorCode, fieldError, type WifiBody, type WifiItem, type WifiSearchQuery } from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { DomainError } from '../core/errors.js';
import { auditSave, isUniqueViolation } from './admin-audit.js';
import { GeolocationRepository } from './geolocation.repository.js';

const notFound = (field: string) => new DomainError(ErrorCode.NotFound, [fieldError(field, ErrorCode.NotFound)]);

/**
 * §2 /geolocation/search and /geolocation/edit/{mac}: search by MAC prefix, details, add, edit (the MAC may change),
 * delete; MACs and coordinates under the §5 rules (the contract's wifi.ts); every change audited with before and after.
 */
@Injectable()
export class GeolocationService {
  constructor(
    private readonly repo: GeolocationRepository,
    private readonly audit: AuditService,
  ) {}

  async search(q: WifiSearchQuery) {
    const { items, total } = await this.repo.search(q.query, q, q.count, q.page * q.count);
    return { items, total_pages: Math.ceil(total / q.count), more: false, page: q.page };
  }

  async details(mac: string): Promise<WifiItem> {
    const r = await this.repo.get(mac);
    if (!r) throw notFound('id');
    return r;
  }

  private async unique<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(ErrorCode.Duplicate, [fieldError('mac', 'duplicate')]);
      throw e;
    }
  }

  create(b: WifiBody): Promise<WifiItem> {
    return this.unique(() =>
      this.repo.transaction(async (tx) => {
        const saved = await this.repo.create(tx, b);
        await auditSave(this.audit, tx, 'wifi_access_point', saved.mac, null, saved);
        return saved;
      }),
    );
  }

  save(oldMac: string, b: WifiBody): Promise<WifiItem> {
    return this.unique(() =>
      this.repo.transaction(async (tx) => {
        const before = await this.repo.forUpdate(tx, oldMac);
        if (!before) throw notFound('oldMac');
        const saved = await this.repo.update(tx, oldMac, b);
        await auditSave(this.audit, tx, 'wifi_access_point', saved.mac, before, saved);
        return saved;
      }),
    );
  }

  async delete(mac: string): Promise<{ ok: true }> {
    await this.repo.transaction(async (tx) => {
      const before = await this.repo.forUpdate(tx, mac);
      if (!before) throw notFound('id');
      await this.repo.delete(tx, mac);
      await auditSave(this.audit, tx, 'wifi_access_point', mac, before, null);
    });
    return { ok: true };
  }
}
