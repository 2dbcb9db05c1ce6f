import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy a spec can cut and restore, to make Postgres or Redis "go away" for one process without touching the
 * server the other specs share: `cut()` ends every connection and resets each new one at once (the service is gone),
 * `restore()` forwards again. The listener stays bound throughout (port 0, kept: no other process can take the port
 * while it is cut, scripts/test/ports.mjs).
 */
export async function tcpProxy(targetPort: number, host = '127.0.0.1') {
  const sockets = new Set<Socket>();
  let cut = false;
  const track = (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };
  const server = createServer((client) => {
    if (cut) {
      client.on('error', () => undefined);
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, host);
    track(client);
    track(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const dropAll = () => {
    for (const c of sockets) c.destroy();
  };
  return {
    port,
    async cut() {
      cut = true;
      dropAll();
    },
    async restore() {
      cut = false;
    },
    async close() {
      cut = true;
      dropAll();
      await new Promise((r) => server.close(r));
    },
  };
}
