// The owner's own wifi access points (§2 /owner/{id}/addwifi, §3 Wifi access point `user_id`, §5 wifi rules): the
// calls of §7 Wifi for the access points of one owner account, under the owner pages' roles. The rules are those of
// ../wifi.ts and the staff's /geolocation calls (../admin-data/geolocation.ts); docs/owner-workspace.md "Wifi".
import { z } from 'zod';
import { okResponse, page, envelope } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { wifiBody, wifiIdQuery, wifiItem, wifiSaveQuery, wifiSearchQuery } from '../admin-data/geolocation.js';
import { macAddress, wifiLatitude, wifiLongitude } from '../wifi.js';
import { ownerQuery } from './shared.js';

/**
 * What the owner workspace writes: the MAC and the position. `fixed` and `blacklisted` are the staff's decisions on
 * /geolocation/edit (role 1): the owner workspace shows them and keeps them (a new access point has neither).
 */
export const ownerWifiBody = wifiBody.pick({ mac: true, latitude: true, longitude: true });
export type OwnerWifiBody = z.infer<typeof ownerWifiBody>;
/** The same rules over the editor's text fields (coordinates as typed), parsing to the body: the console's check. */
export const ownerWifiForm = z.object({ mac: macAddress, latitude: wifiLatitude, longitude: wifiLongitude });

export const ownerWifiListQuery = ownerQuery.extend(wifiSearchQuery.shape);
export type OwnerWifiListQuery = z.infer<typeof ownerWifiListQuery>;
export const ownerWifiSaveQuery = ownerQuery.extend(wifiSaveQuery.shape);

export const OWNER_WIFI_ROUTES = {
  ownerWifiList: route({
    method: 'GET',
    path: '/user/wifi',
    area: 'owner',
    summary: "The owner's own wifi access points whose MAC starts with the query, in MAC order (25 per page, zero-based pages)",
    query: ownerWifiListQuery,
    response: page(wifiItem),
  }),
  ownerWifiCreate: route({
    method: 'POST',
    path: '/user/wifi',
    area: 'ownerEdit',
    summary: 'Adds a wifi access point of the owner (409 when the MAC is taken)',
    query: ownerQuery,
    body: ownerWifiBody,
    response: envelope(wifiItem),
  }),
  ownerWifiSave: route({
    method: 'POST',
    path: '/user/wifi/save',
    area: 'ownerEdit',
    summary: "Changes the owner's access point `oldMac` (its MAC may change too; fixed and blacklisted stay)",
    query: ownerWifiSaveQuery,
    body: ownerWifiBody,
    response: envelope(wifiItem),
  }),
  ownerWifiDelete: route({
    method: 'POST',
    path: '/user/wifi/delete',
    area: 'ownerEdit',
    summary: "Deletes an access point of the owner",
    query: ownerQuery,
    body: wifiIdQuery,
    response: okResponse,
  }),
} as const satisfies Record<string, RouteDef>;
