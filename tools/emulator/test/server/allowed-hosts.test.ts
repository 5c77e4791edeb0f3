import { startEmulator, type RunningEmulator } from '../../src/index';
import { request } from './wire';

/**
 * `allowedHosts` (`--allowed-hosts`): names a developer gives the machine (a phone on the network
 * reaching it by name) are served and their pages get CORS, like the loopback names; any other
 * name is still misdirected.
 */

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({
    projectId: 'demo-hosts',
    firestorePort: 0,
    storagePort: 0,
    dataDir: null,
    watchRules: false,
    allowedHosts: ['Socially.Test'],
    log: () => undefined,
  });
});
afterAll(() => emulator.stop());

const ports = () => [emulator.firestorePort, emulator.storagePort];

test('a request naming an allowed host is served, its page gets CORS', async () => {
  for (const port of ports()) {
    const reply = await request(`http://127.0.0.1:${port}/`, {
      headers: { Host: `socially.test:${port}`, Origin: 'http://socially.test:3000' },
    });
    expect({
      port,
      status: reply.status,
      allowOrigin: reply.headers['access-control-allow-origin'],
    }).toEqual({
      port,
      status: 200,
      allowOrigin: 'http://socially.test:3000',
    });
  }
});

test('any other name is misdirected, and its pages refused', async () => {
  for (const port of ports()) {
    const misdirected = await request(`http://127.0.0.1:${port}/`, {
      headers: { Host: `other.test:${port}` },
    });
    const foreignPage = await request(`http://127.0.0.1:${port}/`, {
      headers: { Origin: 'http://other.test:3000' },
    });
    expect({ port, statuses: [misdirected.status, foreignPage.status] }).toEqual({
      port,
      statuses: [421, 403],
    });
  }
});
