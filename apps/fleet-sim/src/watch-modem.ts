import type { Knobs } from './knobs.js';
import type { Watch } from './watches.js';

/**
 * How a watch answers the modem-update commands (docs/fleet-sim.md "Watches", docs/firmware-modem.md "Modem update"):
 * an OK that says what it did, or, for the share `modemErrorRate`, the command's refusal `<WORD>:ERR,<reason>`
 * (a silent watch, `silentRate`, answers nothing at all):
 * - `START_SSP#` -> `START_SSP:OK,SSP=<session>` (the modem's software-update session is open)
 * - `UPDATE_MODEM#` -> `UPDATE_MODEM:OK,FW=<version>` (the modem firmware it now runs)
 * - `SEND_ATCMD,<AT command>#` -> `SEND_ATCMD:OK,<AT command>` (`SEND_ATCMD:ERR,BAD_ATCMD` when it is no AT command)
 * - `DUP#` -> `DUP:OK,FILES=<name>:<size>;<name>:<size>` (the downloaded update package files it holds)
 */
export const MODEM_COMMANDS = new Set(['START_SSP', 'UPDATE_MODEM', 'SEND_ATCMD', 'DUP']);
export const MODEM_FIRMWARE = '25.30.118';
const REFUSALS: Record<string, string[]> = {
  START_SSP: ['BUSY', 'LOW_BATTERY'],
  UPDATE_MODEM: ['LOW_BATTERY', 'NO_NETWORK'],
  SEND_ATCMD: ['AT_ERROR', 'TIMEOUT'],
  DUP: ['DOWNLOAD_FAILED', 'NO_SPACE'],
};
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

export function modemReply(watch: Watch, key: string, message: string | null, knobs: Pick<Knobs, 'modemErrorRate'>): string {
  if (Math.random() < knobs.modemErrorRate) return `${key}:ERR,${pick(REFUSALS[key] ?? ['ERROR'])}`;
  switch (key) {
    case 'START_SSP':
      return `START_SSP:OK,SSP=${(watch.deviceId * 7919 + Date.now()) % 100000}`;
    case 'UPDATE_MODEM':
      return `UPDATE_MODEM:OK,FW=${MODEM_FIRMWARE}`;
    case 'SEND_ATCMD':
      return message && /^AT[#+]?[A-Z0-9]/i.test(message) ? `SEND_ATCMD:OK,${message}` : 'SEND_ATCMD:ERR,BAD_ATCMD';
    default:
      return `DUP:OK,FILES=modem_${MODEM_FIRMWARE}_1of2.dup:${480_000 + (watch.deviceId % 1000)};modem_${MODEM_FIRMWARE}_2of2.dup:${210_000 + (watch.deviceId % 500)}`;
  }
}
