/**
 * The product's firestore.rules and storage.rules (repo root) evaluated directly: every rule has
 * allowed and denied cases. The same rules through the real SDK: product-*.sdk.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Principal } from '../../src/common/auth';
import type { PlannedWrite, StoredDocument } from '../../src/values';
import {
  authorizeFirestoreRead,
  authorizeFirestoreWrites,
  authorizeStorage,
  compileRules,
  type Denial,
  type StorageObjectInfo,
} from '../../src/rules';
import { DATABASE, ROOT, TIME, anonymous, doc, fields, user } from './helpers';

const repoRoot = join(__dirname, '..', '..', '..');
const firestoreRules = compileRules(
  readFileSync(join(repoRoot, 'firestore.rules'), 'utf8'),
  'firestore.rules',
);
const storageRules = compileRules(
  readFileSync(join(repoRoot, 'storage.rules'), 'utf8'),
  'storage.rules',
);

const counts = { allow: 0, deny: 0 };
afterAll(() => {
  console.log(`product rules: ${counts.allow} allow and ${counts.deny} deny cases ran`);
});

function allowed(denial: Denial | null): void {
  expect(denial).toBeNull();
  counts.allow++;
}
function denied(denial: Denial | null): void {
  expect(denial).not.toBeNull();
  counts.deny++;
}

const alice = user('alice');
const bob = user('bob');
const carol = user('carol');
const NOW = TIME; // request.time; what serverTimestamp() resolves to
const EARLIER = new Date('2025-12-31T00:00:00Z');

type Data = Record<string, unknown>;

/** A tiny document store: writes are full documents (null = delete), applied atomically. */
class Store {
  private docs = new Map<string, StoredDocument>();

  constructor(initial: Record<string, Data> = {}) {
    for (const [path, data] of Object.entries(initial)) this.put(path, data);
  }

  put(path: string, data: Data): void {
    const d = doc(path, fields(data));
    this.docs.set(d.name, d);
  }

  data(path: string): Data | null {
    return this.docs.has(`${ROOT}/${path}`) ? {} : null;
  }

  lookup = (name: string): StoredDocument | null => this.docs.get(name) ?? null;

  commit(principal: Principal, writes: Array<[string, Data | null]>): Denial | null {
    const after = new Map(this.docs);
    const planned: PlannedWrite[] = writes.map(([path, data]) => {
      const name = `${ROOT}/${path}`;
      const before = this.docs.get(name) ?? null;
      const next = data ? doc(path, fields(data)) : null;
      if (next) after.set(name, next);
      else after.delete(name);
      return {
        name,
        method: next ? (before ? 'update' : 'create') : 'delete',
        before,
        after: next,
      };
    });
    return authorizeFirestoreWrites(
      firestoreRules,
      { principal, time: NOW, database: DATABASE },
      planned,
      this.lookup,
      (name) => after.get(name) ?? null,
    );
  }
}

const userInfo = (overrides: Data = {}): Data => ({
  From: null,
  Lives: null,
  userAbout: null,
  userAge: null,
  userName: 'Alice',
  userGender: null,
  dob: null,
  ...overrides,
});
const usersData = (overrides: Data = {}, info: Data = {}): Data => ({
  posts: [],
  connections: { Followers: [], Following: [] },
  profilePictures: { profilePicture: null, profileCover: null },
  userInfo: userInfo(info),
  ...overrides,
});
const post = (overrides: Data = {}): Data => ({
  postImage: 'http://127.0.0.1:9199/v0/b/bkt/o/alice%2Fposts%2Fa.png?alt=media&token=t',
  postCaption: 'Hello',
  uid: 'alice',
  postId: 'p1',
  followers: ['alice', 'bob'],
  likes: [],
  createdAt: NOW,
  ...overrides,
});
const explore = (overrides: Data = {}): Data => ({
  postImage: post().postImage,
  uid: 'alice',
  postId: 'p1',
  createdAt: NOW,
  ...overrides,
});
const comment = (overrides: Data = {}): Data => ({
  comment: 'Nice',
  replies: [],
  postId: 'p1',
  userId: 'bob',
  createdAt: NOW,
  ...overrides,
});

