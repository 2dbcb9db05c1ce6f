import { Injectable } from '@nestjs/common';
import { assignableRoles, deviceTypeScope, Role, ROLE_NAMES } from '@tracker/contract';
import type { SessionUser } from '../access/session-user.js';
import { userScope } from '../admin/user-scope.js';
import { ListsRepository } from './lists.repository.js';

/** How many finished imports the list offers (newest first). */
const FINISHED_IMPORTS = 200;

/**
 * The reference lists of §7 "Lists", narrowed to what the user may see: partner roles their device type, non-admins
 * their white labels and operators, managers their partner's users. The rows come from ListsRepository.
 */
@Injectable()
export class ListsService {
  constructor(private readonly repo: ListsRepository) {}

  /** Device type ids the user may see, or null for all. */
  private typeFilter(s: SessionUser): number[] | null {
    const partner = deviceTypeScope(s.role);
    if (partner !== null) return [partner];
    if (s.types.length && !s.types.includes(-1)) return s.types;
    return null;
  }

  deviceTypes(s: SessionUser) {
    return this.repo.deviceTypes(this.typeFilter(s));
  }

  languages() {
    return this.repo.languages();
  }

  async deviceList(s: SessionUser) {
    const types = await this.deviceTypes(s);
    const commands = await this.repo.smsCommands(types.map((t) => t.id));
    return types.map((t) => ({
      ...t,
      sms_commands: commands.filter((c) => c.device_type_id === t.id).map((c) => ({ command_key: c.command_key, name: c.name, takes_message: c.takes_message })),
    }));
  }

  operators(s: SessionUser) {
    return this.repo.operators(s.role === Role.Administrator ? null : s.operators);
  }

  voipCentrals() {
    return this.repo.voipCentrals();
  }

  smsGateways() {
    return this.repo.smsGateways();
  }

  servers() {
    return this.repo.servers();
  }

  roles(s: SessionUser) {
    return assignableRoles(s.role).map((id) => ({ id, name: ROLE_NAMES[id] }));
  }

  finishedImports() {
    return this.repo.finishedImports(FINISHED_IMPORTS);
  }

  whiteLabels(s: SessionUser) {
    return this.repo.whiteLabels(s.role === Role.Administrator ? null : s.whiteLabels);
  }

  deployments(s: SessionUser) {
    return this.repo.deployments(s.role === Role.Administrator ? null : s.whiteLabels);
  }

  backofficeUsers(s: SessionUser) {
    // §5/§6 manager scope, the same rule as the user management's edits (admin/user-scope.ts)
    return this.repo.backofficeUsers(userScope(s));
  }

  countries() {
    return this.repo.countries();
  }
}
