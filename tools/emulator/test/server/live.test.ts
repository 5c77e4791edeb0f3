import { stackForFile } from '../harness';

/** Live queries: one client listens, another writes; every commit is one consistent snapshot. */

// Query mechanics on made-up collections, whose composite queries no index file lists (the
// checks themselves: index-checks.test.ts); Google's emulator, the other backend, checks none.
const { stack, clients } = stackForFile(
  { indexes: false },
  { alice: { uid: 'alice' }, bob: { uid: 'bob' } },
);

interface Snap {
  ids: string[];
  fromCache: boolean;
}

/** Bob's writes, run in his page. */
async function bobWrites(
  ops: Array<['set', string, Record<string, unknown>] | ['delete', string]>,
) {
  await clients.bob.run(async (fb, list) => {
    const f = fb.fs;
    const batch = f.writeBatch(fb.db);
    for (const op of list) {
      if (op[0] === 'set') batch.set(f.doc(fb.db, op[1]), op[2]!);
      else batch.delete(f.doc(fb.db, op[1]));
    }
    await batch.commit();
  }, ops);
}

async function aliceSeesIds(ids: string[]): Promise<void> {
  await clients.alice.waitFor((fb, want) => {
    const snaps = fb.vars['feed'] as Array<{ ids: string[]; fromCache: boolean }>;
    const last = snaps[snaps.length - 1];
    return !!last && !last.fromCache && JSON.stringify(last.ids) === JSON.stringify(want);
  }, ids);
}

test('array-contains + orderBy + limit follows another client live, window in and out', async () => {
  await bobWrites([
    ['set', 'feed/p1', { followers: ['alice', 'bob'], createdAt: 1 }],
    ['set', 'feed/p2', { followers: ['alice'], createdAt: 2 }],
    ['set', 'feed/hidden', { followers: ['bob'], createdAt: 3 }],
  ]);
  await clients.alice.run(async (fb) => {
    const f = fb.fs;
    const snaps: Array<{ ids: string[]; fromCache: boolean }> = [];
    fb.vars['feed'] = snaps;
    const q = f.query(
      f.collection(fb.db, 'feed'),
      f.where('followers', 'array-contains', 'alice'),
      f.orderBy('createdAt', 'desc'),
      f.limit(3),
    );
    f.onSnapshot(q, (s) =>
      snaps.push({ ids: s.docs.map((d) => d.id), fromCache: s.metadata.fromCache }),
    );
  });
  await aliceSeesIds(['p2', 'p1']);

  // Two newer posts push p1 out of the window.
  await bobWrites([
    ['set', 'feed/p3', { followers: ['alice'], createdAt: 3 }],
    ['set', 'feed/p4', { followers: ['alice'], createdAt: 4 }],
  ]);
  await aliceSeesIds(['p4', 'p3', 'p2']);

  // Deleting the newest pulls p1 back in from beyond the window.
  await bobWrites([['delete', 'feed/p4']]);
  await aliceSeesIds(['p3', 'p2', 'p1']);

  // A document that stops matching leaves; one that moves is reordered.
  await bobWrites([['set', 'feed/p2', { followers: ['bob'], createdAt: 2 }]]);
  await aliceSeesIds(['p3', 'p1']);
  await bobWrites([['set', 'feed/p1', { followers: ['alice'], createdAt: 10 }]]);
  await aliceSeesIds(['p1', 'p3']);

  // One batch = one snapshot: the add and the delete arrive together.
  await bobWrites([
    ['set', 'feed/p5', { followers: ['alice'], createdAt: 5 }],
    ['delete', 'feed/p3'],
  ]);
  await aliceSeesIds(['p1', 'p5']);

  const history = await clients.alice.run((fb) => fb.vars['feed'] as Snap[]);
  const serverSnaps = history.filter((s) => !s.fromCache).map((s) => s.ids.join(','));
  expect(serverSnaps).toEqual(['p2,p1', 'p4,p3,p2', 'p3,p2,p1', 'p3,p1', 'p1,p3', 'p1,p5']);
});