describe('usersData', () => {
  test('sign-up batch creates only the member’s own three documents', () => {
    const store = new Store();
    const signUp: Array<[string, Data]> = [
      ['usersData/alice', usersData()],
      ['Following/alice', { Following: [] }],
      ['Followers/alice', { Followers: [] }],
    ];
    allowed(store.commit(alice, signUp));
    denied(store.commit(bob, signUp));
    denied(store.commit(anonymous, signUp));
  });

  test('create: exact keys, types and username limit', () => {
    const store = new Store();
    allowed(
      store.commit(alice, [['usersData/alice', usersData({}, { userName: 'a'.repeat(32) })]]),
    );
    denied(store.commit(alice, [['usersData/alice', usersData({}, { userName: 'a'.repeat(33) })]]));
    denied(store.commit(alice, [['usersData/alice', usersData({}, { userName: '   ' })]]));
    denied(store.commit(alice, [['usersData/alice', usersData({}, { userName: 42 })]]));
    denied(store.commit(alice, [['usersData/alice', usersData({ admin: true })]]));
    const missing = usersData();
    delete missing.connections;
    denied(store.commit(alice, [['usersData/alice', missing]]));
    denied(
      store.commit(alice, [
        ['usersData/alice', usersData({ connections: { Followers: [], Following: [], x: [] } })],
      ]),
    );
    denied(
      store.commit(alice, [
        [
          'usersData/alice',
          usersData({ profilePictures: { profilePicture: 5, profileCover: null } }),
        ],
      ]),
    );
    denied(store.commit(alice, [['usersData/alice', usersData({}, { userAge: 'old' })]]));
    denied(store.commit(alice, [['usersData/alice', usersData({}, { extra: 'x' })]]));
  });

  test('update: only the owner, shape kept', () => {
    const store = new Store({ 'usersData/alice': usersData() });
    allowed(
      store.commit(alice, [
        [
          'usersData/alice',
          usersData(
            {},
            { userName: 'Ann', userAbout: 'me', dob: '1st Jan 1990', From: 'Chad', Lives: 'Chad' },
          ),
        ],
      ]),
    );
    allowed(
      store.commit(alice, [
        [
          'usersData/alice',
          usersData({
            posts: ['p1'],
            profilePictures: { profilePicture: 'http://x/p.png', profileCover: 'http://x/c.png' },
          }),
        ],
      ]),
    );
    allowed(store.commit(alice, [['usersData/alice', usersData({}, { userAbout: '' })]]));
    denied(store.commit(bob, [['usersData/alice', usersData({}, { userName: 'Hacked' })]]));
    denied(store.commit(alice, [['usersData/alice', usersData({}, { userName: 'x'.repeat(33) })]]));
    denied(
      store.commit(alice, [['usersData/alice', usersData({}, { userAbout: 'x'.repeat(501) })]]),
    );
    denied(store.commit(alice, [['usersData/alice', usersData({ posts: 'p1' })]]));
    denied(store.commit(anonymous, [['usersData/alice', usersData()]]));
  });

  test('delete: nobody', () => {
    const store = new Store({ 'usersData/alice': usersData() });
    denied(store.commit(alice, [['usersData/alice', null]]));
    denied(store.commit(bob, [['usersData/alice', null]]));
  });
});

