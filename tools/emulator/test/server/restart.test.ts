import { stackForFile } from '../harness';

/** The emulator restarts under open sessions: clients re-handshake and resume, data persists. */

const { stack, clients } = stackForFile(
  { dataDir: 'temp' },
  { alice: { uid: 'alice' }, bob: { uid: 'bob' } },
);

test('listeners and writers recover after a server restart in the middle of a session', async () => {
  await clients.bob.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'chat/m1'), { text: 'before', at: 1 });
  });
  await clients.alice.run(async (fb) => {
    const f = fb.fs;
    const seen: string[][] = [];
    fb.vars['chat'] = seen;
    f.onSnapshot(f.query(f.collection(fb.db, 'chat'), f.orderBy('at')), (s) => {
      if (!s.metadata.fromCache) seen.push(s.docs.map((d) => d.data()['text'] as string));
    });
  });
  const sees = (want: string[]) =>
    clients.alice.waitFor(
      (fb, w) => {
        const seen = fb.vars['chat'] as string[][];
        return JSON.stringify(seen[seen.length - 1]) === JSON.stringify(w);
      },
      want,
      45_000,
    );
  await sees(['before']);
  const readTimeBefore = stack().emulator.engine.currentReadTime();

  await stack().restartEmulator();
  // Versions keep rising across the restart (persisted), or the client would drop snapshots.
  expect(stack().emulator.engine.currentReadTime() >= readTimeBefore).toBe(true);
  expect(
    stack().emulator.engine.getDocument(
      `projects/${stack().projectId}/databases/(default)/documents/chat/m1`,
    )?.fields,
  ).toEqual({ text: { stringValue: 'before' }, at: { integerValue: '1' } });

  // Bob's old session is gone too; his write goes through once his client reconnects.
  await clients.bob.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'chat/m2'), { text: 'after', at: 2 });
  });
  await sees(['before', 'after']);

  const aliceWrite = await clients.alice.run(async (fb) => {
    const f = fb.fs;
    await f.updateDoc(f.doc(fb.db, 'chat/m1'), { text: 'edited' });
    return (await f.getDoc(f.doc(fb.db, 'chat/m1'))).data()!['text'];
  });
  expect(aliceWrite).toBe('edited');
  await sees(['edited', 'after']);
}, 100_000);
