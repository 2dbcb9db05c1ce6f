import { describe, expect, it } from 'vitest';
import {
  commandSignature,
  commandWord,
  CONTACT_SYNC,
  forbiddenArgumentChars,
  fotaCommand,
  fotaCommandKey,
  fotaQuery,
  fotaQueryKey,
  isTemporaryRefusal,
  maskFotaPassword,
  parseFotaReport,
  parseWatchMessage,
  profileCommand,
  renderCommand,
  revealSecret,
  SECRET_MASK,
  settingCommand,
  unknownCommandWord,
  type WatchReply,
} from './grammar.js';

// The watch's SMS grammar (grammar.ts): the commands' texts and keys as built, and the watch's messages as read.

describe('the watch grammar', () => {
  it.each([
    ['RESET#', 'RESET', 'RESET', null],
    ['WHERE#', 'WHERE', 'LOC', null],
    ['STATUS#', 'STATUS', 'STATUS', null],
    ['APN,internet#', 'APN', 'APN', null],
    ['SETTING,5,3#', 'SETTING', 'SETTING', '5'],
    ['SETTING,10,22:00-07:00#', 'SETTING', 'SETTING', '10'],
    ['FOTA,12,1.2.0,h:21,u,******,/f.bin,10,abc#', 'FOTA', 'FOTA', '12'],
    ['FOTA?,12#', 'FOTA?', 'FOTA', '12'],
    ['LOG,START,60,3#', 'LOG', 'LOG', 'START'],
    ['LOG,SEND#', 'LOG', 'LOG', 'SEND'],
    ['START_SSP#', 'START_SSP', 'START_SSP', null],
    ['SEND_ATCMD,AT+CFUN=0#', 'SEND_ATCMD', 'SEND_ATCMD', null],
    ['HELLO WORLD', 'HELLO WORLD', 'HELLO WORLD', null],
  ])('%s is answered under %s / %s, ref %s', (text, word, replyWord, ref) => {
    expect(commandSignature(text)).toEqual({ word, replyWord, ref });
  });

  it.each<[string, Partial<WatchReply> | { kind: string; code?: string; details?: string | null }]>([
    ['RESET:OK', { kind: 'reply', word: 'RESET', outcome: 'ok', final: true }],
    ['LOC:OK', { kind: 'reply', word: 'LOC', outcome: 'ok' }],
    ['STATUS:BAT=50%,GSM=20,GPS=1', { kind: 'reply', word: 'STATUS', outcome: 'ok' }],
    ['START_SSP:OK,SSP=4711', { kind: 'reply', word: 'START_SSP', outcome: 'ok' }],
    ['START_SSP:ERR,BUSY', { kind: 'reply', word: 'START_SSP', outcome: 'refused', reason: 'BUSY', temporary: true }],
    ['UPDATE_MODEM:ERR,LOW_BATTERY', { word: 'UPDATE_MODEM', outcome: 'refused', reason: 'LOW_BATTERY', temporary: true }],
    ['SEND_ATCMD:ERR,AT_ERROR', { word: 'SEND_ATCMD', outcome: 'refused', reason: 'AT_ERROR', temporary: false }],
    ['SETTING,5,3:OK', { word: 'SETTING', ref: '5', outcome: 'ok', setting: { no: 5, value: '3' } }],
    ['SETTING,10,22:00-07:00:OK', { word: 'SETTING', ref: '10', setting: { no: 10, value: '22:00-07:00' } }],
    ['SETTING,77:ERR,UNKNOWN_SETTING', { word: 'SETTING', ref: '77', outcome: 'refused', reason: 'UNKNOWN_SETTING' }],
    ['ERR:UNKNOWN_COMMAND,HELLO', { word: 'HELLO', outcome: 'unknownCommand' }],
    ['ERR:UNKNOWN_COMMAND', { word: null, outcome: 'unknownCommand' }],
    ['ERR,BAD', { word: null, outcome: 'refused', reason: 'BAD' }],
    ['FOTA:DOWNLOADING,12', { word: 'FOTA', ref: '12', final: false }],
    ['FOTA:OK,12,1.2.0', { word: 'FOTA', ref: '12', final: true, outcome: 'ok' }],
    ['FOTA:ERR,12,CHECKSUM', { word: 'FOTA', ref: '12', final: true, outcome: 'ok' }],
    ['LOG:STARTED,60,3', { word: 'LOG', ref: 'START' }],
    ['LOG:SENT,fleet.log', { word: 'LOG', ref: 'SEND' }],
    ['LOG:ERR,BAD_ARGS', { word: 'LOG', ref: null, outcome: 'refused' }],
    ['SOS ALARM', { kind: 'alarm', code: 'sos', details: null }],
    ['SOS:ALARM,LAT=52.5,LON=13.4', { kind: 'alarm', code: 'sos', details: 'LAT=52.5,LON=13.4' }],
    ['FALL:ALARM', { kind: 'alarm', code: 'fall' }],
    ['BAND:REMOVED', { kind: 'alarm', code: 'band_removed' }],
    ['TEMP:ALARM,41', { kind: 'alarm', code: 'temperature', details: '41' }],
    ['BATTERY:LOW,9', { kind: 'event', code: 'battery_low', details: '9' }],
    ['POWER:OFF', { kind: 'event', code: 'power_off' }],
    ['POWEROFF:OK', { kind: 'reply', word: 'POWEROFF', outcome: 'ok' }],
    ['hello mum', { kind: 'message' }],
  ])('%s', (body, expected) => {
    expect(parseWatchMessage(body)).toMatchObject(expected);
  });

  it('builds and parses the firmware texts, and keeps the secret out of what is stored', () => {
    const stored = fotaCommand({ requestId: 3, version: '1.2', host: 'h', port: 21, user: 'dl', password: SECRET_MASK, path: '/f.bin', size: 10, sha256: 'ab' });
    expect(stored).toBe('FOTA,3,1.2,h:21,dl,******,/f.bin,10,ab#');
    expect(revealSecret(stored, 's3cr,t')).toBe('FOTA,3,1.2,h:21,dl,s3cr,t,/f.bin,10,ab#');
    expect(revealSecret('RESET#', 'x')).toBe('RESET#');
    expect(maskFotaPassword('FOTA,3,1.2,h:21,firmware,firmware-dev,/f.bin,10,ab#')).toBe(stored.replace('dl', 'firmware'));
    expect(parseFotaReport('FOTA:DOWNLOADING,3,40')).toEqual({ kind: 'downloading', requestId: 3, progress: 40 });
    expect(parseFotaReport('FOTA:OK,3,1.2')).toEqual({ kind: 'ok', requestId: 3, version: '1.2' });
    expect(parseFotaReport('FOTA:ERR,3,FTP_LOGIN')).toEqual({ kind: 'err', requestId: 3, reason: 'FTP_LOGIN' });
    expect(parseFotaReport('LOC:OK')).toBeNull();
    expect(settingCommand(5, '3')).toEqual({ commandKey: 'SETTING_5', message: 'SETTING,5,3#' });
    expect(forbiddenArgumentChars('internet#FOTA,1')).toEqual(['#']);
    expect(forbiddenArgumentChars('internet.example')).toEqual([]);
  });
});

