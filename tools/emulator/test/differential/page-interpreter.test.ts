import { startStack, type HarnessClient, type Stack } from '../harness';
import type { Op } from './model';
import { interpretInPage } from './page-interpreter';

/**
 * The differential test's page interpreter, against this emulator alone. An operation that
 * times out must leave nothing running: in DIFF_SEED=1 episode 0, a listener that timed out on
 * Google's emulator went on writing `b: 0` to c/d3 in the background, and 138 operations later a
 * transaction read that write there and not here, which looked like a difference of the
 * emulators ("c/d3 reads b = 2^53 on ours and 0 on Google's").
 */
let stack: Stack;
let client: HarnessClient;
beforeAll(async () => {
  stack = await startStack({ projectId: 'demo-interpreter' });
  client = await stack.openClient({ admin: true });
}, 120_000);
afterAll(() => stack?.stop());

const run = (ops: Op[], timeoutMs?: number) =>
  client.run(interpretInPage, {
    ops,
    ns: 'n',
    restBase: stack.firestoreUrl,
    now: Date.now(),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

test('a listener that timed out writes nothing afterwards', async () => {
  const listen: Op = {
    op: 'listen',
    q: { from: 'c', orderBy: [['b', 'asc']] },
    writes: [{ op: 'set', path: 'c/late', data: { b: { k: 'num', v: 1 } } }],
  };
  // 1 ms: the listener's first server round trip cannot be back before its operation times out.
  const timedOut = await run([listen], 1);
  expect(timedOut.outcomes[0]).toEqual({ error: 'timeout', message: '' });
  // Long enough for the abandoned listener to have settled and written, had it gone on.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await run([{ op: 'get', path: 'c/late' }]);
  expect(after.outcomes[0]).toMatchObject({ ok: { exists: false } });
});

test('without a timeout the same listener writes, so the test above can fail', async () => {
  const listen: Op = {
    op: 'listen',
    q: { from: 'c', orderBy: [['b', 'asc']] },
    writes: [{ op: 'set', path: 'c/written', data: { b: { k: 'num', v: 1 } } }],
  };
  const done = await run([listen, { op: 'get', path: 'c/written' }]);
  expect(done.outcomes[1]).toMatchObject({ ok: { exists: true } });
});