describe('Following and Followers', () => {
  test('Following: own document, created empty, edited only by the owner', () => {
    const store = new Store({ 'Following/alice': { Following: ['carol'] } });
    allowed(store.commit(bob, [['Following/bob', { Following: [] }]]));
    denied(store.commit(bob, [['Following/bob', { Following: ['alice'] }]]));
    denied(store.commit(bob, [['Following/carol', { Following: [] }]]));
    denied(store.commit(bob, [['Following/bob', { Following: [], x: 1 }]]));
    allowed(store.commit(alice, [['Following/alice', { Following: ['carol', 'bob'] }]]));
    allowed(store.commit(alice, [['Following/alice', { Following: [] }]]));
    denied(store.commit(alice, [['Following/alice', { Following: ['alice'] }]]));
    denied(store.commit(bob, [['Following/alice', { Following: ['carol', 'bob'] }]]));
    denied(store.commit(alice, [['Following/alice', null]]));
  });

  test('Followers: created empty by the owner; others add or remove only their own uid', () => {
    const store = new Store({ 'Followers/alice': { Followers: ['carol'] } });
    allowed(store.commit(bob, [['Followers/bob', { Followers: [] }]]));
    denied(store.commit(bob, [['Followers/bob', { Followers: ['carol'] }]]));
    denied(store.commit(bob, [['Followers/alice2', { Followers: [] }]]));
    allowed(store.commit(bob, [['Followers/alice', { Followers: ['carol', 'bob'] }]]));
    denied(store.commit(bob, [['Followers/alice', { Followers: ['carol', 'dave'] }]]));
    denied(store.commit(bob, [['Followers/alice', { Followers: ['carol', 'bob', 'dave'] }]]));
    denied(store.commit(bob, [['Followers/alice', { Followers: ['bob'] }]]));
    denied(store.commit(alice, [['Followers/alice', { Followers: ['carol', 'alice'] }]]));
    denied(store.commit(alice, [['Followers/alice', { Followers: [] }]]));
    allowed(store.commit(carol, [['Followers/alice', { Followers: [] }]]));
    denied(store.commit(bob, [['Followers/alice', { Followers: [] }]]));
    denied(store.commit(anonymous, [['Followers/alice', { Followers: ['carol', 'bob'] }]]));
    denied(store.commit(bob, [['Followers/alice', null]]));
  });

  test('follow batch: Followers, Following and the fan-out into the target’s posts', () => {
    const store = new Store({
      'Followers/alice': { Followers: [] },
      'Following/bob': { Following: [] },
      'posts/p1': post({ followers: ['alice'] }),
      'posts/p2': post({ postId: 'p2', followers: ['alice', 'carol'] }),
    });
    const follow: Array<[string, Data]> = [
      ['Followers/alice', { Followers: ['bob'] }],
      ['Following/bob', { Following: ['alice'] }],
      ['posts/p1', post({ followers: ['alice', 'bob'] })],
      ['posts/p2', post({ postId: 'p2', followers: ['alice', 'carol', 'bob'] })],
    ];
    allowed(store.commit(bob, follow));
    denied(store.commit(carol, follow));
    const unfollowStore = new Store({
      'Followers/alice': { Followers: ['bob'] },
      'Following/bob': { Following: ['alice'] },
      'posts/p1': post({ followers: ['alice', 'bob'] }),
    });
    allowed(
      unfollowStore.commit(bob, [
        ['Followers/alice', { Followers: [] }],
        ['Following/bob', { Following: [] }],
        ['posts/p1', post({ followers: ['alice'] })],
      ]),
    );
    denied(unfollowStore.commit(bob, [['posts/p1', post({ followers: ['bob'] })]]));
  });
});

describe('posts', () => {
  test('create: author, id, keys, likes, createdAt, caption and image', () => {
    const store = new Store();
    allowed(store.commit(alice, [['posts/p1', post()]]));
    allowed(store.commit(alice, [['posts/p1', post({ postImage: null })]]));
    allowed(store.commit(alice, [['posts/p1', post({ postCaption: null, followers: ['alice'] })]]));
    allowed(store.commit(alice, [['posts/p1', post({ postCaption: 'x'.repeat(2000) })]]));
    denied(store.commit(alice, [['posts/p1', post({ postCaption: 'x'.repeat(2001) })]]));
    denied(store.commit(alice, [['posts/p1', post({ postImage: null, postCaption: null })]]));
    denied(store.commit(alice, [['posts/p1', post({ postImage: null, postCaption: '   ' })]]));
    denied(store.commit(bob, [['posts/p1', post()]]));
    denied(store.commit(alice, [['posts/p1', post({ uid: 'bob' })]]));
    denied(store.commit(alice, [['posts/p1', post({ postId: 'other' })]]));
    denied(store.commit(alice, [['posts/p1', post({ likes: ['bob'] })]]));
    denied(store.commit(alice, [['posts/p1', post({ followers: ['bob'] })]]));
    denied(store.commit(alice, [['posts/p1', post({ createdAt: EARLIER })]]));
    denied(store.commit(alice, [['posts/p1', post({ pinned: true })]]));
    denied(store.commit(alice, [['posts/p1', post({ postImage: 5 })]]));
    denied(store.commit(anonymous, [['posts/p1', post()]]));
  });

  test('likes: anyone toggles only their own uid', () => {
    const store = new Store({ 'posts/p1': post({ likes: ['carol'] }) });
    allowed(store.commit(bob, [['posts/p1', post({ likes: ['carol', 'bob'] })]]));
    allowed(store.commit(carol, [['posts/p1', post({ likes: [] })]]));
    allowed(store.commit(alice, [['posts/p1', post({ likes: ['carol', 'alice'] })]]));
    denied(store.commit(bob, [['posts/p1', post({ likes: ['carol', 'dave'] })]]));
    denied(store.commit(bob, [['posts/p1', post({ likes: [] })]]));
    denied(store.commit(bob, [['posts/p1', post({ likes: ['carol', 'bob', 'bob'] })]]));
    denied(
      store.commit(bob, [['posts/p1', post({ likes: ['carol', 'bob'], postCaption: 'mine now' })]]),
    );
    denied(store.commit(anonymous, [['posts/p1', post({ likes: ['carol'] })]]));
  });

  test('the author edits nothing else; others cannot rewrite the post', () => {
    const store = new Store({ 'posts/p1': post() });
    denied(store.commit(alice, [['posts/p1', post({ postCaption: 'edited' })]]));
    denied(store.commit(alice, [['posts/p1', post({ followers: ['bob'] })]]));
    denied(store.commit(bob, [['posts/p1', post({ postCaption: 'hacked' })]]));
    denied(store.commit(bob, [['posts/p1', post({ uid: 'bob' })]]));
    allowed(store.commit(carol, [['posts/p1', post({ followers: ['alice', 'bob', 'carol'] })]]));
  });

  test('delete: only the author', () => {
    const store = new Store({ 'posts/p1': post() });
    allowed(store.commit(alice, [['posts/p1', null]]));
    denied(store.commit(bob, [['posts/p1', null]]));
    denied(store.commit(anonymous, [['posts/p1', null]]));
  });
});

