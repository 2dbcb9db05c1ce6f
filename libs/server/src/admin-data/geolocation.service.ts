import { Injectable } from '@nestjs/common';
import { ErrorCode, fieldError, type WifiItem, type WifiSearchQuery } from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { DomainError, isUniqueViolation } from '../core/errors.js';
import { auditSave } from './admin-audit.js';
import { GeolocationRepository, type WifiWrite } from './geolocation.repository.js';

const notFound = (field: string) => new DomainError(ErrorCode.NotFound, [fieldError(field, ErrorCode.NotFound)]);

/**
 * §2 /geolocation/search and /geolocation/edit/{mac}: search by MAC prefix, details, add, edit (the MAC may change),
 * delete; MACs and coordinates under the §5 rules (the contract's wifi.ts); every change audited with before and after.
 * The owner workspace's /addwifi makes the same calls limited to one owner's access points (`owner`, its `user_id`;
 * the caller has checked the owner's scope): another's access point is a 404 there, as an unknown one.
 */
@Injectable()
export class GeolocationService {
  constructor(
    private readonly repo: GeolocationRepository,
    private readonly audit: AuditService,
  ) {}

  async search(q: WifiSearchQuery, owner?: number) {
    const { items, total } = await this.repo.search(q.query, q, q.count, q.page * q.count, owner);
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

  create(b: WifiWrite, owner?: number): Promise<WifiItem> {
    return this.unique(() =>
      this.repo.transaction(async (tx) => {
        const saved = await this.repo.create(tx, b, owner);
        await auditSave(this.audit, tx, 'wifi_access_point', saved.mac, null, saved);
        return saved;
      }),
    );
  }

  save(oldMac: string, b: WifiWrite, owner?: number): Promise<WifiItem> {
    return this.unique(() =>
      this.repo.transaction(async (tx) => {
        const before = await this.repo.forUpdate(tx, oldMac, owner);
        if (!before) throw notFound('oldMac');
        const saved = await this.repo.update(tx, oldMac, b);
        await auditSave(this.audit, tx, 'wifi_access_point', saved.mac, before, saved);
        return saved;
      }),
    );
  }

  async delete(mac: string, owner?: number): Promise<{ ok: true }> {
    await this.repo.transaction(async (tx) => {
      const before = await this.repo.forUpdate(tx, mac, owner);
      if (!before) throw notFound('id');
      await this.repo.delete(tx, mac);
      await auditSave(this.audit, tx, 'wifi_access_point', mac, before, null);
    });
    return { ok: true };
  }
}
