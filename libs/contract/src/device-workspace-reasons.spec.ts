import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  csvDownloadQuery,
  dataDaysQuery,
  deviceSettingsBody,
  deviceUpdateBody,
  logFileQuery,
  settingEditBody,
  settingLoadDefaultQuery,
  simCardQuery,
  swapSimBody,
} from './device-workspace/index.js';
import { issueFieldError } from './reasons.js';

/** The field error the api answers for the first issue of a parse. */
function firstError(schema: z.ZodType, input: unknown) {
  const r = schema.safeParse(input);
  expect(r.success, JSON.stringify(input)).toBe(false);
  const { field, code, params, message } = issueFieldError(r.error!.issues[0]!, 'body');
  return { field, code, params, message };
}

describe('device workspace field messages are codes (house rule "Reasons and messages")', () => {
  it("says each rule of the wearer's profile (/device/settings) by its code, with the English text the api answers", () => {
    expect(firstError(deviceSettingsBody, { first_name: 'x'.repeat(51) })).toMatchObject({
      field: 'first_name',
      code: 'tooLong',
      message: 'first_name is too long (at most 50 characters)',
    });
    expect(firstError(deviceSettingsBody, { last_name: 'a\u0001b' })).toMatchObject({ field: 'last_name', code: 'controlChars' });
    expect(firstError(deviceSettingsBody, { birth_date: '1899-12-31' })).toMatchObject({
      code: 'birthDateTooEarly',
      params: { min: '1900-01-01' },
      message: 'Birth date must be 1900-01-01 or later',
    });
    expect(firstError(deviceSettingsBody, { birth_date: '2999-01-01' })).toMatchObject({ code: 'birthDateFuture', message: 'Birth date cannot be in the future' });
    for (const height of [29, 251, 100.5]) {
      expect(firstError(deviceSettingsBody, { height }), String(height)).toMatchObject({ field: 'height', code: 'heightRange', params: { min: 30, max: 250 } });
    }
    expect(firstError(deviceSettingsBody, { weight: 201 })).toMatchObject({ code: 'weightRange', message: 'Weight must be a whole number of kg from 2 to 200' });
    expect(firstError(deviceSettingsBody, { gender: 3 })).toMatchObject({ field: 'gender', code: 'genderValue', message: 'Gender is 1 (boy) or 2 (girl)' });
    // the device record's own fields (/device/update)
    expect(firstError(deviceUpdateBody, { name_id: 'x'.repeat(51) })).toMatchObject({ field: 'name_id', code: 'tooLong' });
  });

  it('settings, SIM swap, logs, exports and day lists', () => {
    expect(firstError(settingEditBody, {})).toMatchObject({ field: 'settings', code: 'settingsRequired' });
    expect(firstError(settingEditBody, { settings: [] })).toMatchObject({ code: 'nothingToSave', message: 'Nothing to save' });
    const many = Array.from({ length: 101 }, (_, i) => ({ setting_no: i + 1, value: '1' }));
    expect(firstError(settingEditBody, { settings: many })).toMatchObject({ code: 'tooManySettings', message: 'At most 100 settings at once' });
    expect(firstError(settingEditBody, { settings: [{ setting_no: 1, value: 5 }] })).toMatchObject({
      field: 'settings.0.value',
      code: 'wrongType',
      message: 'value must be a text',
    });
    expect(firstError(settingEditBody, { settings: [{ setting_no: 1, value: 'x'.repeat(501) }] })).toMatchObject({ code: 'tooLong', params: { max: 500 } });
    expect(firstError(settingLoadDefaultQuery, { device_id: 1, type: '1.5' })).toMatchObject({ field: 'type', code: 'wholeNumber' });
    expect(firstError(simCardQuery, { imsi: '123' })).toMatchObject({ code: 'imsiLength', message: 'IMSI must be exactly 15 characters' });
    expect(firstError(simCardQuery, {})).toMatchObject({ code: 'imsiLength' });
    const swap = { device_id: 1, sim_card_id: 2 };
    expect(firstError(swapSimBody, swap)).toMatchObject({ field: 'gsm_number', code: 'required', message: 'gsm_number is required' });
    expect(firstError(swapSimBody, { ...swap, gsm_number: '4912345678' })).toMatchObject({
      code: 'gsmNumber',
      message: 'GSM number starts with + and has 8 to 15 digits',
    });
    expect(firstError(logFileQuery, {})).toMatchObject({ field: 'name', code: 'required' });
    expect(firstError(logFileQuery, { name: '../etc' })).toMatchObject({ field: 'name', code: 'badFormat' });
    expect(firstError(csvDownloadQuery, {})).toMatchObject({ field: 'hash', code: 'required' });
    expect(firstError(csvDownloadQuery, { hash: 'nothex' })).toMatchObject({ field: 'hash', code: 'badFormat' });
    expect(firstError(dataDaysQuery, { device_id: 1, month: '2026-13' })).toMatchObject({ code: 'monthFormat', message: 'month must be YYYY-MM' });
  });
});
