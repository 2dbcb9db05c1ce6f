import { commandSignature, unknownCommandWord, type WatchMessage, type WatchReply } from './grammar.js';

/** A command to the watch's number that still awaits its reply (sent or being sent, not answered, not failed). */
export type AwaitingCommand = { id: number; message: string; created: string };

/**
 * What a watch's message is to the ledger (docs/sms.md "Correlation"):
 * - `reply`: it answers `replyTo`, and closes the commands in `closes` (the command, or for a rollout's final report
 *   every command of that request still awaiting one: its FOTA and its status query);
 * - `progress`: an interim report of `replyTo` (FOTA:DOWNLOADING), which still awaits its final reply;
 * - `alarm` / `event`: something the watch says on its own (`code`: sos, fall, battery_low, ...);
 * - `message`: unprompted text that is neither;
 * - `unmatched`: reply-shaped, but no command awaiting a reply has its word and reference (a late reply to a command
 *   answered or ended already, a reply to a command of another system). Never attached to another command.
 */
export type Correlation =
  | { kind: 'reply'; replyTo: number; closes: number[] }
  | { kind: 'progress'; replyTo: number; closes: [] }
  | { kind: 'alarm' | 'event'; code: string; replyTo: null; closes: [] }
  | { kind: 'message' | 'unmatched'; replyTo: null; closes: [] };

const newestFirst = (a: AwaitingCommand, b: AwaitingCommand) => (a.created > b.created ? -1 : a.created < b.created ? 1 : b.id - a.id);

/** Does a reply answer this command? By the reply's word and, where the reply carries one, its reference. */
function answers(r: WatchReply, c: AwaitingCommand): boolean {
  const sig = commandSignature(c.message);
  // an unknown command is named by the command's own word (ERR:UNKNOWN_COMMAND,WHERE), everything else by the
  // word the watch answers with (LOC:OK)
  const word = r.outcome === 'unknownCommand' ? unknownCommandWord(c.message) : sig.replyWord;
  if (r.word !== word) return false;
  return r.ref === null || r.ref === sig.ref;
}

/**
 * Which awaiting command a watch's message answers. Of several commands the reply fits (same word and reference),
 * the newest: a watch answers within seconds, while an older one still awaiting has most likely lost its reply (a
 * lost SMS would otherwise shift every later answer onto the command before it). Two identical commands in flight at
 * once may so swap their replies, which says the same of both. A reply that names no word (`ERR,<reason>`, an old watch's bare
 * `ERR:UNKNOWN_COMMAND`) answers a command only when exactly one awaits: with two, guessing could close the wrong one.
 */
export function correlate(msg: WatchMessage, awaiting: AwaitingCommand[]): Correlation {
  if (msg.kind === 'message') return { kind: 'message', replyTo: null, closes: [] };
  if (msg.kind !== 'reply') return { kind: msg.kind, code: msg.code, replyTo: null, closes: [] };
  const fits = msg.word === null ? (awaiting.length === 1 ? awaiting : []) : awaiting.filter((c) => answers(msg, c));
  if (!fits.length) return { kind: 'unmatched', replyTo: null, closes: [] };
  const sorted = [...fits].sort(newestFirst);
  const first = sorted[0]!;
  if (!msg.final) return { kind: 'progress', replyTo: first.id, closes: [] };
  // a rollout's final report answers its FOTA and its status query alike
  const closes = msg.word === 'FOTA' && msg.ref !== null ? sorted.map((c) => c.id) : [first.id];
  return { kind: 'reply', replyTo: first.id, closes };
}
