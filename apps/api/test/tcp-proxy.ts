import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a spec can cut and restore, to make Postgres or Redis "go away" for one process without touching the
 * server the other specs share: `cut()` closes the listener and every connection (new ones are refused),
 * `restore()` listens again on the same port.
 */
export async function tcpProxy(targetPort: number, host = '127.0.0.1') {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const track = (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };
  async function listen() {
    const s = createServer((client) => {
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
      s.once('error', reject);
      s.listen(port, host, () => resolve());
    });
    port = (s.address() as AddressInfo).port;
    server = s;
  }
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const s = server;
      server = null;
      for (const c of sockets) c.destroy();
      if (s) await new Promise((r) => s.close(r));
    },
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
