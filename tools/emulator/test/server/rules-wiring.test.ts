import { idToken, stackForFile } from '../harness';
import { request } from './wire';

/**
 * The server asks the rules on every path the SDK uses (write stream, listen targets, REST
 * transactions and aggregations) and reports denials as the official emulator does.
 */

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} {
      allow read: if request.auth != null;
      allow create: if request.auth != null && request.resource.data.owner == request.auth.uid;
      allow update: if request.auth != null && resource.data.owner == request.auth.uid;
    }
  }
}
`;

const { stack, clients } = stackForFile(
  { firestoreRules: RULES },
  { alice: { uid: 'alice' }, anonymous: {} },
);

test('writes: allowed, and denied with the rule text over the Write stream', async () => {
  const outcomes = await clients.alice.run(async (fb) => {
    const f = fb.fs;
    const attempt = async (op: () => Promise<unknown>) => {
      try {
        await op();
        return { ok: true };
      } catch (e) {
        return { ok: false, code: (e as { code: string }).code, message: (e as Error).message };
      }
    };
    return [
      await attempt(() => f.setDoc(f.doc(fb.db, 'notes/mine'), { owner: 'alice', text: 'hi' })),
      await attempt(() => f.setDoc(f.doc(fb.db, 'notes/theirs'), { owner: 'bob', text: 'hi' })),
    ];
  });
  expect(outcomes[0]).toEqual({ ok: true });
  expect(outcomes[1]).toEqual({
    ok: false,
    code: 'permission-denied',
    message: expect.stringMatching(/^\n.*for 'create' @ L\d+/),
  });
});

test('reads: a signed-out listener and getDoc are denied; a signed-in one reads', async () => {
  const denied = await clients.anonymous.run(async (fb) => {
    const f = fb.fs;
    try {
      await f.getDoc(f.doc(fb.db, 'notes/mine'));
      return { ok: true };
    } catch (e) {
      return { ok: false, code: (e as { code: string }).code, message: (e as Error).message };
    }
  });
  expect(denied).toEqual({
    ok: false,
    code: 'permission-denied',
    message: expect.stringMatching(/^\n.*for 'get' @ L\d+/),
  });
  const listDenied = await clients.anonymous.run(
    (fb) =>
      new Promise<string>((resolve) => {
        const f = fb.fs;
        f.onSnapshot(
          f.collection(fb.db, 'notes'),
          () => resolve('snapshot'),
          (e) => resolve((e as { code: string }).code),
        );
      }),
  );
  expect(listDenied).toBe('permission-denied');
  const text = await clients.alice.run(async (fb) => {
    const f = fb.fs;
    return (await f.getDoc(f.doc(fb.db, 'notes/mine'))).data()!['text'];
  });
  expect(text).toBe('hi');
});

test('REST: a transaction is checked, count is checked, the owner token bypasses rules', async () => {
  const tx = await clients.alice.run(async (fb) => {
    const f = fb.fs;
    try {
      await f.runTransaction(fb.db, async (t) => {
        const snap = await t.get(f.doc(fb.db, 'notes/mine'));
        t.set(f.doc(fb.db, 'notes/forged'), { owner: 'bob', from: snap.id });
      });
      return 'committed';
    } catch (e) {
      return (e as { code: string }).code;
    }
  });
  expect(tx).toBe('permission-denied');
  const count = await clients.anonymous.run(async (fb) => {
    const f = fb.fs;
    try {
      return (await f.getCountFromServer(f.collection(fb.db, 'notes'))).data().count;
    } catch (e) {
      return (e as { code: string }).code;
    }
  });
  expect(count).toBe('permission-denied');

  const docs = `projects/${stack().projectId}/databases/(default)/documents`;
  const commit = (token: string) =>
    request(`${stack().firestoreUrl}/v1/${docs}:commit`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        writes: [
          { update: { name: `${docs}/notes/admin`, fields: { owner: { stringValue: 'x' } } } },
        ],
      }),
    });
  const asAlice = await commit(idToken('alice', stack().projectId));
  expect(asAlice.status).toBe(403);
  expect(JSON.parse(asAlice.text)).toEqual({
    error: { code: 403, status: 'PERMISSION_DENIED', message: expect.stringMatching(/^\n/) },
  });
  expect((await commit('owner')).status).toBe(200);
});

test('rules loaded through the emulator endpoint take effect at once', async () => {
  const res = await request(
    `${stack().firestoreUrl}/emulator/v1/projects/${stack().projectId}:securityRules`,
    {
      method: 'PUT',
      body: JSON.stringify({
        rules: {
          files: [
            {
              name: 'firestore.rules',
              content: RULES.replace(
                'allow read: if request.auth != null;',
                'allow read: if true;',
              ),
            },
          ],
        },
      }),
    },
  );
  expect(res.status).toBe(200);
  expect(JSON.parse(res.text)).toEqual({ issues: [] });
  const text = await clients.anonymous.run(async (fb) => {
    const f = fb.fs;
    return (await f.getDoc(f.doc(fb.db, 'notes/mine'))).data()!['text'];
  });
  expect(text).toBe('hi');
});