test('document listeners see changes and deletes; a long-polling client sees them too', async () => {
  const carol = await stack().openClient({ uid: 'carol', longPolling: true });
  try {
    await bobWrites([['set', 'rooms/r1', { topic: 'first' }]]);
    for (const client of [clients.alice, carol]) {
      await client.run(async (fb) => {
        const f = fb.fs;
        const seen: Array<string | null> = [];
        fb.vars['room'] = seen;
        f.onSnapshot(f.doc(fb.db, 'rooms/r1'), (s) => {
          if (!s.metadata.fromCache) seen.push(s.exists() ? (s.data()!['topic'] as string) : null);
        });
      });
    }
    const seenAll = (want: Array<string | null>) =>
      Promise.all(
        [clients.alice, carol].map((c) =>
          c.waitFor((fb, w) => JSON.stringify(fb.vars['room']) === JSON.stringify(w), want),
        ),
      );
    await seenAll(['first']);
    await bobWrites([['set', 'rooms/r1', { topic: 'second' }]]);
    await seenAll(['first', 'second']);
    await bobWrites([['delete', 'rooms/r1']]);
    await seenAll(['first', 'second', null]);
  } finally {
    await carol.close();
  }
});

test('a write shows up in the other client quickly', async () => {
  await clients.alice.run(async (fb) => {
    const f = fb.fs;
    fb.vars['pingAt'] = 0;
    f.onSnapshot(f.doc(fb.db, 'ping/p'), (s) => {
      if (s.exists() && !s.metadata.fromCache) fb.vars['pingAt'] = s.data()!['n'];
    });
  });
  await clients.alice.waitFor((fb) => fb.vars['pingAt'] !== undefined);
  const started = Date.now();
  await bobWrites([['set', 'ping/p', { n: 42 }]]);
  await clients.alice.waitFor((fb) => fb.vars['pingAt'] === 42);
  expect(Date.now() - started).toBeLessThan(1000);
});

test('one batch touching several targets of one tab gives each listener exactly one snapshot', async () => {
  await bobWrites([
    ['set', 'multi/a', { v: 0 }],
    ['set', 'multiPosts/x', { uid: 'bob', followers: ['alice'], createdAt: 1 }],
  ]);
  await clients.alice.run(async (fb) => {
    const f = fb.fs;
    // Every snapshot, from cache or not: the SDK may show a target's first result from the cache
    // another target filled, and then stays silent when the server confirms it.
    const log: Record<string, string[]> = { doc: [], byBob: [], feed: [] };
    fb.vars['multi'] = log;
    f.onSnapshot(f.doc(fb.db, 'multi/a'), (s) => log['doc']!.push(String(s.data()?.['v'])));
    f.onSnapshot(f.query(f.collection(fb.db, 'multiPosts'), f.where('uid', '==', 'bob')), (s) =>
      log['byBob']!.push(s.docs.map((d) => d.id).join(',')),
    );
    f.onSnapshot(
      f.query(
        f.collection(fb.db, 'multiPosts'),
        f.where('followers', 'array-contains', 'alice'),
        f.orderBy('createdAt', 'desc'),
        f.limit(2),
      ),
      (s) => log['feed']!.push(s.docs.map((d) => d.id).join(',')),
    );
  });
  const lastAre = (want: Record<string, string>) =>
    clients.alice.waitFor((fb, w) => {
      const log = fb.vars['multi'] as Record<string, string[]>;
      return Object.keys(w).every((k) => log[k]!.at(-1) === w[k]);
    }, want);
  await lastAre({ doc: '0', byBob: 'x', feed: 'x' });
  await new Promise((r) => setTimeout(r, 300));
  const before = await clients.alice.run((fb) => fb.vars['multi'] as Record<string, string[]>);

  await bobWrites([
    ['set', 'multi/a', { v: 1 }],
    ['set', 'multiPosts/y', { uid: 'bob', followers: ['alice'], createdAt: 2 }],
    ['set', 'multiPosts/z', { uid: 'bob', followers: ['alice'], createdAt: 3 }],
  ]);
  await lastAre({ doc: '1', byBob: 'x,y,z', feed: 'z,y' });
  await new Promise((r) => setTimeout(r, 300));
  const after = await clients.alice.run((fb) => fb.vars['multi'] as Record<string, string[]>);
  expect(after).toEqual({
    doc: [...before['doc']!, '1'],
    byBob: [...before['byBob']!, 'x,y,z'],
    feed: [...before['feed']!, 'z,y'],
  });
});
