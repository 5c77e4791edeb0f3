import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compositeIndex } from '../engine/index-definitions';
import { startStack, type HarnessClient, type Stack } from '../harness';

/**
 * Index checks through the real SDK: with an index file, a query production would refuse for a
 * missing composite index is refused here too, with the index to add; the same query with its
 * index answers. (Which queries need which index: test/engine/indexes.test.ts.)
 */
let stack: Stack;
let client: HarnessClient;
const indexesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'indexes-')), 'i.json');

beforeAll(async () => {
  fs.writeFileSync(
    indexesFile,
    JSON.stringify({
      indexes: [compositeIndex('posts', ['uid asc', 'createdAt desc'])],
    }),
  );
  stack = await startStack({ projectId: 'demo-indexes', indexes: indexesFile });
  client = await stack.openClient({ admin: true });
  await client.run(async (fb) => {
    const f = fb.fs;
    for (const [id, uid, createdAt] of [
      ['p1', 'a', 1],
      ['p2', 'a', 2],
      ['p3', 'b', 3],
    ] as const)
      await f.setDoc(f.doc(fb.db, 'posts', id), { uid, createdAt, likes: createdAt });
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  fs.rmSync(path.dirname(indexesFile), { recursive: true, force: true });
});

test('a query with its index answers, in getDocs and in a listener', async () => {
  const result = await client.run(async (fb) => {
    const f = fb.fs;
    const q = f.query(
      f.collection(fb.db, 'posts'),
      f.where('uid', '==', 'a'),
      f.orderBy('createdAt', 'desc'),
    );
    const once = (await f.getDocs(q)).docs.map((d) => d.id);
    const live = await new Promise<string[]>((resolve, reject) => {
      const stop = f.onSnapshot(
        q,
        (s) => {
          stop();
          resolve(s.docs.map((d) => d.id));
        },
        reject,
      );
    });
    return { once, live };
  });
  expect(result).toEqual({ once: ['p2', 'p1'], live: ['p2', 'p1'] });
});

test('a query without its index is refused with FAILED_PRECONDITION and the entry to add', async () => {
  const result = await client.run(async (fb) => {
    const f = fb.fs;
    const q = f.query(
      f.collection(fb.db, 'posts'),
      f.where('likes', '>', 1),
      f.orderBy('createdAt', 'desc'),
    );
    const once = await f.getDocs(q).then(
      () => null,
      (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
    );
    const live = await new Promise<string>((resolve) => {
      // The first snapshot may come from the page's cache; the server's answer is what counts.
      f.onSnapshot(
        q,
        { includeMetadataChanges: true },
        (s) => {
          if (!s.metadata.fromCache) resolve('answered');
        },
        (e) => resolve(e.code),
      );
    });
    const count = await f.getCountFromServer(q).then(
      () => 'answered',
      (e: { code: string }) => e.code,
    );
    return { once, live, count };
  });
  expect(result.once?.code).toBe('failed-precondition');
  expect(result.once?.message).toContain(
    'The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/demo-indexes/firestore/indexes?create_composite=',
  );
  const entry = JSON.parse(result.once!.message.slice(result.once!.message.indexOf('{')));
  expect(entry).toEqual(compositeIndex('posts', ['createdAt desc', 'likes desc']));
  expect(result.live).toBe('failed-precondition');
  expect(result.count).toBe('failed-precondition');
});

test('without index checks the same query answers (so the refusal above is the check)', async () => {
  const open = await startStack({ projectId: 'demo-indexes-off', indexes: false });
  try {
    const other = await open.openClient({ admin: true });
    const ids = await other.run(async (fb) => {
      const f = fb.fs;
      await f.setDoc(f.doc(fb.db, 'posts', 'p'), { likes: 2, createdAt: 1 });
      const q = f.query(
        f.collection(fb.db, 'posts'),
        f.where('likes', '>', 1),
        f.orderBy('createdAt', 'desc'),
      );
      return (await f.getDocs(q)).docs.map((d) => d.id);
    });
    expect(ids).toEqual(['p']);
  } finally {
    await open.stop();
  }
}, 60_000);
