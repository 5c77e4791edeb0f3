import { startStack, type Stack } from '../harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

test('setDoc then getDoc over WebChannel', async () => {
  const client = await stack.openClient({ uid: 'alice' });
  const data = await client.run(async (fb) => {
    const { doc, setDoc, getDoc } = fb.fs;
    await setDoc(doc(fb.db, 'posts/p1'), { caption: 'héllo 😀', n: 1 });
    const snap = await getDoc(doc(fb.db, 'posts/p1'));
    return { data: snap.data(), fromCache: snap.metadata.fromCache };
  });
  expect(data).toEqual({ data: { caption: 'héllo 😀', n: 1 }, fromCache: false });
});