describe('the FOTA command and its reports', () => {
  it('names the request, version, FTP location, size and checksum', () => {
    const sha = 'a'.repeat(64);
    expect(fotaCommand({ requestId: 12, version: 'W1.6.0', host: '127.0.0.1', port: 2121, user: 'firmware', password: 'pw', path: '/firmware/3f9a2c1b.bin', size: 1024, sha256: sha })).toBe(
      `FOTA,12,W1.6.0,127.0.0.1:2121,firmware,pw,/firmware/3f9a2c1b.bin,1024,${sha}#`,
    );
  });
  it('reads the watch reports and nothing else', () => {
    expect(parseFotaReport('FOTA:DOWNLOADING,12')).toEqual({ kind: 'downloading', requestId: 12, progress: null });
    expect(parseFotaReport('FOTA:DOWNLOADING,12,40')).toEqual({ kind: 'downloading', requestId: 12, progress: 40 });
    expect(parseFotaReport(' FOTA:OK,12,W1.6.0 ')).toEqual({ kind: 'ok', requestId: 12, version: 'W1.6.0' });
    expect(parseFotaReport('FOTA:ERR,12,CHECKSUM')).toEqual({ kind: 'err', requestId: 12, reason: 'CHECKSUM' });
    for (const junk of ['FOTA:OK,x,W1', 'FOTA:ERR,12,bad reason', 'LOC:OK', 'FOTA:OK,12,W1,#', 'FOTA:DOWNLOADING']) expect(parseFotaReport(junk), junk).toBeNull();
  });
});

describe('building commands', () => {
  it('renders a template, with the sender\'s text only where it takes one', () => {
    expect(renderCommand({ template: 'APN,{message}#', takes_message: true }, 'internet')).toBe('APN,internet#');
    expect(renderCommand({ template: 'RESET#', takes_message: false }, 'ignored')).toBe('RESET#');
  });

  it('says the wearer\'s profile with unset values empty, and the contact sync', () => {
    expect(profileCommand({ height: 131, weight: null, gender: 2, birth_date: '2016-04-30' })).toBe('PROFILE,131,,2,20160430#');
    expect(profileCommand({ height: null, weight: null, gender: null, birth_date: null })).toBe('PROFILE,,,,#');
    expect(CONTACT_SYNC).toEqual({ commandKey: 'SYNC_CONTACTS', message: 'CONTACTS#' });
  });

  it('keys a rollout\'s commands and status queries by its request', () => {
    expect(fotaCommandKey(12)).toBe('FOTA_12');
    expect(fotaQueryKey(12)).toBe('FOTAQ_12');
    expect(fotaQuery(12)).toBe('FOTA?,12#');
  });

  it('names a command by its word, and what a watch that does not know it says back', () => {
    expect(commandWord(' RESET #')).toBe('RESET');
    expect(unknownCommandWord(`${'X'.repeat(50)}:y#`)).toBe('X'.repeat(40));
    expect(isTemporaryRefusal('BUSY')).toBe(true);
    expect(isTemporaryRefusal('AT_ERROR')).toBe(false);
    expect(isTemporaryRefusal(null)).toBe(false);
  });
});
