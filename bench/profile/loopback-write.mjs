// What a loopback socket write to another process costs on this machine (each write wakes the other process, as the
// api's answers and Postgres queries do): wall time and this side's CPU per round trip, the write call's wall time.
//
//   node bench/profile/loopback-write.mjs
import net from 'node:net';
import { fork } from 'node:child_process';
const N = 20000;
if (process.argv[2] === 'server') {
  const srv = net.createServer((s) => s.on('data', (d) => s.write(d))).listen(0, '127.0.0.1', () => process.send(srv.address().port));
} else {
  const child = fork(new URL(import.meta.url).pathname, ['server']);
  const port = await new Promise((r) => child.once('message', r));
  const c = net.connect(port, '127.0.0.1');
  await new Promise((r) => c.on('connect', r));
  const msg = Buffer.alloc(100, 97);
  const u0 = process.cpuUsage(); const t0 = performance.now();
  let wv = 0;
  for (let i = 0; i < N; i++) { const a = performance.now(); c.write(msg); wv += performance.now() - a; await new Promise((r) => c.once('data', r)); }
  const u = process.cpuUsage(u0); const t = performance.now() - t0;
  console.log(`${N} round trips to another process: ${(t / N * 1000).toFixed(1)} µs wall each; this side's CPU user ${(u.user / N).toFixed(1)} + sys ${(u.system / N).toFixed(1)} µs per round trip; the write call itself ${(wv / N * 1000).toFixed(1)} µs wall`);
  c.destroy(); child.kill();
}
