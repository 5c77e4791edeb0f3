/**
 * Slowloris on both servers: headers or a body dripped a byte at a time are cut off by the
 * header and request timeouts, and a crowd of such connections never exceeds the connection cap
 * nor keeps the health check out.
 */
import net from 'node:net';
import type { ConnectionLimits } from '../../../src/common/connections';
import { startEmulator, type RunningEmulator } from '../../../src/index';
import { request } from '../../server/wire';

/** Short timeouts; a cap the timeout tests never reach. */
const TIMEOUTS: ConnectionLimits = { headersTimeoutMs: 400, requestTimeoutMs: 800 };
/** A small cap; timeouts far longer than the cap test lasts, so only the cap can close sockets. */
const CAP: ConnectionLimits = {
  headersTimeoutMs: 60_000,
  requestTimeoutMs: 60_000,
  maxConnections: 20,
};

const start = (connections: ConnectionLimits) =>
  startEmulator({
    projectId: 'demo-slow',
    firestorePort: 0,
    storagePort: 0,
    dataDir: null,
    watchRules: false,
    firestoreLimits: { connections },
    storageLimits: { connections },
    log: () => undefined,
  });

let timed: RunningEmulator;
let capped: RunningEmulator;
beforeAll(async () => {
  timed = await start(TIMEOUTS);
  capped = await start(CAP);
});
afterAll(async () => {
  await timed?.stop();
  await capped?.stop();
});

const portOf = (emulator: RunningEmulator, service: 'firestore' | 'storage') =>
  service === 'firestore' ? emulator.firestorePort : emulator.storagePort;

/** Opens a connection that sends `head` and then one byte of `drip` every 100 ms. */
function dripper(
  port: number,
  head: string,
  drip: string,
): { socket: net.Socket; closed: Promise<string>; isOpen(): boolean } {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let open = true;
  let timer: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    socket.write(head);
    let i = 0;
    timer = setInterval(() => {
      if (socket.writable) socket.write(drip[i++ % drip.length]!);
    }, 100);
  });
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () => {
      open = false;
      clearInterval(timer);
      resolve(received);
    }),
  );
  return { socket, closed, isOpen: () => open };
}

describe.each(['firestore', 'storage'] as const)('%s server', (service) => {
  test('headers dripped a byte at a time are cut off by the header timeout', async () => {
    const { closed } = dripper(
      portOf(timed, service),
      `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${portOf(timed, service)}\r\n`,
      'X-A: b\r\n',
    );
    // Without a header timeout this would drip forever; jest's own timeout would fail the test.
    const reply = await closed;
    expect(reply.slice(0, 40)).toMatch(/^(|HTTP\/1.1 408[^]*)$/);
  });

  test('a body dripped a byte at a time is cut off by the request timeout', async () => {
    const path =
      service === 'firestore'
        ? '/v1/projects/demo-slow/databases/(default)/documents:commit'
        : '/v0/b/bucket/o?name=slow.bin';
    const host = `127.0.0.1:${portOf(timed, service)}`;
    const head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n`;
    const { closed } = dripper(portOf(timed, service), head, 'x');
    const reply = await closed;
    expect(reply.slice(0, 40)).toMatch(/^(|HTTP\/1.1 408[^]*)$/);
    if (service === 'storage') {
      const list = await request(`http://127.0.0.1:${timed.storagePort}/v0/b/bucket/o`, {
        headers: { Authorization: 'Bearer owner' },
      });
      expect(list.text).not.toContain('slow.bin');
    }
  });

  test('a crowd of dripping connections stays under the cap and the health check gets through', async () => {
    const crowd = Array.from({ length: 3 * CAP.maxConnections! }, () =>
      dripper(portOf(capped, service), 'GET /healthz HTTP/1.1\r\n', 'X'),
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(crowd.filter((c) => c.isOpen()).length).toBeLessThanOrEqual(CAP.maxConnections!);
    const health = await request(`http://127.0.0.1:${portOf(capped, service)}/healthz`);
    expect(health.status).toBe(200);
    for (const { socket } of crowd) socket.destroy();
    await Promise.all(crowd.map((c) => c.closed));
  });
});
