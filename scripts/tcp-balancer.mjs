// A round-robin TCP balancer: a test fixture standing in for the nginx or HAProxy in front of
// a multi-node set-up (scripts/e2e-nodes.mjs), not part of the product. It passes bytes
// through untouched, so HTTP headers (X-Forwarded-For set by the client) and WebSocket
// upgrades reach the node as sent; each new connection goes to the next node, and a node
// that refuses the connection is skipped for the next one. No stickiness: any API process
// answers any request, and a socket stays on the realtime node it opened on.
//
//   node scripts/tcp-balancer.mjs 8080=3001,3002 6001=6101,6102
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Listens on `port` and spreads connections over `targets` (ports on `host`). Resolves to { port, close() }. */
export function startBalancer({ port, targets, host = '127.0.0.1' }) {
  let next = 0;
  const open = new Set();
  const server = net.createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    // Until a node is connected the client's bytes wait in its socket (a new socket is paused).
    let upstream = null;
    client.once('close', () => upstream?.destroy());
    const connect = (attemptsLeft) => {
      const target = targets[next++ % targets.length];
      let connected = false;
      upstream = net.connect({ port: target, host });
      upstream.once('connect', () => {
        connected = true;
        upstream.setNoDelay(true);
        client.setNoDelay(true);
        client.pipe(upstream);
        upstream.pipe(client);
        upstream.once('close', () => client.destroy());
      });
      upstream.on('error', () => {
        if (!connected && attemptsLeft > 1 && !client.destroyed) connect(attemptsLeft - 1);
        else client.destroy();
      });
    };
    connect(targets.length);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve({
        port: server.address().port,
        close: () =>
          new Promise((done) => {
            for (const socket of open) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const specs = process.argv.slice(2);
  if (!specs.length) {
    console.error('usage: node scripts/tcp-balancer.mjs <port>=<target>,<target>… [more]');
    process.exit(2);
  }
  for (const spec of specs) {
    const [port, list] = spec.split('=');
    const targets = (list ?? '').split(',').map(Number);
    if (!Number(port) || !targets.length || targets.some((t) => !t)) throw new Error(`not <port>=<target>,<target>…: ${spec}`);
    const balancer = await startBalancer({ port: Number(port), targets });
    console.log(`balancing 127.0.0.1:${balancer.port} over ${targets.join(', ')}`);
  }
}
