import { stackForFile } from '../harness';

/** Every basic operation of the real browser SDK against the emulator. */

// Query mechanics on made-up collections, whose composite queries no index file lists (the
// checks themselves: index-checks.test.ts); Google's emulator, the other backend, checks none.
const { stack, clients } = stackForFile({ indexes: false }, { alice: { uid: 'alice' } });

test('a fresh emulator answers getDoc of a missing document; non-ASCII text round-trips', async () => {
  const result = await clients.alice.run(async (fb) => {
    const f = fb.fs;
    const missing = await f.getDoc(f.doc(fb.db, 'fresh/none'));
    await f.setDoc(f.doc(fb.db, 'fresh/text'), { caption: 'héllo 😀 日本' });
    const snap = await f.getDocFromServer(f.doc(fb.db, 'fresh/text'));
    return { missing: missing.exists(), fromCache: missing.metadata.fromCache, text: snap.data() };
  });
  expect(result).toEqual({ missing: false, fromCache: false, text: { caption: 'héllo 😀 日本' } });
});

test('add, update with transforms and dotted paths, merge, delete', async () => {
  const result = await clients.alice.run(async (fb) => {
    const f = fb.fs;
    const ref = await f.addDoc(f.collection(fb.db, 'posts'), {
      uid: 'alice',
      likes: ['carol'],
      n: 1,
      userInfo: { userName: 'Alice', From: 'Oslo' },
      createdAt: f.serverTimestamp(),
    });
    await f.updateDoc(ref, {
      likes: f.arrayUnion('bob', 'dave'),
      n: f.increment(2),
      'userInfo.userName': 'Alicia',
    });
    await f.updateDoc(ref, { likes: f.arrayRemove('carol') });
    await f.setDoc(ref, { extra: { a: 1 } }, { merge: true });
    const snap = await f.getDoc(ref);
    const data = snap.data()!;
    await f.deleteDoc(ref);
    const gone = await f.getDoc(ref);
    return {
      idLength: ref.id.length,
      likes: data['likes'],
      n: data['n'],
      userInfo: data['userInfo'],
      extra: data['extra'],
      createdAtIsTimestamp: data['createdAt'] instanceof f.Timestamp,
      fromCache: snap.metadata.fromCache,
      existsAfterDelete: gone.exists(),
    };
  });
  expect(result).toEqual({
    idLength: 20,
    likes: ['bob', 'dave'],
    n: 3,
    userInfo: { userName: 'Alicia', From: 'Oslo' },
    extra: { a: 1 },
    createdAtIsTimestamp: true,
    fromCache: false,
    existsAfterDelete: false,
  });
});

test('an update of a missing document is rejected with not-found', async () => {
  const error = await clients.alice.run(async (fb) => {
    try {
      await fb.fs.updateDoc(fb.fs.doc(fb.db, 'posts/nope'), { n: 1 });
      return null;
    } catch (e) {
      return { code: (e as { code: string }).code, message: (e as Error).message };
    }
  });
  // Production and this emulator say "No document to update: <name>"; Google's emulator answers
  // with Datastore's "no entity to update" instead, so against it only the code is compared.
  expect(error).toEqual({
    code: 'not-found',
    message: stack().external
      ? expect.any(String)
      : expect.stringContaining('No document to update'),
  });
});

test('getDocs with filters, ordering and startAfter paging', async () => {
  const pages = await clients.alice.run(async (fb) => {
    const f = fb.fs;
    const batch = f.writeBatch(fb.db);
    for (let i = 0; i < 7; i++) {
      batch.set(f.doc(fb.db, `paged/p${i}`), { uid: 'alice', createdAt: i, followers: ['alice'] });
    }
    batch.set(f.doc(fb.db, 'paged/other'), { uid: 'bob', createdAt: 100, followers: ['bob'] });
    await batch.commit();
    const base = [
      f.where('followers', 'array-contains', 'alice'),
      f.orderBy('createdAt', 'desc'),
      f.limit(3),
    ] as const;
    const ids: string[][] = [];
    let last: unknown = null;
    for (let page = 0; page < 3; page++) {
      const q = last
        ? f.query(f.collection(fb.db, 'paged'), ...base, f.startAfter(last))
        : f.query(f.collection(fb.db, 'paged'), ...base);
      const snap = await f.getDocs(q);
      ids.push(snap.docs.map((d) => d.id));
      last = snap.docs[snap.docs.length - 1];
    }
    const eq = await f.getDocs(f.query(f.collection(fb.db, 'paged'), f.where('uid', '==', 'bob')));
    return { ids, bob: eq.docs.map((d) => d.id) };
  });
  expect(pages).toEqual({
    ids: [['p6', 'p5', 'p4'], ['p3', 'p2', 'p1'], ['p0']],
    bob: ['other'],
  });
});

test('writeBatch is atomic: a failing write rejects the whole batch', async () => {
  const result = await clients.alice.run(async (fb) => {
    const f = fb.fs;
    const ok = f.writeBatch(fb.db);
    ok.set(f.doc(fb.db, 'batch/a'), { v: 1 });
    ok.set(f.doc(fb.db, 'batch/b'), { v: 2 });
    await ok.commit();
    const bad = f.writeBatch(fb.db);
    bad.set(f.doc(fb.db, 'batch/c'), { v: 3 });
    bad.update(f.doc(fb.db, 'batch/missing'), { v: 4 });
    let code = '';
    try {
      await bad.commit();
    } catch (e) {
      code = (e as { code: string }).code;
    }
    const snap = await f.getDocs(f.collection(fb.db, 'batch'));
    return { code, ids: snap.docs.map((d) => d.id) };
  });
  expect(result).toEqual({ code: 'not-found', ids: ['a', 'b'] });
});

test('runTransaction retries after a conflicting write and applies on fresh data', async () => {
  const result = await clients.alice.run(async (fb) => {
    const f = fb.fs;
    const ref = f.doc(fb.db, 'counters/c1');
    await f.setDoc(ref, { n: 1 });
    let attempts = 0;
    const seen: number[] = [];
    const final = await f.runTransaction(fb.db, async (tx) => {
      attempts++;
      const snap = await tx.get(ref);
      const n = snap.data()!['n'] as number;
      seen.push(n);
      // Another writer changes the document between this read and the commit.
      if (attempts === 1) await f.setDoc(ref, { n: 100 });
      tx.update(ref, { n: n + 1 });
      return n + 1;
    });
    const after = (await f.getDoc(ref)).data()!['n'];
    return { attempts, seen, final, after };
  });
  expect(result).toEqual({ attempts: 2, seen: [1, 100], final: 101, after: 101 });
});

test('getCountFromServer counts on the server', async () => {
  const counts = await clients.alice.run(async (fb) => {
    const f = fb.fs;
    for (let i = 0; i < 4; i++)
      await f.setDoc(f.doc(fb.db, `counted/c${i}`), { even: i % 2 === 0 });
    const all = await f.getCountFromServer(f.collection(fb.db, 'counted'));
    const even = await f.getCountFromServer(
      f.query(f.collection(fb.db, 'counted'), f.where('even', '==', true)),
    );
    return [all.data().count, even.data().count];
  });
  expect(counts).toEqual([4, 2]);
});
