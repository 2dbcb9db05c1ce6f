import { Injectable } from '@nestjs/common';
import { PrismaRepository } from '../core/db.js';
import { inUserScope, type UserScope } from '../admin/user-scope.js';

/** A gateway as the list, the gateway screen's save and its audit show it (the fields of `smsGatewayItem`). */
export const GATEWAY_SELECT = { id: true, name: true, allowed: true, command: true, enabled: true, url: true, from_number: true, rate_per_second: true } as const;

/** `null`: every row; a list: only these. */
const among = (ids: number[] | null) => (ids === null ? undefined : { in: ids });

/**
 * The reference lists of §7 "Lists": short lists of records, read with Prisma (typed by the schema). Times are ISO
 * strings, as everywhere in the contract.
 */
@Injectable()
export class ListsRepository extends PrismaRepository {
  deviceTypes(ids: number[] | null) {
    return this.prisma.deviceType.findMany({ where: { id: among(ids) }, select: { id: true, name: true }, orderBy: { id: 'asc' } });
  }

  smsCommands(typeIds: number[]) {
    return this.prisma.smsCommand.findMany({
      where: { device_type_id: { in: typeIds } },
      select: { device_type_id: true, command_key: true, name: true, takes_message: true },
      orderBy: [{ device_type_id: 'asc' }, { command_key: 'asc' }],
    });
  }

  languages() {
    return this.prisma.language.findMany({ select: { language_code: true, name: true }, orderBy: { language_code: 'asc' } });
  }

  async operators(ids: number[] | null) {
    const rows = await this.prisma.operator.findMany({
      where: { id: among(ids) },
      select: {
        id: true, name: true, start: true, region: true, device_types: true, terms_key: true,
        zones_limit: true, contacts_limit: true, alarms_limit: true, created: true,
      },
      orderBy: { name: 'asc' },
    });
    return rows.map((r) => ({ ...r, region: String(r.region), created: r.created.toISOString() }));
  }

  async voipCentrals() {
    const rows = await this.prisma.voipCentral.findMany({ select: { id: true, name: true, phone: true, created: true }, orderBy: { name: 'asc' } });
    return rows.map((r) => ({ ...r, created: r.created.toISOString() }));
  }

  smsGateways() {
    return this.prisma.smsGateway.findMany({ select: GATEWAY_SELECT, orderBy: { name: 'asc' } });
  }

  servers() {
    return this.prisma.ftpServer.findMany({ select: { id: true, name: true, host: true }, orderBy: { name: 'asc' } });
  }

  async finishedImports(limit: number) {
    const rows = await this.prisma.import.findMany({
      where: { status: 'FINISHED' },
      select: { id: true, file_name: true, count: true, imported: true, created: true },
      orderBy: { created: 'desc' },
      take: limit,
    });
    return rows.map((r) => ({ ...r, created: r.created.toISOString() }));
  }

  whiteLabels(ids: number[] | null) {
    return this.prisma.whiteLabel.findMany({ where: { id: among(ids) }, select: { id: true, name: true }, orderBy: { name: 'asc' } });
  }

  deployments(whiteLabelIds: number[] | null) {
    return this.prisma.whiteLabelDeployment.findMany({
      where: { white_label_id: among(whiteLabelIds) },
      select: { id: true, name: true, white_label_id: true },
      orderBy: [{ white_label_id: 'asc' }, { name: 'asc' }],
    });
  }

  /** `scope`: a partner manager's roles and device type (users holding exactly that type); null: every user. */
  async backofficeUsers(scope: UserScope) {
    const found = await this.prisma.backofficeUser.findMany({
      where: scope === null ? {} : { role_id: { in: [...scope.roles] }, types: { equals: [scope.type] } },
      select: { id: true, username: true, email: true, role_id: true, enabled: true, operators: true, types: true, white_labels: true, created: true },
      orderBy: { username: 'asc' },
    });
    // the partner part of the scope (white labels and operators within the manager's), the edits' own rule
    const rows = found.filter((u) => inUserScope(scope, u));
    return rows.map(({ role_id, ...r }) => ({ ...r, role: role_id, created: r.created.toISOString() }));
  }

  countries() {
    return this.prisma.country.findMany({ select: { code: true, name: true, phone_code: true }, orderBy: { name: 'asc' } });
  }
}
