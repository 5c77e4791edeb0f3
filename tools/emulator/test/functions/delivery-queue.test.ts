import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeliveryQueue, Outbox, type Delivery } from '../../src/firestore/triggers';

/** A Functions emulator stand-in: records each request's path; `hold` keeps a path unanswered. */
async function startTarget(hold: (path: string) => boolean) {
  const started: string[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      started.push(req.url!);
      if (hold(req.url!)) held.push(res);
      else setTimeout(() => res.end('{}'), 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    target: `127.0.0.1:${port}`,
    started,
    release: () => held.splice(0).forEach((res) => res.end('{}')),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A delivery to the function `key` names before any `#` (`slow#2` goes to `slow`). */
const delivery = (key: string): Delivery => ({
  id: key,
  path: `/functions/projects/demo/triggers/${key.split('#')[0]}`,
  headers: { 'content-type': 'application/json' },
  body: '{}',
  createdAt: Date.now(),
});

const keys = (paths: string[]) => paths.map((path) => path.split('/').pop());

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

// Whatever a test started is stopped even when it fails, so a failure never hangs the run.
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function queueFor(target: Awaited<ReturnType<typeof startTarget>>, concurrency?: number) {
  const queue = new DeliveryQueue({
    target: target.target,
    outbox: Outbox.open(null),
    ...(concurrency === undefined ? {} : { concurrency }),
    log: () => undefined,
  });
  cleanups.push(async () => {
    target.release();
    await queue.close();
    await target.close();
  });
  return queue;
}

test('by default one delivery at a time, in the order made', async () => {
  const target = await startTarget(() => false);
  const queue = queueFor(target);
  queue.enqueue(['a', 'b', 'c', 'd'].map(delivery));
  await queue.idle();
  expect(keys(target.started)).toEqual(['a', 'b', 'c', 'd']);
});

test('with a concurrency, a delivery with no answer yet holds back none of the others', async () => {
  const target = await startTarget((path) => path.endsWith('/slow'));
  const queue = queueFor(target, 3);
  queue.enqueue(['slow', 'a', 'b', 'c', 'd'].map(delivery));
  await until(() => queue.size === 1);
  expect(keys(target.started)).toEqual(['slow', 'a', 'b', 'c', 'd']);
  expect(queue.size).toBe(1);
  target.release();
  await queue.idle();
  expect(queue.size).toBe(0);
});

test('one at a time, a delivery with no answer holds back the ones behind it', async () => {
  const target = await startTarget((path) => path.endsWith('/slow'));
  const queue = queueFor(target);
  queue.enqueue(['slow', 'a'].map(delivery));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(keys(target.started)).toEqual(['slow']);
  target.release();
  await queue.idle();
  expect(keys(target.started)).toEqual(['slow', 'a']);
});

test('with a concurrency, deliveries to one function still go one at a time', async () => {
  const target = await startTarget((path) => path.endsWith('/slow'));
  const queue = queueFor(target, 3);
  queue.enqueue(['slow', 'slow#2', 'a'].map(delivery));
  await until(() => queue.size === 2);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(keys(target.started)).toEqual(['slow', 'a']);
  target.release();
  await until(() => target.started.length === 3);
  expect(keys(target.started)).toEqual(['slow', 'a', 'slow']);
  target.release();
  await queue.idle();
});
