import { freePort } from '../free-port.cjs';

describe('freePort', () => {
  test('hands out distinct ports outside the ephemeral range, even to callers that have not bound theirs yet', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20000);
      expect(port).toBeLessThan(32768);
    }
  });
});