describe('explorePosts', () => {
  test('create only with its photo post in the same batch, by the author', () => {
    const store = new Store();
    allowed(
      store.commit(alice, [
        ['posts/p1', post()],
        ['explorePosts/p1', explore()],
      ]),
    );
    denied(store.commit(alice, [['explorePosts/p1', explore()]]));
    denied(
      store.commit(alice, [
        ['posts/p1', post()],
        ['explorePosts/p1', explore({ postImage: 'http://other' })],
      ]),
    );
    denied(
      store.commit(alice, [
        ['posts/p1', post()],
        ['explorePosts/p1', explore({ createdAt: EARLIER })],
      ]),
    );
    denied(
      store.commit(alice, [
        ['posts/p1', post()],
        ['explorePosts/p2', explore()],
      ]),
    );
    denied(
      store.commit(alice, [
        ['posts/p1', post()],
        ['explorePosts/p1', explore({ extra: 1 })],
      ]),
    );
    denied(
      store.commit(alice, [
        ['posts/p1', post({ postImage: null })],
        ['explorePosts/p1', explore({ postImage: null })],
      ]),
    );
    const existing = new Store({ 'posts/p1': post() });
    denied(existing.commit(bob, [['explorePosts/p1', explore({ uid: 'bob' })]]));
  });

  test('update: nobody; delete: the author', () => {
    const store = new Store({ 'posts/p1': post(), 'explorePosts/p1': explore() });
    denied(store.commit(alice, [['explorePosts/p1', explore({ postImage: 'http://x' })]]));
    allowed(
      store.commit(alice, [
        ['posts/p1', null],
        ['explorePosts/p1', null],
      ]),
    );
    denied(store.commit(bob, [['explorePosts/p1', null]]));
    allowed(new Store().commit(alice, [['explorePosts/p9', null]]));
    denied(new Store().commit(anonymous, [['explorePosts/p9', null]]));
  });
});

