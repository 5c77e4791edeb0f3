import { stackForFile } from '../harness';

// The browser SDK uses XMLHttpRequest and CORS preflights (every request carries
// X-Firebase-Storage-Version), which the Node SDK does not: this is the path the product takes.
const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{uid}/{allPaths=**} {
      allow read: if request.auth != null;
      allow write: if request.auth != null && request.auth.uid == uid;
    }
  }
}
`;

const { stack, clients } = stackForFile({ storageRules: RULES }, { alice: { uid: 'alice' } });

test('uploads (multipart and resumable), download URL, Range and list from a page', async () => {
  const result = await clients.alice.run(async (fb) => {
    const { ref, uploadBytes, uploadBytesResumable, getDownloadURL, listAll, getMetadata } = fb.st;
    const small = new Blob(['hello from the browser'], { type: 'text/plain' });
    await uploadBytes(ref(fb.storage, 'alice/posts/hello.txt'), small);

    const big = new Uint8Array(400 * 1024).map((_, i) => i % 251);
    const task = uploadBytesResumable(ref(fb.storage, 'alice/posts/big.bin'), big);
    const progress: number[] = [];
    task.on('state_changed', (s) => progress.push(s.bytesTransferred));
    await task;

    const url = await getDownloadURL(ref(fb.storage, 'alice/posts/hello.txt'));
    const text = await (await fetch(url)).text();
    const bigUrl = await getDownloadURL(ref(fb.storage, 'alice/posts/big.bin'));
    const ranged = await fetch(bigUrl, { headers: { Range: 'bytes=251-255' } });
    const slice = Array.from(new Uint8Array(await ranged.arrayBuffer()));
    const listed = await listAll(ref(fb.storage, 'alice/posts'));
    const meta = await getMetadata(ref(fb.storage, 'alice/posts/big.bin'));
    return {
      text,
      rangeStatus: ranged.status,
      contentRange: ranged.headers.get('content-range'),
      slice,
      names: listed.items.map((i) => i.name),
      size: meta.size,
      lastProgress: progress[progress.length - 1],
    };
  });
  expect(result).toEqual({
    text: 'hello from the browser',
    rangeStatus: 206,
    contentRange: `bytes 251-255/${400 * 1024}`,
    slice: [0, 1, 2, 3, 4],
    names: ['big.bin', 'hello.txt'],
    size: 400 * 1024,
    lastProgress: 400 * 1024,
  });
});

test('rules deny another member and the signed-out visitor, with the SDK error codes', async () => {
  const bob = await stack().openClient({ uid: 'bob' });
  const anonymous = await stack().openClient();
  try {
    const bobWrite = await bob.run(async (fb) => {
      try {
        await fb.st.uploadString(fb.st.ref(fb.storage, 'alice/posts/evil.txt'), 'x');
        return 'allowed';
      } catch (error) {
        return (error as { code: string }).code;
      }
    });
    expect(bobWrite).toBe('storage/unauthorized');
    const anonymousRead = await anonymous.run(async (fb) => {
      try {
        await fb.st.getMetadata(fb.st.ref(fb.storage, 'alice/posts/hello.txt'));
        return 'allowed';
      } catch (error) {
        return (error as { code: string }).code;
      }
    });
    expect(anonymousRead).toBe('storage/unauthorized');
  } finally {
    await bob.close();
    await anonymous.close();
  }
});
