import { describe, expect, it } from 'vitest';
import { AREA_ROLES, canAccess, visibleMenu, type MenuItem } from './access.js';
import { assignableRoles, canEditUserOfRole, deviceTypeScope, ALL_ROLES } from './roles.js';

const keys = (items: MenuItem[]): string[] => items.flatMap((i) => [i.key, ...keys(i.children ?? [])]);

describe('§6 access table', () => {
  it('gives the admin areas to role 1 only', () => {
    for (const area of ['admin', 'import', 'firmware', 'modem', 'geolocation', 'carrierWhitelist', 'translations', 'operators', 'voips', 'gateways'] as const) {
      expect(AREA_ROLES[area]).toEqual([1]);
    }
    // §6 "partner managers see only their own device type and operators in default settings" (docs/access.md)
    expect(AREA_ROLES.defaultSettings).toEqual([1, 12, 14]);
  });
  it('matches the table row by row', () => {
    expect(AREA_ROLES.userManagement).toEqual([1, 12, 14]);
    expect(AREA_ROLES.stats).toEqual([1, 9, 10, 12, 13, 14, 15]);
    expect(AREA_ROLES.dashboardSearch).toEqual(ALL_ROLES);
    expect(AREA_ROLES.deviceMain).toEqual([1, 11, 12, 13, 14, 15]);
    expect(AREA_ROLES.deviceTabs).toEqual([1, 9, 10, 12, 13, 14, 15]);
    expect(AREA_ROLES.deviceImei).toEqual([1, 9, 13, 15]);
    expect(AREA_ROLES.deviceLogs).toEqual([1, 9]);
    // §6 "permission check": role 9 read-only on the device screens, role 10 on the settings tab
    expect(AREA_ROLES.deviceEdit).toEqual(AREA_ROLES.deviceTabs.filter((r) => r !== 9));
    expect(AREA_ROLES.deviceSettingsEdit).toEqual(AREA_ROLES.deviceTabs.filter((r) => r !== 9 && r !== 10));
    expect(AREA_ROLES.owner).toEqual([1, 9, 10, 12, 13, 14, 15]);
    expect(AREA_ROLES.ownerAppLogs).toEqual([1, 9]);
    // §6 "permission check": role 9 read-only on the owner pages (role 10 only on the settings pages)
    expect(AREA_ROLES.ownerEdit).toEqual(AREA_ROLES.owner.filter((r) => r !== 9));
  });
  it('lets role 9 open device tabs but not the device main page (the table as written)', () => {
    expect(canAccess(9, 'deviceTabs')).toBe(true);
    expect(canAccess(9, 'deviceMain')).toBe(false);
  });
});

describe('partner rules', () => {
  it('maps partner roles to device types', () => {
    expect([12, 13, 14, 15].map((r) => deviceTypeScope(r as 12))).toEqual([2, 2, 3, 3]);
    expect(deviceTypeScope(1)).toBeNull();
    expect(deviceTypeScope(9)).toBeNull();
  });
  it('limits assignable and editable roles', () => {
    expect(assignableRoles(12)).toEqual([12, 13]);
    expect(assignableRoles(14)).toEqual([14, 15]);
    expect(assignableRoles(1)).toEqual(ALL_ROLES);
    expect(assignableRoles(9)).toEqual([]);
    expect(canEditUserOfRole(12, 13)).toBe(true);
    expect(canEditUserOfRole(12, 14)).toBe(false);
  });
});

describe('header menu', () => {
  it('shows admin everything', () => {
    expect(keys(visibleMenu({ role: 1, whiteLabels: [] }))).toEqual(
      expect.arrayContaining(['dashboard', 'admin', 'admin.import', 'admin.sendSMS', 'stats', 'firmware', 'modem', 'geolocation', 'carrierWhitelist', 'admin.reports.daily']),
    );
  });
  it('hides for role 9 what §6 says', () => {
    const k = keys(visibleMenu({ role: 9, whiteLabels: [1] }));
    for (const hidden of ['admin.traffic', 'admin.sendSMS', 'modem', 'carrierWhitelist', 'geolocation', 'admin.reports', 'firmware', 'admin.import', 'admin.globalSettings', 'admin.reports.daily']) {
      expect(k).not.toContain(hidden);
    }
    expect(k).toEqual(['dashboard', 'stats']);
  });
  it('hides stats without white labels', () => {
    expect(keys(visibleMenu({ role: 10, whiteLabels: [] }))).toEqual(['dashboard']);
    expect(keys(visibleMenu({ role: 10, whiteLabels: [2] }))).toEqual(['dashboard', 'stats']);
  });
  it('gives partner managers user management under Admin, without import', () => {
    const k = keys(visibleMenu({ role: 12, whiteLabels: [1] }));
    expect(k).toEqual(['dashboard', 'admin', 'admin.users', 'admin.globalSettings', 'stats']);
    expect(keys(visibleMenu({ role: 13, whiteLabels: [1] }))).toEqual(['dashboard', 'stats']);
    const admin = visibleMenu({ role: 12, whiteLabels: [1] }).find((i) => i.key === 'admin')!;
    expect(admin.path).toBe('/admin/users/list');
  });
  it('gives role 11 the dashboard only', () => {
    expect(keys(visibleMenu({ role: 11, whiteLabels: [1] }))).toEqual(['dashboard']);
  });
});