describe('comments', () => {
  const base = { 'posts/p1': post() };

  test('create: own userId, non-blank text within limits, existing post, server time', () => {
    const store = new Store(base);
    allowed(store.commit(bob, [['comments/c1', comment()]]));
    allowed(store.commit(bob, [['comments/c1', comment({ comment: 'x'.repeat(1000) })]]));
    denied(store.commit(bob, [['comments/c1', comment({ comment: 'x'.repeat(1001) })]]));
    denied(store.commit(bob, [['comments/c1', comment({ comment: '  \n ' })]]));
    denied(store.commit(bob, [['comments/c1', comment({ userId: 'alice' })]]));
    denied(
      store.commit(bob, [['comments/c1', comment({ replies: [{ reply: 'x', userId: 'bob' }] })]]),
    );
    denied(store.commit(bob, [['comments/c1', comment({ postId: 'nope' })]]));
    denied(store.commit(bob, [['comments/c1', comment({ createdAt: EARLIER })]]));
    denied(store.commit(bob, [['comments/c1', comment({ likes: [] })]]));
    denied(store.commit(anonymous, [['comments/c1', comment()]]));
  });

  test('update: append exactly one own, non-blank reply', () => {
    const first = { reply: 'first', userId: 'alice' };
    const store = new Store({ ...base, 'comments/c1': comment({ replies: [first] }) });
    allowed(
      store.commit(carol, [
        ['comments/c1', comment({ replies: [first, { reply: 'hi', userId: 'carol' }] })],
      ]),
    );
    allowed(
      store.commit(bob, [
        ['comments/c1', comment({ replies: [first, { reply: 'x'.repeat(1000), userId: 'bob' }] })],
      ]),
    );
    denied(
      store.commit(carol, [
        ['comments/c1', comment({ replies: [first, { reply: 'hi', userId: 'bob' }] })],
      ]),
    );
    denied(
      store.commit(carol, [
        ['comments/c1', comment({ replies: [first, { reply: '   ', userId: 'carol' }] })],
      ]),
    );
    denied(
      store.commit(carol, [
        [
          'comments/c1',
          comment({ replies: [first, { reply: 'x'.repeat(1001), userId: 'carol' }] }),
        ],
      ]),
    );
    denied(
      store.commit(carol, [
        [
          'comments/c1',
          comment({
            replies: [first, { reply: 'a', userId: 'carol' }, { reply: 'b', userId: 'carol' }],
          }),
        ],
      ]),
    );
    denied(
      store.commit(carol, [
        [
          'comments/c1',
          comment({
            replies: [
              { reply: 'changed', userId: 'alice' },
              { reply: 'hi', userId: 'carol' },
            ],
          }),
        ],
      ]),
    );
    denied(
      store.commit(carol, [
        ['comments/c1', comment({ replies: [first, { reply: 'hi', userId: 'carol', extra: 1 }] })],
      ]),
    );
    denied(store.commit(bob, [['comments/c1', comment({ replies: [first], comment: 'edited' })]]));
    denied(store.commit(carol, [['comments/c1', comment({ replies: [] })]]));
    denied(
      store.commit(anonymous, [
        ['comments/c1', comment({ replies: [first, { reply: 'hi', userId: 'carol' }] })],
      ]),
    );
  });

  test('delete: the comment author or the post author (also in the post-delete batch)', () => {
    const store = new Store({ ...base, 'comments/c1': comment() });
    allowed(store.commit(bob, [['comments/c1', null]]));
    allowed(store.commit(alice, [['comments/c1', null]]));
    allowed(
      store.commit(alice, [
        ['comments/c1', null],
        ['posts/p1', null],
      ]),
    );
    denied(store.commit(carol, [['comments/c1', null]]));
    denied(store.commit(anonymous, [['comments/c1', null]]));
    const orphan = new Store({ 'comments/c1': comment() });
    denied(orphan.commit(alice, [['comments/c1', null]]));
    allowed(orphan.commit(bob, [['comments/c1', null]]));
  });
});

describe('reads need a signed-in member', () => {
  const store = new Store({ 'usersData/alice': usersData(), 'posts/p1': post() });
  const read = (principal: Principal, method: 'get' | 'list', path: string, query?: unknown) =>
    authorizeFirestoreRead(
      firestoreRules,
      { principal, time: NOW, database: DATABASE },
      method,
      method === 'get'
        ? [store.lookup(`${ROOT}/${path}`) ?? { name: `${ROOT}/${path}`, fields: null as never }]
        : [],
      store.lookup,
      query,
    );
  const feed = {
    parent: ROOT,
    structuredQuery: {
      from: [{ collectionId: 'posts' }],
      where: {
        fieldFilter: {
          field: { fieldPath: 'followers' },
          op: 'ARRAY_CONTAINS',
          value: { stringValue: 'bob' },
        },
      },
      orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }],
      limit: 3,
    },
  };
  const all = (collectionId: string) => ({
    parent: ROOT,
    structuredQuery: { from: [{ collectionId }] },
  });

  test.each([
    'usersData/alice',
    'Following/alice',
    'Followers/alice',
    'posts/p1',
    'explorePosts/p1',
    'comments/c1',
  ])('get %s', (path) => {
    allowed(read(bob, 'get', path));
    denied(read(anonymous, 'get', path));
  });

  test.each(['usersData', 'posts', 'explorePosts', 'comments', 'Followers', 'Following'])(
    'list %s',
    (collection) => {
      allowed(read(bob, 'list', collection, all(collection)));
      denied(read(anonymous, 'list', collection, all(collection)));
    },
  );

  test('feed query', () => {
    allowed(read(bob, 'list', 'posts', feed));
    denied(read(anonymous, 'list', 'posts', feed));
  });

  test('nothing outside the data model', () => {
    denied(read(bob, 'get', 'secrets/x'));
    denied(store.commit(bob, [['secrets/x', { a: 1 }]]));
  });
});

