export { startFleetSim, type StartedFleetSim } from './server.js';
export { DEFAULT_ACCOUNT_SID, DEFAULT_AUTH_TOKEN, type FleetSimOptions } from './sim.js';
export { DEFAULT_KNOBS, type Knobs } from './knobs.js';
export type { ControlMessage, FleetSimControl } from './control.js';
export type { ReplyRecord } from './store.js';
export { MailSink, type ReceivedMail } from './mail.js';
export { startFtp, type StartedFtp } from './ftp.js';
export { ALARM_KINDS, ControlError, type AlarmDetails, type AlarmKind } from './unprompted.js';
