import { ALL_ROLES, Role, type RoleId } from './roles.js';

/**
 * Access areas of spec §6. Every api route and every console route names exactly one.
 * `public` needs no session; `session` needs a valid session and nothing else (own role, logout, lists).
 */
export const AREA_ROLES = {
  public: ALL_ROLES,
  session: ALL_ROLES,
  admin: [1],
  import: [1],
  firmware: [1],
  modem: [1],
  geolocation: [1],
  carrierWhitelist: [1],
  translations: [1],
  operators: [1],
  voips: [1],
  gateways: [1],
  /** §6 "partner managers see only their own device type and operators in default settings": 12 and 14 too (scoped). */
  defaultSettings: [1, 12, 14],
  sms: [1],
  reports: [1],
  userManagement: [1, 12, 14],
  stats: [1, 9, 10, 12, 13, 14, 15],
  dashboardSearch: ALL_ROLES,
  /** the owner add-user modal on the dashboard: owner pages' roles */
  ownerAdd: [1, 9, 10, 12, 13, 14, 15],
  deviceMain: [1, 11, 12, 13, 14, 15],
  deviceTabs: [1, 9, 10, 12, 13, 14, 15],
  /**
   * Changes on the device screens (general settings, reinitialize, remove, swap SIM, test notification): the tab
   * roles without role 9, whose "permission check" makes the screens read-only (§6; docs/access.md).
   */
  deviceEdit: [1, 10, 12, 13, 14, 15],
  /**
   * Changes on the settings tab (edit, push, push all, load defaults) and SMS commands sent from the device /sms tab
   * (`POST /sms/send`): without role 9, nor role 10 (§6).
   */
  deviceSettingsEdit: [1, 12, 13, 14, 15],
  deviceImei: [1, 9, 13, 15],
  deviceLogs: [1, 9],
  /** Start-log and send-log commands of the logs tab (an SMS to the watch): the logs roles without role 9, read-only (§6). */
  deviceLogCommand: [1],
  owner: [1, 9, 10, 12, 13, 14, 15],
  /**
   * Changes on the owner pages (profile and e-mail, external id, removal, contacts, safe zones, adding a device,
   * wifi): the owner pages' roles without role 9, whose "permission check" makes them read-only (§6; docs/access.md).
   */
  ownerEdit: [1, 10, 12, 13, 14, 15],
  /**
   * Owner pages' calls that send a command to the owner's watches (the contact push): the owner pages' roles that
   * send commands, as the command ledger's classes say (commands.ts; roles 9 and 10 send none).
   */
  ownerCommand: [1, 12, 13, 14, 15],
  ownerAppLogs: [1, 9],
} as const satisfies Record<string, readonly RoleId[]>;

export type Area = keyof typeof AREA_ROLES;
export const AREAS = Object.keys(AREA_ROLES) as Area[];

export function isArea(s: unknown): s is Area {
  return typeof s === 'string' && s in AREA_ROLES;
}

export function canAccess(role: RoleId, area: Area): boolean {
  return (AREA_ROLES[area] as readonly RoleId[]).includes(role);
}

/** Header menu entries, in display order. `children` are sub-items. */
export type MenuKey =
  | 'dashboard'
  | 'admin'
  | 'admin.import'
  | 'admin.upload'
  | 'admin.traffic'
  | 'admin.sendSMS'
  | 'admin.users'
  | 'admin.globalSettings'
  | 'admin.translations'
  | 'admin.operators'
  | 'admin.voips'
  | 'admin.gateways'
  | 'admin.jobs'
  | 'admin.reports'
  | 'admin.reports.daily'
  | 'admin.reports.activeDevices'
  | 'stats'
  | 'firmware'
  | 'modem'
  | 'geolocation'
  | 'carrierWhitelist';

export type MenuItem = { key: MenuKey; path: string; area: Area; children?: MenuItem[] };

