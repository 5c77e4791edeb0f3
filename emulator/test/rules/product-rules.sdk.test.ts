/**
 * The product rules through the real browser SDK against the emulator (B's harness): the write
 * shapes of docs/DATA_MODEL.md are accepted, and other members' data is refused with
 * `permission-denied`. The full e2e suites cover the screens; this proves the rules' wiring.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, type HarnessClient, type Stack } from '../harness';

const repoRoot = join(__dirname, '..', '..', '..');
let stack: Stack;
let alice: HarnessClient;
let bob: HarnessClient;
let anonymous: HarnessClient;
const counts = { allow: 0, deny: 0 };

beforeAll(async () => {
  stack = await startStack({
    firestoreRules: readFileSync(join(repoRoot, 'firestore.rules'), 'utf8'),
    storageRules: readFileSync(join(repoRoot, 'storage.rules'), 'utf8'),
  });
  [alice, bob, anonymous] = await Promise.all([
    stack.openClient({ uid: 'alice' }),
    stack.openClient({ uid: 'bob' }),
    stack.openClient(),
  ]);
}, 120_000);

afterAll(async () => {
  console.log(`product rules via the SDK: ${counts.allow} allow and ${counts.deny} deny cases ran`);
  await stack?.stop();
});

type Outcome = { ok: true } | { ok: false; code: string; message: string };

function allowed(outcome: Outcome): void {
  expect(outcome).toEqual({ ok: true });
  counts.allow++;
}
function denied(
  outcome: Outcome,
  pattern = /for '(create|update|delete|get|list)' @ L\d+|No matching allow statements/,
): void {
  expect(outcome).toMatchObject({
    ok: false,
    code: expect.stringMatching(/permission-denied|unauthorized|unauthenticated/),
  });
  if (!outcome.ok && outcome.code === 'permission-denied') expect(outcome.message).toMatch(pattern);
  counts.deny++;
}

/** Runs one SDK operation in the page and reports whether it succeeded. */
async function attempt(client: HarnessClient, op: string, arg?: unknown): Promise<Outcome> {
  return client.run(
    async (fb, input: { op: string; arg: unknown }) => {
      const f = fb.fs;
      const s = fb.st;
      const db = fb.db;
      const me = fb.uid as string;
      const a = input.arg as Record<string, unknown>;
      const ops: Record<string, () => Promise<unknown>> = {
        signUp: async () => {
          const batch = f.writeBatch(db);
          batch.set(f.doc(db, 'usersData', me), {
            posts: [],
            connections: { Followers: [], Following: [] },
            profilePictures: { profilePicture: null, profileCover: null },
            userInfo: {
              From: null,
              Lives: null,
              userAbout: null,
              userAge: null,
              userName: a.name,
              userGender: null,
              dob: null,
            },
          });
          batch.set(f.doc(db, 'Following', me), { Following: [] });
          batch.set(f.doc(db, 'Followers', me), { Followers: [] });
          await batch.commit();
        },
        rename: () =>
          f.updateDoc(f.doc(db, 'usersData', a.uid as string), { 'userInfo.userName': a.name }),
        newPost: async () => {
          const ref = f.doc(db, 'posts', a.id as string);
          const batch = f.writeBatch(db);
          batch.set(ref, {
            postImage: a.image ?? null,
            postCaption: a.caption ?? null,
            uid: me,
            postId: ref.id,
            followers: [me],
            likes: [],
            createdAt: f.serverTimestamp(),
          });
          if (a.image) {
            batch.set(f.doc(db, 'explorePosts', ref.id), {
              postImage: a.image,
              uid: me,
              postId: ref.id,
              createdAt: f.serverTimestamp(),
            });
          }
          batch.update(f.doc(db, 'usersData', me), { posts: f.arrayUnion(ref.id) });
          await batch.commit();
        },
        like: () =>
          f.updateDoc(f.doc(db, 'posts', a.id as string), { likes: f.arrayUnion(a.who ?? me) }),
        unlike: () => f.updateDoc(f.doc(db, 'posts', a.id as string), { likes: f.arrayRemove(me) }),
        follow: async () => {
          const target = a.target as string;
          const batch = f.writeBatch(db);
          batch.update(f.doc(db, 'Followers', target), { Followers: f.arrayUnion(me) });
          batch.update(f.doc(db, 'Following', me), { Following: f.arrayUnion(target) });
          const posts = await f.getDocs(
            f.query(f.collection(db, 'posts'), f.where('uid', '==', target)),
          );
          posts.forEach((p) => batch.update(p.ref, { followers: f.arrayUnion(me) }));
          await batch.commit();
        },
        comment: () =>
          f.setDoc(f.doc(db, 'comments', a.id as string), {
            comment: a.text,
            replies: [],
            postId: a.postId,
            userId: me,
            createdAt: f.serverTimestamp(),
          }),
        reply: () =>
          f.updateDoc(f.doc(db, 'comments', a.id as string), {
            replies: f.arrayUnion({ reply: a.text, userId: a.userId ?? me }),
          }),
        deletePost: async () => {
          const comments = await f.getDocs(
            f.query(f.collection(db, 'comments'), f.where('postId', '==', a.id)),
          );
          const first = f.writeBatch(db);
          comments.forEach((c) => first.delete(c.ref));
          await first.commit();
          const batch = f.writeBatch(db);
          batch.delete(f.doc(db, 'posts', a.id as string));
          batch.delete(f.doc(db, 'explorePosts', a.id as string));
          batch.update(f.doc(db, 'usersData', me), { posts: f.arrayRemove(a.id) });
          await batch.commit();
        },
        readUser: () => f.getDoc(f.doc(db, 'usersData', a.uid as string)),
        feed: () =>
          f.getDocs(
            f.query(
              f.collection(db, 'posts'),
              f.where('followers', 'array-contains', a.uid),
              f.orderBy('createdAt', 'desc'),
              f.limit(3),
            ),
          ),
        upload: () =>
          s.uploadBytes(s.ref(fb.storage, a.path as string), new Uint8Array([1, 2, 3]), {
            contentType: a.contentType as string,
          }),
      };
      try {
        await ops[input.op]!();
        return { ok: true as const };
      } catch (e) {
        return {
          ok: false as const,
          code: String((e as { code?: string }).code).replace(/^(storage|firestore)\//, ''),
          message: String((e as Error).message),
        };
      }
    },
    { op, arg },
  );
}

test('sign-up, profile, posts, likes, follows, comments, deletes and uploads', async () => {
  allowed(await attempt(alice, 'signUp', { name: 'Alice' }));
  allowed(await attempt(bob, 'signUp', { name: 'Bob' }));
  denied(await attempt(bob, 'rename', { uid: 'alice', name: 'Hacked' }), /for 'update' @ L\d+/);
  denied(await attempt(alice, 'rename', { uid: 'alice', name: 'x'.repeat(33) }));
  allowed(await attempt(alice, 'rename', { uid: 'alice', name: 'x'.repeat(32) }));

  allowed(await attempt(alice, 'newPost', { id: 'p1', caption: 'hello' }));
  allowed(await attempt(alice, 'newPost', { id: 'p2', image: 'http://127.0.0.1/img.png' }));
  denied(await attempt(alice, 'newPost', { id: 'p3' }));

  allowed(await attempt(bob, 'like', { id: 'p1' }));
  allowed(await attempt(bob, 'unlike', { id: 'p1' }));
  denied(await attempt(bob, 'like', { id: 'p1', who: 'carol' }));

  allowed(await attempt(bob, 'follow', { target: 'alice' }));
  allowed(await attempt(bob, 'feed', { uid: 'bob' }));
  denied(await attempt(anonymous, 'feed', { uid: 'bob' }));

  allowed(await attempt(bob, 'comment', { id: 'c1', postId: 'p1', text: 'nice' }));
  denied(await attempt(bob, 'comment', { id: 'c2', postId: 'p1', text: '   ' }));
  allowed(await attempt(alice, 'reply', { id: 'c1', text: 'thanks' }));
  denied(await attempt(alice, 'reply', { id: 'c1', text: 'as bob', userId: 'bob' }));

  denied(await attempt(bob, 'deletePost', { id: 'p1' }));
  allowed(await attempt(alice, 'deletePost', { id: 'p1' }));

  allowed(await attempt(bob, 'readUser', { uid: 'alice' }));
  denied(await attempt(anonymous, 'readUser', { uid: 'alice' }));

  allowed(await attempt(alice, 'upload', { path: 'alice/pfps/me.png', contentType: 'image/png' }));
  denied(await attempt(bob, 'upload', { path: 'alice/pfps/me.png', contentType: 'image/png' }));
  denied(await attempt(alice, 'upload', { path: 'alice/pfps/me.gif', contentType: 'image/gif' }));
}, 120_000);