describe('storage.rules', () => {
  const MiB = 1024 * 1024;
  const object = (name: string, contentType: string, size = 1000): StorageObjectInfo => ({
    name,
    bucket: 'demo-social.appspot.com',
    size,
    contentType,
    metadata: {},
    timeCreated: NOW,
    updated: NOW,
    md5Hash: 'h',
    generation: '1',
    metageneration: '1',
  });
  const write = (
    principal: Principal,
    path: string,
    contentType: string,
    size?: number,
    method: 'create' | 'update' = 'create',
  ) =>
    authorizeStorage(
      storageRules,
      { principal, time: NOW },
      {
        bucket: 'demo-social.appspot.com',
        path,
        method,
        resource: method === 'update' ? object(path, contentType) : null,
        requestResource: object(path, contentType, size),
      },
    );
  const other = (principal: Principal, path: string, method: 'get' | 'list' | 'delete') =>
    authorizeStorage(
      storageRules,
      { principal, time: NOW },
      {
        bucket: 'demo-social.appspot.com',
        path,
        method,
        resource: method === 'list' ? null : object(path, 'image/png'),
        requestResource: null,
      },
    );

  test('posts: own folder, any image type, at most 5 MiB', () => {
    allowed(write(alice, 'alice/posts/a.png', 'image/png'));
    allowed(write(alice, 'alice/posts/a.gif', 'image/gif'));
    allowed(write(alice, 'alice/posts/deep/a.webp', 'image/webp', 5 * MiB));
    allowed(write(alice, 'alice/posts/a.png', 'image/png', 100, 'update'));
    denied(write(alice, 'alice/posts/a.png', 'image/png', 5 * MiB + 1));
    denied(write(alice, 'alice/posts/a.txt', 'text/plain'));
    denied(write(bob, 'alice/posts/a.png', 'image/png'));
    denied(write(anonymous, 'alice/posts/a.png', 'image/png'));
  });

  test('profile pictures and covers: own folder, png or jpeg only', () => {
    for (const folder of ['pfps', 'pfcovers']) {
      allowed(write(alice, `alice/${folder}/me.png`, 'image/png'));
      allowed(write(alice, `alice/${folder}/me.jpg`, 'image/jpeg'));
      denied(write(alice, `alice/${folder}/me.gif`, 'image/gif'));
      denied(write(alice, `alice/${folder}/me.png`, 'image/png', 6 * MiB));
      denied(write(bob, `alice/${folder}/me.png`, 'image/png'));
    }
  });

  test('delete own files only; reads for signed-in members; nothing elsewhere', () => {
    allowed(other(alice, 'alice/posts/a.png', 'delete'));
    allowed(other(alice, 'alice/pfps/me.png', 'delete'));
    denied(other(bob, 'alice/posts/a.png', 'delete'));
    denied(other(anonymous, 'alice/pfcovers/c.png', 'delete'));
    allowed(other(bob, 'alice/posts/a.png', 'get'));
    allowed(other(bob, 'alice/pfcovers/c.png', 'get'));
    denied(other(anonymous, 'alice/posts/a.png', 'get'));
    allowed(other(bob, 'alice/posts', 'list'));
    denied(other(anonymous, 'alice/posts', 'list'));
    denied(write(alice, 'alice/other/a.png', 'image/png'));
    denied(write(alice, 'a.png', 'image/png'));
    denied(other(bob, 'alice/other/a.png', 'get'));
  });
});
