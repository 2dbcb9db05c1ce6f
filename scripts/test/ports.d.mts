import type { Server } from 'node:net';

export type ReservedPort = { port: number; server: Server };
/** a listening socket on a free loopback port, kept: hand `server` to whoever serves on it */
export declare function reservePort(host?: string): Promise<ReservedPort>;
export declare const INHERIT_LISTEN: string;
/** spawn options handing reserved ports to a Node child (see ports.mjs) */
export declare function passPorts(reserved: ReservedPort[]): {
  execArgv: string[];
  stdio: number[];
  env: Record<string, string>;
  release(): Promise<unknown>;
};
