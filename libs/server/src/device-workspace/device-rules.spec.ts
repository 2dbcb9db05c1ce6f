import { describe, expect, it } from 'vitest';
import { ErrorCode, Role, type RoleId } from '@tracker/contract';
import type { SessionUser } from '../access/session-user.js';
import { factoryTypeAllowed, simOperatorScope, typeAllowed } from './device-scope.service.js';
import { swapRefusal } from './device-sim-swap.service.js';

const user = (role: RoleId, over: Partial<SessionUser> = {}): SessionUser =>
  ({ userId: 1, username: 'u', role, operators: [1, 2, 4], whiteLabels: [1], types: [-1], ...over }) as SessionUser;

describe('device scope rules (§6)', () => {
  it('partner roles see their own device type only; others every type unless their types say otherwise', () => {
    expect(typeAllowed(user(Role.PartnerAManager), 2)).toBe(true);
    expect(typeAllowed(user(Role.PartnerAManager), 3)).toBe(false);
    expect(typeAllowed(user(Role.PartnerBManager), 3)).toBe(true);
    expect(typeAllowed(user(Role.PartnerBManager), 2)).toBe(false);
    expect(typeAllowed(user(Role.Administrator), 3)).toBe(true);
    expect(typeAllowed(user(Role.Administrator, { types: [1] }), 2)).toBe(false);
  });

  it('a factory record without a type is visible only to users who see every type', () => {
    expect(factoryTypeAllowed(user(Role.Administrator), null)).toBe(true);
    expect(factoryTypeAllowed(user(Role.PartnerAManager), null)).toBe(false);
    expect(factoryTypeAllowed(user(Role.Administrator, { types: [1] }), null)).toBe(false);
    expect(factoryTypeAllowed(user(Role.PartnerAManager), 2)).toBe(true);
  });

  it('SIM operator scope: all for the administrator, the user’s operators otherwise', () => {
    expect(simOperatorScope(user(Role.Administrator))).toBeNull();
    expect(simOperatorScope(user(Role.PartnerAManager))).toEqual([1, 2, 4]);
  });
});

describe('SIM swap rules', () => {
  it('takes a free SIM of the user’s operators', () => {
    expect(swapRefusal({ in_scope: true, device_id: null }, 7)).toBeNull();
  });
  it('refuses an unknown SIM (404), another operator’s (403), its own (400) and one in another device (409)', () => {
    expect(swapRefusal(null, 7)?.code).toBe(ErrorCode.SimNotFound);
    expect(swapRefusal({ in_scope: false, device_id: null }, 7)?.code).toBe(ErrorCode.Forbidden);
    expect(swapRefusal({ in_scope: false, device_id: 9 }, 7)?.code).toBe(ErrorCode.Forbidden);
    expect(swapRefusal({ in_scope: true, device_id: 7 }, 7)).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [{ field: 'sim_card_id', code: 'simAlreadyInDevice' }] });
    expect(swapRefusal({ in_scope: true, device_id: 9 }, 7)?.code).toBe(ErrorCode.SimInUse);
  });
});
