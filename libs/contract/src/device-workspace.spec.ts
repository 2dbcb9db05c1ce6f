import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ALL_ROLES, canAccess, dataDaysQuery, DEVICE_DAY_ROUTES, DEVICE_TABS, devicePath, issueFieldError } from './index.js';
import {
  checkSettingValue,
  DEVICE_ROUTES,
  deviceIdQuery,
  deviceSettingsBody,
  deviceUpdateBody,
  locationByIdQuery,
  settingEditBody,
  LOCATION_INTERVAL_ALL,
  LOCATION_INTERVAL_CHOICES,
  notificationErrorKey,
  simCardQuery,
  swapSimBody,
} from './device-workspace/index.js';
import { dayParam, INT4_MAX, tzParam } from './params.js';
import { AREA_ROLES } from './access.js';

describe('device workspace contract', () => {
  it('§9 location interval: every whole minute from 2 to 60 in seconds, plus Stand by 65000', () => {
    expect(LOCATION_INTERVAL_CHOICES[0]).toBe(120);
    expect(LOCATION_INTERVAL_CHOICES).toContain(3600);
    expect(LOCATION_INTERVAL_CHOICES.at(-1)).toBe(65000);
    expect(LOCATION_INTERVAL_ALL).toHaveLength(60);
    for (let m = 2; m <= 60; m++) expect(checkSettingValue('location_interval', String(m * 60)), `${m} min`).toBeNull();
    expect(checkSettingValue('location_interval', '65000')).toBeNull();
    // 25 minutes is not a common choice but §9 allows it
    expect(checkSettingValue('location_interval', '1500')).toBeNull();
    for (const v of ['60', '3660', '150', '0', '600.0', '-120', '65001', '']) {
      expect(checkSettingValue('location_interval', v), v).toEqual({ code: 'locationInterval', params: { min: 2, max: 60, standby: 65000 } });
    }
  });

  it('§9 operational time 1-24; other settings are free text', () => {
    expect(checkSettingValue('operational_time', '1')).toBeNull();
    expect(checkSettingValue('operational_time', '24')).toBeNull();
    for (const v of ['0', '25', '1.5', '']) {
      expect(checkSettingValue('operational_time', v), v).toEqual({ code: 'operationalTime', params: { min: 1, max: 24 } });
    }
    expect(checkSettingValue('apn', 'anything')).toBeNull();
  });


  it('§4 notification error codes per platform', () => {
    expect(notificationErrorKey('IOS', 0)).toBe('none');
    expect(notificationErrorKey('IOS', 8)).toBe('invalidToken');
    expect(notificationErrorKey('IOS', 150)).toBe('internalMessage');
    expect(notificationErrorKey('IOS', 42)).toBe('undefined');
    expect(notificationErrorKey('ANDROID', 1)).toBe('internalMessage');
    expect(notificationErrorKey('ANDROID', 400)).toBe('requestNotParsed');
    expect(notificationErrorKey('ANDROID', 401)).toBe('authenticationError');
    expect(notificationErrorKey('ANDROID', 503)).toBe('internalError');
    expect(notificationErrorKey('ANDROID', 7)).toBe('undefined');
  });

  it('dates are real calendar days; time zones are known ones (default UTC)', () => {
    expect(dayParam.safeParse('2024-02-29').success).toBe(true);
    expect(dayParam.safeParse('2023-02-29').success).toBe(false);
    expect(dayParam.safeParse('2023-2-1').success).toBe(false);
    expect(tzParam.parse(undefined)).toBe('UTC');
    expect(tzParam.safeParse('Europe/Berlin').success).toBe(true);
    expect(tzParam.safeParse('Nowhere/Else').success).toBe(false);
  });

  it('§5 swap: IMSI exactly 15 characters, GSM number with +', () => {
    expect(simCardQuery.safeParse({ imsi: '262011234567890' }).success).toBe(true);
    expect(simCardQuery.safeParse({ imsi: '26201123456789' }).success).toBe(false);
    expect(swapSimBody.safeParse({ device_id: 1, sim_card_id: 2, gsm_number: '+4915112345678' }).success).toBe(true);
    expect(swapSimBody.safeParse({ device_id: 1, sim_card_id: 2, gsm_number: '4915112345678' }).success).toBe(false);
  });

  it('§6 areas: device logs and temperature 1 and 9, IMEI information its own row, the rest the device tabs', () => {
    expect(DEVICE_ROUTES.deviceTemperature.area).toBe('deviceLogs');
    expect(DEVICE_ROUTES.logsDevice.area).toBe('deviceLogs');
    expect(DEVICE_ROUTES.deviceInfoImei.area).toBe('deviceImei');
    expect(DEVICE_ROUTES.deviceDetails.area).toBe('deviceMain');
    expect(AREA_ROLES.deviceLogs).toEqual([1, 9]);
    const paths = Object.values(DEVICE_ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('ids: decimal digits or numbers within the column range; nothing the database would refuse', () => {
    // the English message the api answers for the first issue (messages of the shared schemas are codes)
    const msg = (r: { success: boolean; error?: { issues: z.core.$ZodIssue[] } }) => r.error?.issues[0] && issueFieldError(r.error.issues[0], '').message;
    expect(deviceIdQuery.parse({ device_id: '42' })).toEqual({ device_id: 42 });
    expect(deviceIdQuery.parse({ device_id: ' 42 ' })).toEqual({ device_id: 42 });
    expect(deviceIdQuery.parse({ device_id: 42 })).toEqual({ device_id: 42 });
    for (const v of ['0x10', '1e3', '-3', '', 'abc', ['1'], 1.5, 0]) {
      expect(deviceIdQuery.safeParse({ device_id: v }).success, String(v)).toBe(false);
    }
    expect(msg(deviceIdQuery.safeParse({ device_id: '0x10' }))).toBe('device_id is required (a positive whole number)');
    expect(msg(deviceIdQuery.safeParse({}))).toBe('device_id is required (a positive whole number)');
    expect(deviceIdQuery.safeParse({ device_id: String(INT4_MAX) }).success).toBe(true);
    expect(msg(deviceIdQuery.safeParse({ device_id: String(INT4_MAX + 1) }))).toBe('device_id is too large');
    // location ids are bigint
    expect(locationByIdQuery.safeParse({ device_id: 1, location_id: String(INT4_MAX + 1) }).success).toBe(true);
  });

  it('days PostgreSQL cannot hold, control characters and impossible birth dates are refused', () => {
    expect(dayParam.safeParse('0000-01-01').success).toBe(false);
    expect(dayParam.safeParse('0001-01-01').success).toBe(true);
    expect(deviceSettingsBody.safeParse({ first_name: 'a\u0000b' }).success).toBe(false);
    expect(deviceUpdateBody.safeParse({ name_id: 'a\u0000b' }).success).toBe(false);
    expect(settingEditBody.safeParse({ settings: [{ setting_no: 3, value: 'x\u0000' }] }).success).toBe(false);
    expect(settingEditBody.safeParse({ settings: [{ setting_no: 10, value: '22:00-07:00' }] }).success).toBe(true);
    expect(settingEditBody.safeParse({}).error?.issues[0]?.message).toBe('settingsRequired');
    expect(deviceSettingsBody.safeParse({ birth_date: '1899-12-31' }).success).toBe(false);
    expect(deviceSettingsBody.safeParse({ birth_date: '2999-01-01' }).error?.issues[0]?.message).toBe('birthDateFuture');
    expect(deviceSettingsBody.safeParse({ birth_date: '2016-04-30' }).success).toBe(true);
  });
});


describe('device links and day routes (issue 8 items 9 and 15)', () => {
  it('links every role to a device page it may open', () => {
    for (const role of ALL_ROLES) {
      const path = devicePath(role, 7);
      const tab = DEVICE_TABS.find((t) => path === `/device/7/${t.path}`);
      if (path === '/device/7') expect(canAccess(role, 'deviceMain'), `role ${role}`).toBe(true);
      else expect(tab && canAccess(role, tab.area), `role ${role} -> ${path}`).toBe(true);
    }
    expect(devicePath(9, 7)).toBe('/device/7/information/imsi');
    expect(devicePath(10, 7)).toBe('/device/7/information/imsi');
    expect(devicePath(1, 7)).toBe('/device/7');
  });

  it('day routes take an optional month YYYY-MM and a zone', () => {
    expect(dataDaysQuery.parse({ device_id: '3' })).toEqual({ device_id: 3, tz: 'UTC' });
    expect(dataDaysQuery.parse({ device_id: '3', month: '2026-02', tz: 'Europe/Berlin' }).month).toBe('2026-02');
    for (const month of ['2026-13', '2026-2', '0000-01', '2026-02-01']) {
      expect(dataDaysQuery.safeParse({ device_id: '3', month }).error?.issues[0]?.path, month).toEqual(['month']);
    }
    expect(DEVICE_DAY_ROUTES.temperatureDays.area).toBe('deviceLogs');
  });
});
