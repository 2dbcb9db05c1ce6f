import { describe, expect, it } from 'vitest';
import { canUseOldDeviceImport, factoryDeviceRecord, IMPORT_COLUMNS, IMPORT_KINDS, importTemplate, simRecord, VALUE_RULES } from './imports.js';

describe('import contract', () => {
  it('gives every kind a required unique key column and a template with a header and an example row', () => {
    for (const kind of IMPORT_KINDS) {
      const cols = IMPORT_COLUMNS[kind];
      expect(cols.some((c) => c.required && c.unique), kind).toBe(true);
      const [header, example] = importTemplate(kind).split('\r\n');
      expect(header!.split(',')).toEqual(cols.map((c) => c.name));
      // the example row passes the rules it documents
      example!.split(',').forEach((v, i) => expect(new RegExp(VALUE_RULES[cols[i]!.rule].pattern).test(v), `${kind}.${cols[i]!.name}`).toBe(true));
    }
  });

  it('single records share the CSV rules and the §9 factory defaults', () => {
    expect(simRecord.safeParse({ imsi: '12' }).error?.issues[0]?.message).toBe('IMSI must have 15 digits');
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
