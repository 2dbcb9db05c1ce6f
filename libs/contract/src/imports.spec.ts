import { describe, expect, it } from 'vitest';
import { issueFieldError } from './reasons.js';
import { canUseOldDeviceImport, factoryDeviceRecord, IMPORT_COLUMNS, IMPORT_KINDS, importTemplate, simRecord, VALUE_RULES } from './imports.js';

describe('import contract', () => {
  it('gives every kind a required unique key column, a header-only template and valid example values', () => {
    for (const kind of IMPORT_KINDS) {
      const cols = IMPORT_COLUMNS[kind];
      expect(cols.some((c) => c.required && c.unique), kind).toBe(true);
      // the header alone: an example row left in the file would be imported as a real record
      expect(importTemplate(kind)).toBe(`${cols.map((c) => c.name).join(',')}\r\n`);
      // the examples shown on the screen pass the rules they document
      cols.forEach((c) => expect(new RegExp(VALUE_RULES[c.rule].pattern).test(c.example), `${kind}.${c.name}`).toBe(true));
    }
  });

  it('single records share the CSV rules and the §9 factory defaults', () => {
    expect(issueFieldError(simRecord.safeParse({ imsi: '12' }).error!.issues[0]!, '')).toMatchObject({ field: 'imsi', code: 'invalidImsi', message: 'IMSI must have 15 digits' });
    expect(simRecord.parse({ imsi: '262011234567890', gsm_number: '4915112345678' })).toMatchObject({ gsm_number: '+4915112345678', status: 0, carrier_status: 'INACTIVE' });
    expect(factoryDeviceRecord.parse({ imei: '351234567890123' })).toMatchObject({ status: 0, white_label_deployment_id: 1 });
    expect(factoryDeviceRecord.safeParse({ imei: '351234567890123', serial_number: '=cmd' }).success).toBe(false);
  });

  it('§6: the old-device import needs operator 4 unless admin', () => {
    expect(canUseOldDeviceImport({ role: 1, operators: [] })).toBe(true);
    expect(canUseOldDeviceImport({ role: 9, operators: [1, 4] })).toBe(true);
    expect(canUseOldDeviceImport({ role: 9, operators: [1, 2] })).toBe(false);
  });
});