export const MENU: readonly MenuItem[] = [
  { key: 'dashboard', path: '/dashboard/search', area: 'dashboardSearch' },
  {
    key: 'admin',
    path: '/admin',
    area: 'admin',
    children: [
      { key: 'admin.import', path: '/admin/import/device', area: 'import' },
      { key: 'admin.upload', path: '/admin/upload', area: 'import' },
      { key: 'admin.traffic', path: '/admin/traffic', area: 'sms' },
      { key: 'admin.sendSMS', path: '/admin/sendSMS', area: 'sms' },
      { key: 'admin.users', path: '/admin/users/list', area: 'userManagement' },
      { key: 'admin.globalSettings', path: '/admin/defaultSettings', area: 'defaultSettings' },
      { key: 'admin.translations', path: '/admin/translations', area: 'translations' },
      { key: 'admin.operators', path: '/admin/operators', area: 'operators' },
      { key: 'admin.voips', path: '/admin/voips', area: 'voips' },
      { key: 'admin.gateways', path: '/admin/gateways', area: 'gateways' },
      { key: 'admin.jobs', path: '/admin/jobs', area: 'admin' },
      {
        key: 'admin.reports',
        path: '/admin/reports/daily',
        area: 'reports',
        children: [
          { key: 'admin.reports.daily', path: '/admin/reports/daily', area: 'reports' },
          { key: 'admin.reports.activeDevices', path: '/admin/reports/activeDevices', area: 'reports' },
        ],
      },
    ],
  },
  { key: 'stats', path: '/admin/stats/new_registrations', area: 'stats' },
  { key: 'firmware', path: '/admin/fup/upgrade', area: 'firmware' },
  { key: 'modem', path: '/admin/modem/update', area: 'modem' },
  { key: 'geolocation', path: '/geolocation/search', area: 'geolocation' },
  { key: 'carrierWhitelist', path: '/carrier-whitelist/search', area: 'carrierWhitelist' },
];

/**
 * §6 header-menu hiding rules, applied on top of the access table (an item shows only when the role may
 * open its area AND no hiding rule removes it). See docs/access.md for how the two combine.
 */
export const MENU_HIDDEN_FOR: Partial<Record<RoleId, readonly MenuKey[]>> = {
  9: [
    'admin.traffic',
    'admin.sendSMS',
    'modem',
    'carrierWhitelist',
    'geolocation',
    'admin.reports',
    'firmware',
    'admin.import',
    'admin.globalSettings',
    'admin.reports.daily',
  ],
  10: ['admin.import'],
  12: ['admin.import'],
  13: ['admin.import'],
  14: ['admin.import'],
  15: ['admin.import'],
};

export type MenuContext = { role: RoleId; whiteLabels: readonly number[] };

function itemVisible(item: MenuItem, ctx: MenuContext): boolean {
  if (ctx.role !== Role.Administrator && MENU_HIDDEN_FOR[ctx.role]?.includes(item.key)) return false;
  // §6: the stats item is hidden when the user has no white labels (admin sees everything)
  if (item.key === 'stats' && ctx.role !== Role.Administrator && ctx.whiteLabels.length === 0) return false;
  return canAccess(ctx.role, item.area);
}

/**
 * The header menu for a user. A parent whose own area is closed still shows when one of its children is open
 * (role 12 reaches the user list under Admin although the Admin area itself is role 1 only).
 */
export function visibleMenu(ctx: MenuContext, items: readonly MenuItem[] = MENU): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    const children = item.children ? visibleMenu(ctx, item.children) : undefined;
    const hiddenByRule = ctx.role !== Role.Administrator && MENU_HIDDEN_FOR[ctx.role]?.includes(item.key);
    if (hiddenByRule) continue;
    if (children && children.length > 0) {
      out.push({ ...item, path: canAccess(ctx.role, item.area) ? item.path : children[0]!.path, children });
    } else if (itemVisible(item, ctx) && !item.children) {
      out.push(item);
    }
  }
  return out;
}
