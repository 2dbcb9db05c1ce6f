import { Injectable } from '@nestjs/common';
import { ErrorCode, fieldError, OPERATOR_NEW_DEFAULTS, type OperatorSaveBody, type SmsGatewaySaveBody, type VoipCentralSaveBody } from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { AppConfig } from '../core/config.js';
import type { PrismaDb } from '../core/db.js';
import { DomainError, isUniqueViolation } from '../core/errors.js';
import { RedisService } from '../core/redis.js';
import { gatewaysChanged } from '../sms/sms-gateways.js';
import { ConfigurationRepository } from './configuration.repository.js';

const iso = <T extends { created: Date }>(r: T) => ({ ...r, created: r.created.toISOString() });
const operatorItem = <T extends { created: Date; region: unknown }>(r: T) => ({ ...iso(r), region: String(r.region) });
const notFound = () => new DomainError(ErrorCode.NotFound, [fieldError('id', ErrorCode.NotFound)]);

/**
 * §7 "Configuration saves": operators, VoIP centrals and SMS gateways, added (no id) or edited, each save audited
 * with the record before and after in its transaction (docs/administration.md).
 */
@Injectable()
export class ConfigurationService {
  constructor(
    private readonly repo: ConfigurationRepository,
    private readonly audit: AuditService,
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  /** Loads the record to edit (locked), saves, and records before and after in the same transaction. */
  private save<B, A>(
    entity: string,
    id: number | undefined,
    load: (tx: PrismaDb, id: number) => Promise<B | null>,
    write: (tx: PrismaDb, id: number | null, before: B | null) => Promise<A & { id: number }>,
    shown: (r: B | A) => unknown,
  ) {
    return this.repo.transaction(async (tx) => {
      const before = id === undefined ? null : await load(tx, id);
      if (id !== undefined && before === null) throw notFound();
      const after = await write(tx, id ?? null, before);
      await this.audit.recordChange(tx, { entity, entityId: after.id, before: before && shown(before), after: shown(after) });
      return after;
    });
  }

  /** A field left out keeps its stored value on an edit (Prisma leaves an undefined field alone), a new one's default on an add. */
  async saveOperator({ id, ...v }: OperatorSaveBody) {
    const types = v.device_types ?? [];
    const known = await this.repo.deviceTypeIds(types);
    if (types.some((t) => !known.includes(t))) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError('device_types', 'unknownDeviceType')]);
    }
    const given = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as typeof v;
    const values = {
      ...(id === undefined ? OPERATOR_NEW_DEFAULTS : {}),
      ...given,
      ...(v.device_types ? { device_types: [...new Set(v.device_types)] } : {}),
    } as typeof v & { start: string; name: string };
    // imports find an operator by its start: its unique index refuses a second one, also when two saves race
    const saved = await this.save('operator', id, (tx, i) => this.repo.operator(tx, i), (tx, i) => this.repo.saveOperator(tx, i, values), operatorItem).catch(
      (e: unknown) => {
        if (isUniqueViolation(e)) throw new DomainError(ErrorCode.Duplicate, [fieldError('start', 'operatorStartTaken', { start: values.start })]);
        throw e;
      },
    );
    return operatorItem(saved);
  }

  async saveVoipCentral({ id, ...v }: VoipCentralSaveBody) {
    const saved = await this.save('voip_central', id, (tx, i) => this.repo.voipCentral(tx, i), (tx, i) => this.repo.saveVoipCentral(tx, i, v), iso);
    return iso(saved);
  }

  /**
   * A phone code is served by at most one enabled gateway: a save that leaves the gateway enabled (or enables it)
   * while claiming a code another enabled gateway has is refused (409 naming the code and the gateway). A disabled
   * gateway routes nothing and may hold any codes. Within the enabled gateways, routing picks the longest matching
   * code (+1 and +1809 may be two gateways'). After the commit the routing of every process re-reads the gateways.
   */
  async saveGateway({ id, ...v }: SmsGatewaySaveBody) {
    const saved = await this.save(
      'sms_gateway',
      id,
      (tx, i) => this.repo.gateway(tx, i),
      async (tx, i) => {
        if (v.enabled) {
          for (const other of await this.repo.otherEnabledGateways(tx, i)) {
            const code = v.allowed.find((c) => other.allowed.includes(c));
            if (code) throw new DomainError(ErrorCode.Duplicate, [fieldError('allowed', 'gatewayCodeTaken', { code, gateway: other.name })]);
          }
        }
        return this.repo.saveGateway(tx, i, v);
      },
      (r) => r,
    );
    await gatewaysChanged(this.redis, this.config);
    return saved;
  }
}
