import {
  deleteObject,
  getDownloadURL,
  getMetadata,
  listAll,
  ref,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from 'firebase/storage';
import {
  objectUrl,
  patternBytes,
  startStorage,
  storageClient,
  type RunningStorage,
} from './helpers';

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{uid}/{allPaths=**} {
      allow read: if request.auth != null;
      allow create, update: if request.auth != null && request.auth.uid == uid
        && request.resource.size < 2048;
      allow delete: if request.auth != null && request.auth.uid == uid;
    }
  }
}
`;

let emulator: RunningStorage;
let alice: ReturnType<typeof storageClient>;
let bob: ReturnType<typeof storageClient>;
let anonymous: ReturnType<typeof storageClient>;
let owner: ReturnType<typeof storageClient>;

beforeAll(async () => {
  emulator = await startStorage({ rules: RULES });
  alice = storageClient(emulator.port, { sub: 'alice' });
  bob = storageClient(emulator.port, { sub: 'bob' });
  anonymous = storageClient(emulator.port);
  owner = storageClient(emulator.port, 'owner');
});

afterAll(async () => {
  await Promise.all([alice.close(), bob.close(), anonymous.close(), owner.close()]);
  await emulator.close();
});

const WRITE_DENIED = { error: { code: 403, message: 'Permission denied. No WRITE permission.' } };

describe('Storage rules', () => {
  test('a member may write under their own uid only', async () => {
    await uploadString(ref(alice.storage, 'alice/posts/ok.txt'), 'mine');
    await expect(
      uploadString(ref(bob.storage, 'alice/posts/evil.txt'), 'not mine'),
    ).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    await expect(
      uploadString(ref(anonymous.storage, 'alice/posts/anon.txt'), 'x'),
    ).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
  });

  test('the 403 body is the official text', async () => {
    const body =
      '--b\r\nContent-Type: application/json\r\n\r\n{}\r\n--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--';
    const response = await fetch(
      `${emulator.base}/v0/b/demo-social.appspot.com/o?name=${encodeURIComponent('alice/x.txt')}`,
      {
        method: 'POST',
        headers: {
          'X-Goog-Upload-Protocol': 'multipart',
          'Content-Type': 'multipart/related; boundary=b',
        },
        body,
      },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(WRITE_DENIED);
  });

  test('request.resource.size is enforced for multipart and resumable uploads', async () => {
    await expect(
      uploadBytes(ref(alice.storage, 'alice/big.bin'), patternBytes(4096)),
    ).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    await expect(
      uploadBytesResumable(ref(alice.storage, 'alice/bigger.bin'), patternBytes(300 * 1024)),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });
    const check = await fetch(objectUrl(emulator.base, 'alice/bigger.bin'), {
      headers: { Authorization: 'Firebase owner' },
    });
    expect(check.status).toBe(404);
  });

  test('reads need sign-in, except with a valid download token', async () => {
    const target = ref(alice.storage, 'alice/pfps/me.txt');
    await uploadString(target, 'face');
    await expect(getMetadata(ref(anonymous.storage, 'alice/pfps/me.txt'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    const plain = await fetch(`${objectUrl(emulator.base, 'alice/pfps/me.txt')}?alt=media`);
    expect(plain.status).toBe(403);
    expect(await plain.json()).toEqual({
      error: { code: 403, message: 'Permission denied. No READ permission.' },
    });
    const url = await getDownloadURL(target);
    const withToken = await fetch(url);
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toBe('face');
    const wrongToken = await fetch(url.replace(/token=[^&]+/, 'token=not-a-token'));
    expect(wrongToken.status).toBe(403);
    expect((await getMetadata(ref(bob.storage, 'alice/pfps/me.txt'))).size).toBe(4);
  });

  test('a missing object is 404 when reading is allowed and 403 when it is not', async () => {
    await expect(getMetadata(ref(bob.storage, 'alice/nothing.txt'))).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
    await expect(getMetadata(ref(anonymous.storage, 'alice/nothing.txt'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
  });

  test('list follows the read rule', async () => {
    await uploadString(ref(alice.storage, 'alice/list/a.txt'), 'a');
    const listed = await listAll(ref(bob.storage, 'alice/list'));
    expect(listed.items.map((i) => i.name)).toEqual(['a.txt']);
    await expect(listAll(ref(anonymous.storage, 'alice/list'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    const raw = await fetch(
      `${emulator.base}/v0/b/demo-social.appspot.com/o?prefix=alice%2F&delimiter=%2F`,
    );
    expect(await raw.json()).toEqual({
      error: { code: 403, message: 'Permission denied. No LIST permission.' },
    });
  });

  test('delete only by the owner of the folder; the owner token bypasses rules', async () => {
    await uploadString(ref(alice.storage, 'alice/posts/del.txt'), 'x');
    await expect(deleteObject(ref(bob.storage, 'alice/posts/del.txt'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    await deleteObject(ref(alice.storage, 'alice/posts/del.txt'));
    await uploadBytes(ref(owner.storage, 'system/anything.bin'), patternBytes(5000));
    expect((await getMetadata(ref(owner.storage, 'system/anything.bin'))).size).toBe(5000);
  });

  test('PUT /internal/setRules installs rules or answers 400 with the issues', async () => {
    const broken = await fetch(`${emulator.base}/internal/setRules`, {
      method: 'PUT',
      body: JSON.stringify({
        rules: { files: [{ name: 'storage.rules', content: 'service firebase.storage {' }] },
      }),
    });
    expect(broken.status).toBe(400);
    const answer = (await broken.json()) as { issues: Array<{ line: number; column: number }> };
    expect(answer.issues.length).toBeGreaterThan(0);
    expect(answer.issues[0]).toEqual(
      expect.objectContaining({ line: expect.any(Number), column: expect.any(Number) }),
    );
    // The previous rules still apply.
    await expect(
      uploadString(ref(anonymous.storage, 'alice/after.txt'), 'x'),
    ).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });

    const openRules = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{allPaths=**} { allow read, write: if true; }
  }
}`;
    const ok = await fetch(`${emulator.base}/internal/setRules`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content: openRules }] } }),
    });
    expect(ok.status).toBe(200);
    await uploadString(ref(anonymous.storage, 'alice/after.txt'), 'now allowed');
    emulator.setRules(RULES);
  });

  test('admin-only create_token / delete_token; a deleted token stops working', async () => {
    const target = ref(alice.storage, 'alice/pfps/tokens.txt');
    await uploadString(target, 'tok');
    const firstUrl = await getDownloadURL(target);
    const firstToken = new URL(firstUrl).searchParams.get('token')!;
    const tokenUrl = (query: string): string =>
      `${objectUrl(emulator.base, 'alice/pfps/tokens.txt')}?${query}`;

    const denied = await fetch(tokenUrl('create_token=true'), { method: 'POST' });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({
      error: { code: 403, message: 'Missing admin credentials.' },
    });

    const admin = { Authorization: 'Firebase owner' };
    const created = await fetch(tokenUrl('create_token=true'), { method: 'POST', headers: admin });
    const tokens = ((await created.json()) as { downloadTokens: string }).downloadTokens.split(',');
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe(firstToken);

    const removed = await fetch(tokenUrl(`delete_token=${firstToken}`), {
      method: 'POST',
      headers: admin,
    });
    expect(((await removed.json()) as { downloadTokens: string }).downloadTokens).toBe(tokens[1]);
    expect((await fetch(firstUrl)).status).toBe(403);
    expect(await (await fetch(tokenUrl(`alt=media&token=${tokens[1]}`))).text()).toBe('tok');
  });
});
