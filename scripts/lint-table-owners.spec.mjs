import { describe, expect, it } from 'vitest';
import { checkOwners, findWrites, moduleOf, prismaTables } from './lint-table-owners.mjs';

const schema = prismaTables(`
model Device {
  id Int @id
  @@map("device")
}
model DeviceSetting {
  id Int @id
  @@map("device_setting")
}
model SmsMessage {
  id Int @id
  @@map("sms_message")
}
`);
const owners = {
  device: { owner: 'device-workspace', also: { imports: 'bulk' } },
  device_setting: { owner: 'settings' },
  sms_message: { owner: 'commands' },
};
const src = (path, text) => ({ path: `libs/server/src/${path}`, text });

describe('findWrites', () => {
  it('finds raw SQL writes and Prisma writes, by table', () => {
    const text = [
      "await q.query('INSERT INTO device_setting (device_id) VALUES ($1)', [id]);",
      '`UPDATE device SET firmware = $2 WHERE id = $1`',
      "'DELETE FROM sms_message WHERE id = $1'",
      'await tx.deviceSetting.upsert({ where, create, update });',
      'await this.prisma.smsMessage.updateMany({ where, data });',
      "copyFrom('COPY device (id) FROM STDIN')",
    ].join('\n');
    expect(findWrites(text, schema).map((w) => `${w.line} ${w.table} ${w.how}`)).toEqual([
      '1 device_setting INSERT',
      '2 device UPDATE',
      '3 sms_message DELETE',
      '4 device_setting prisma upsert',
      '5 sms_message prisma updateMany',
      '6 device COPY',
    ]);
  });

  it('leaves out reads: locks, upserts of the same statement, COPY TO, Prisma reads, unknown tables', () => {
    const text = [
      "'SELECT id FROM device WHERE id = $1 FOR UPDATE'",
      "'SELECT id FROM device FOR NO KEY UPDATE'",
      "'COPY (SELECT * FROM device) TO STDOUT'",
      "'COPY device TO STDOUT'",
      'await this.prisma.device.findMany({ where });',
      "'INSERT INTO staging_table (a) VALUES (1)'",
    ].join('\n');
    expect(findWrites(text, schema)).toEqual([]);
  });

  it('reports a table named at run time as null', () => {
    expect(findWrites('`DELETE FROM ${table} WHERE id = $1`', schema)).toEqual([{ table: null, line: 1, how: 'DELETE' }]);
  });
});

describe('checkOwners', () => {
  it('passes writes from the owner and from a named exception', () => {
    const sources = [
      src('settings/device-setting.store.ts', "'INSERT INTO device_setting (x) VALUES (1)'"),
      src('device-workspace/device-detail.repository.ts', "'UPDATE device SET x = 1'"),
      src('imports/import-sql.ts', "'INSERT INTO device (x) SELECT x FROM s'"),
    ];
    expect(checkOwners(sources, schema, owners, {})).toEqual([]);
  });

  it('fails a write from another module, naming the owner', () => {
    const sources = [src('modem/modem.repository.ts', "'DELETE FROM device_setting WHERE device_id = $1'"), src('imports/x.ts', "'UPDATE device SET a = 1'")];
    expect(checkOwners(sources, schema, owners, {})).toEqual([
      "libs/server/src/modem/modem.repository.ts:1: DELETE device_setting from module modem; its owner is settings: call settings's service or store",
    ]);
  });

  it('fails a table without an owner and an exception that no longer writes', () => {
    const sources = [src('sms/x.repository.ts', "'UPDATE sms_message SET a = 1'"), src('device-workspace/y.ts', "'UPDATE device SET a = 1'")];
    expect(checkOwners(sources, schema, { device: owners.device }, {})).toEqual([
      'libs/server/src/sms/x.repository.ts:1: UPDATE sms_message: the table has no owner; add it to TABLE_OWNERS and docs/architecture.md "Table owners"',
      'device: imports no longer writes it; remove the exception (and its line in docs/architecture.md)',
    ]);
  });

  it('takes the tables of a run-time name from DYNAMIC, and fails when the file declares none', () => {
    const text = '`INSERT INTO ${table} (a) VALUES (1)`';
    const settings = { device_setting: owners.device_setting };
    expect(checkOwners([src('settings/links.repository.ts', text)], schema, settings, { 'links.repository.ts': ['device_setting'] })).toEqual([]);
    expect(checkOwners([src('sms/links.repository.ts', text)], schema, settings, { 'links.repository.ts': ['device_setting'] })).toEqual([
      "libs/server/src/sms/links.repository.ts:1: INSERT device_setting from module sms; its owner is settings: call settings's service or store",
    ]);
    expect(checkOwners([src('sms/other.ts', text)], schema, settings, {})).toEqual([
      'libs/server/src/sms/other.ts:1: INSERT into a table named at run time; name its tables in DYNAMIC (scripts/lint-table-owners.mjs)',
    ]);
  });

  it('fails an owner of a table the schema does not have', () => {
    expect(checkOwners([], schema, { ...owners, gone: { owner: 'sms' } }, {})).toEqual([
      'gone: no such table in prisma/schema.prisma; remove it from TABLE_OWNERS',
      'device: imports no longer writes it; remove the exception (and its line in docs/architecture.md)',
    ]);
  });

  it('names modules by their folder under libs/server/src', () => {
    expect(moduleOf('libs/server/src/sms/traffic/whitelist.repository.ts')).toBe('sms');
    expect(moduleOf('libs/server/src/core/exports/export-store.ts')).toBe('core');
  });
});
