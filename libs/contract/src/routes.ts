import { z } from 'zod';
import { route, type RouteDef } from './route-def.js';
import { DEVICE_ROUTES } from './device-workspace/index.js';
import { IMPORT_ROUTES } from './imports.js';
import { SMS_ROUTES } from './sms/index.js';
import { TRAFFIC_ROUTES } from './traffic.js';
import { SEARCH_ROUTES } from './search.js';
import { OWNER_ROUTES } from './owner-workspace/index.js';
import { CONSOLE_CONFIG_ROUTES } from './console-config.js';
import { ADMIN_USER_ROUTES } from './admin/users.js';
import { ADMIN_CONFIG_ROUTES } from './admin/config.js';
import { JOB_ROUTES } from './jobs.js';
import { ADMIN_DATA_ROUTES } from './admin-data/index.js';
import { STATS_ROUTES } from './stats.js';
import { REPORT_ROUTES } from './reports.js';
import { FIRMWARE_ROUTES } from './firmware.js';
import { MODEM_ROUTES } from './modem.js';
import { FIRMWARE_OUTCOME_ROUTES } from './firmware-outcomes.js';
import { MODEM_OUTCOME_ROUTES } from './modem-outcomes.js';
import { RESET_PREFIX } from './constants.js';
import * as s from './schemas.js';

const CORE_ROUTES = {
  // ------------------------------------------------------------------ auth (§7 Auth)
  login: route({
    method: 'POST',
    path: '/login',
    area: 'public',
    summary: 'Password step of the sign-in',
    body: s.loginRequest,
    response: s.loginResponse,
  }),
  token: route({
    method: 'POST',
    path: '/token',
    area: 'public',
    summary: 'Code step of the sign-in: returns the session token and expDate',
    body: s.tokenRequest,
    response: s.tokenResponse,
    mutating: true,
  }),
  role: route({
    method: 'GET',
    path: '/local/role',
    area: 'session',
    summary: "The signed-in user's role, operators and white labels",
    response: s.roleResponse,
  }),
  logout: route({
    method: 'POST',
    path: '/logout',
    area: 'session',
    summary: 'Revokes the session',
    response: s.okResponse,
    mutating: true,
  }),
  passwordChange: route({
    method: 'POST',
    path: '/password',
    area: 'public',
    summary: 'Changes a password given the current one (also before the first sign-in); revokes sessions',
    body: s.passwordChangeRequest,
    response: s.okResponse,
    mutating: true,
  }),
  resetLinkCheck: route({
    method: 'GET',
    path: `/${RESET_PREFIX}/forgotpassword/:uuid`,
    area: 'public',
    summary: 'Validates a password-reset link',
    params: s.uuidParam,
    response: s.resetLinkResponse,
  }),
  resetPassword: route({
    method: 'POST',
    path: `/${RESET_PREFIX}/forgotpassword/:uuid`,
    area: 'public',
    summary: 'Sets a new password through a reset link',
    params: s.uuidParam,
    body: s.resetPasswordRequest,
    response: s.okResponse,
    mutating: true,
  }),

  // ------------------------------------------------------------------ reference lists (§7 Lists)
  deviceTypes: route({
    method: 'GET',
    path: '/device/types',
    area: 'session',
    summary: 'Device types (partner roles get their own type only)',
    response: s.listResponse(s.deviceTypeItem),
  }),
  deviceLanguages: route({
    method: 'GET',
    path: '/device/languages',
    area: 'session',
    summary: 'Languages a device can be set to',
    response: s.listResponse(s.languageItem),
  }),
  deviceList: route({
    method: 'GET',
    path: '/device/list',
    area: 'session',
    summary: 'Device types with their SMS commands',
    response: s.listResponse(s.deviceListItem),
  }),
  operatorList: route({
    method: 'GET',
    path: '/operator/list',
    area: 'session',
    summary: 'Operators (non-admins: their own operators)',
    response: s.listResponse(s.operatorItem),
  }),
  voipCentralList: route({
    method: 'GET',
    path: '/voipcentral/list',
    area: 'session',
    summary: 'VoIP centrals',
    response: s.listResponse(s.voipCentralItem),
  }),
  smsGatewayList: route({
    method: 'GET',
    path: '/smsgateway/list',
    area: 'session',
    summary: 'SMS gateways',
    response: s.listResponse(s.smsGatewayItem),
  }),
  importServers: route({
    method: 'GET',
    path: '/import/servers',
    area: 'import',
    summary: 'Servers devices can be imported for',
    response: s.listResponse(s.serverItem),
  }),
  importLanguages: route({
    method: 'GET',
    path: '/import/languages',
    area: 'session',
    summary: 'Languages (import and user forms)',
    response: s.listResponse(s.languageItem),
  }),
  importRoles: route({
    method: 'GET',
    path: '/import/roles',
    area: 'userManagement',
    summary: 'Roles the signed-in user may assign',
    response: s.listResponse(s.roleItem),
  }),
  importFinished: route({
    method: 'GET',
    path: '/import/finished',
    area: 'import',
    summary: 'Finished imports',
    response: s.listResponse(s.finishedImportItem),
  }),
  whiteLabelList: route({
    method: 'GET',
    path: '/whitelabel/list',
    area: 'session',
    summary: "White labels (non-admins: the user's own)",
    response: s.listResponse(s.whiteLabelItem),
  }),
  deploymentList: route({
    method: 'GET',
    path: '/whitelabel/deployments/list',
    area: 'session',
    summary: 'White-label deployments',
    response: s.listResponse(s.deploymentItem),
  }),
  backofficeUserList: route({
    method: 'GET',
    path: '/local/list',
    area: 'userManagement',
    summary: 'Backoffice users (managers: their partner only)',
    response: s.listResponse(s.backofficeUserItem),
  }),
  countries: route({
    method: 'GET',
    path: '/countries/all',
    area: 'session',
    summary: 'Countries with phone codes',
    response: s.listResponse(s.countryItem),
  }),
} as const satisfies Record<string, RouteDef>;

/** Every api endpoint. Features keep their routes in their own file (device-workspace/, imports.ts). */
export const ROUTES = { ...CORE_ROUTES, ...SEARCH_ROUTES, ...DEVICE_ROUTES, ...IMPORT_ROUTES, ...SMS_ROUTES, ...TRAFFIC_ROUTES, ...CONSOLE_CONFIG_ROUTES, ...ADMIN_USER_ROUTES, ...ADMIN_CONFIG_ROUTES,
  ...ADMIN_DATA_ROUTES, ...OWNER_ROUTES,
  ...STATS_ROUTES, ...REPORT_ROUTES, ...FIRMWARE_ROUTES, ...MODEM_ROUTES,
  ...FIRMWARE_OUTCOME_ROUTES, ...MODEM_OUTCOME_ROUTES, ...JOB_ROUTES } as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;
export type RouteResponse<N extends RouteName> = z.infer<(typeof ROUTES)[N]['response']>;
