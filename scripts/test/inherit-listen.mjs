// Preloaded (node --import) into a child process started by a test with passPorts() (ports.mjs): TEST_INHERITED_PORTS
// ("port=fd,...") names listening sockets the child inherited. The first listen() on such a port takes the inherited
// socket instead of binding the port again, whatever server calls it (http, express, smtp-server, ftp-srv, ...).
import net from 'node:net';

const inherited = new Map(
  (process.env.TEST_INHERITED_PORTS ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=').map(Number)),
);
delete process.env.TEST_INHERITED_PORTS; // not for the child's own children

if (inherited.size) {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (...args) {
    const first = args[0];
    const port = Number(first !== null && typeof first === 'object' ? first.port : first);
    const fd = inherited.get(port);
    if (fd === undefined) return listen.apply(this, args);
    inherited.delete(port);
    const callback = args.find((a) => typeof a === 'function');
    return callback ? listen.call(this, { fd }, callback) : listen.call(this, { fd });
  };
}
