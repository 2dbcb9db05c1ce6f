// Ports for test servers, taken by binding port 0 on loopback and kept: the listening socket itself goes to whoever
// serves on it (an in-process server through listen(handle), a child process as an inherited file descriptor). A port
// that is closed and bound again later can be taken in between by any other process on the machine.
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** @returns {Promise<{ port: number, server: import('node:net').Server }>} a listening socket on a free loopback port */
export function reservePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => resolve({ port: /** @type {import('node:net').AddressInfo} */ (server.address()).port, server }));
  });
}

/** The preload that lets a Node child serve on the sockets it inherits (inherit-listen.mjs). */
export const INHERIT_LISTEN = fileURLToPath(new URL('./inherit-listen.mjs', import.meta.url));

/**
 * What a Node child needs to serve on reserved ports: spawn it with `execArgv` before its script, `stdio` after its
 * first three, `env` merged in; it inherits the sockets as descriptors 3, 4, ... and its listen() on such a port takes
 * the inherited socket. `release()` once it is spawned closes this process's copies (the child's keep the ports).
 * @param {{ port: number, server: import('node:net').Server }[]} reserved
 */
export function passPorts(reserved) {
  if (!reserved.length) return { execArgv: [], stdio: [], env: {}, release: async () => [] };
  return {
    execArgv: ['--import', INHERIT_LISTEN],
    // the socket's descriptor (Node has no public accessor; the handle's fd is stable on Linux and macOS)
    stdio: reserved.map((r) => /** @type {any} */ (r.server)._handle.fd),
    env: { TEST_INHERITED_PORTS: reserved.map((r, i) => `${r.port}=${3 + i}`).join(',') },
    release: () => Promise.all(reserved.map((r) => new Promise((res) => r.server.close(() => res(undefined))))),
  };
}
