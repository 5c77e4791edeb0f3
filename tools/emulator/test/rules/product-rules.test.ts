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
import { DATABASE, ROOT, TIME, anonymous, doc, fields, postsFollowedBy, user } from './helpers';
import { INVISIBLE_CHARACTERS, VISIBLE_TEXTS } from './invisible';
import { PHOTO_ALT_MAX_LENGTH } from 'mfe-feed/src/data/photoAlt';
import { userNameCharacterProblem } from 'shared-firebase';

const repoRoot = join(__dirname, '..', '..', '..', '..');
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
const dave = user('dave');
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
/** The search form of a user name the rules expect (A–Z lower-cased; docs/DATA_MODEL.md). */
const searchNameFor = (name: unknown) =>
  typeof name === 'string' ? name.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) : name;
const usersData = (overrides: Data = {}, info: Data = {}): Data => ({
  posts: [],
  connections: { Followers: [], Following: [] },
  profilePictures: { profilePicture: null, profileCover: null },
  userInfo: userInfo(info),
  searchName: searchNameFor(userInfo(info).userName),
  // alice's claim on her name (docs/DATA_MODEL.md "Unique names"): `ALICE_CLAIM` in the store.
  nameKey: '~alice',
  ...overrides,
});
/** alice's claim on her name, which her usersData's nameKey names. */
const ALICE_CLAIM: [string, Data] = ['userNames/~alice', { uid: 'alice' }];
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
/** The tombstone a post's delete writes beside it (deletedPosts). */
const tombstone = (postId: string, uid = 'alice'): [string, Data] => [
  `deletedPosts/${postId}`,
  { uid, deletedAt: NOW },
];
const explore = (overrides: Data = {}): Data => ({
  postImage: post().postImage,
  uid: 'alice',
  postId: 'p1',
  createdAt: NOW,
  ...overrides,
});
/** A download URL of `<uid>/<folder>/<name>` on the local Storage emulator. */
const fileUrl = (uid: string, folder: string, name = 'a.png', host = 'http://127.0.0.1:9199') =>
  `${host}/v0/b/bkt/o/${uid}%2F${folder}%2F${name}?alt=media&token=t`;
/** The follow graph the posts below rely on: bob follows alice. */
const graph = (): Record<string, Data> => ({
  'Followers/alice': { Followers: ['bob'] },
  'Following/alice': { Following: [] },
  'Followers/bob': { Followers: [] },
  'Following/bob': { Following: ['alice'] },
  'Followers/carol': { Followers: [] },
  'Following/carol': { Following: [] },
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
      ALICE_CLAIM,
    ];
    allowed(store.commit(alice, signUp));
    denied(store.commit(bob, signUp));
    denied(store.commit(anonymous, signUp));
  });

  test('create: exact keys, types and username limit', () => {
    const store = new Store(Object.fromEntries([ALICE_CLAIM]));
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
    const store = new Store({
      'usersData/alice': usersData(),
      ...Object.fromEntries([ALICE_CLAIM]),
    });
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
            profilePictures: {
              profilePicture: fileUrl('alice', 'pfps'),
              profileCover: fileUrl(
                'alice',
                'pfcovers',
                'c.jpg',
                'https://firebasestorage.googleapis.com',
              ),
            },
          }),
        ],
      ]),
    );
    for (const age of [0, 18, 150]) {
      allowed(store.commit(alice, [['usersData/alice', usersData({}, { userAge: age })]]));
    }
    for (const age of [-1, 151, 1e9]) {
      denied(store.commit(alice, [['usersData/alice', usersData({}, { userAge: age })]]));
    }
    allowed(store.commit(alice, [['usersData/alice', usersData({}, { userAbout: '' })]]));
    denied(store.commit(bob, [['usersData/alice', usersData({}, { userName: 'Hacked' })]]));
    denied(store.commit(alice, [['usersData/alice', usersData({}, { userName: 'x'.repeat(33) })]]));
    denied(
      store.commit(alice, [['usersData/alice', usersData({}, { userAbout: 'x'.repeat(501) })]]),
    );
    denied(store.commit(alice, [['usersData/alice', usersData({ posts: 'p1' })]]));
    denied(store.commit(anonymous, [['usersData/alice', usersData()]]));
  });

  test('text needs a visible character: each invisible one alone is blank', () => {
    const store = new Store({
      'usersData/alice': usersData(),
      ...Object.fromEntries([ALICE_CLAIM]),
    });
    const name = (userName: string) =>
      store.commit(alice, [['usersData/alice', usersData({}, { userName })]]);
    for (const chars of INVISIBLE_CHARACTERS) denied(name(`${chars}${chars}`));
    // A visible name with invisible characters in it is refused too ("Unique names").
    for (const visible of VISIBLE_TEXTS) {
      if (userNameCharacterProblem(visible)) denied(name(visible));
      else allowed(name(visible));
    }
  });

  test('pictures: own download URLs in the right folder, kept values, or null', () => {
    const before = usersData({
      profilePictures: { profilePicture: 'http://legacy.test/p.png', profileCover: null },
    });
    const store = new Store({ 'usersData/alice': before });
    const picture = (profilePicture: unknown, profileCover: unknown = null) =>
      store.commit(alice, [
        ['usersData/alice', usersData({ profilePictures: { profilePicture, profileCover } })],
      ]);
    // An older value may stay while other fields change.
    allowed(picture('http://legacy.test/p.png'));
    allowed(picture(null));
    for (const host of ['http://localhost:9199', 'http://[::1]:9199']) {
      allowed(picture(fileUrl('alice', 'pfps', 'a.png', host)));
    }
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'https://tracker.test/pixel.gif',
      fileUrl('bob', 'pfps'),
      fileUrl('alice', 'posts'),
      fileUrl('alice', 'pfps', 'a.png', 'http://evil.test:9199'),
      fileUrl('alice', 'pfps', 'a.png', 'https://firebasestorage.googleapis.com.evil.test'),
      fileUrl('alice', 'pfps', '..%2Fbob%2Fpfps%2Fa.png'),
      fileUrl('alice', 'pfps').replace('?alt=media', '?alt=json'),
      `${fileUrl('alice', 'pfps')}&x=1`,
      fileUrl('alice', 'pfps').replace('/o/alice', '/o/xalice'),
    ]) {
      denied(picture(bad));
    }
    denied(picture(null, fileUrl('alice', 'pfps')));
    allowed(picture(null, fileUrl('alice', 'pfcovers')));
  });

  test('connections stay as sign-up wrote them', () => {
    const store = new Store({ 'usersData/alice': usersData() });
    denied(
      store.commit(alice, [
        ['usersData/alice', usersData({ connections: { Followers: ['bob'], Following: [] } })],
      ]),
    );
    denied(
      new Store().commit(alice, [
        ['usersData/alice', usersData({ connections: { Followers: [], Following: ['x'] } })],
      ]),
    );
  });

  test('posts: one id of a post created in the same write, or one id removed', () => {
    const store = new Store({
      ...graph(),
      'usersData/alice': usersData({ posts: ['old'] }),
      'posts/old': post({ postId: 'old' }),
    });
    const listed = (posts: unknown[], more: Array<[string, Data | null]> = []) =>
      store.commit(alice, [...more, ['usersData/alice', usersData({ posts })]]);
    allowed(listed(['old', 'p1'], [['posts/p1', post()]]));
    allowed(listed([], [['posts/old', null], tombstone('old')]));
    // An id leaves the list only with its post (or once the post is gone).
    denied(listed([]));
    denied(listed(['old', 'p1']));
    denied(listed(['old', 'old']));
    denied(listed(['old', 'p1', 'p2'], [['posts/p1', post()]]));
    denied(listed(['p1', 'old'], [['posts/p1', post()]]));
    denied(listed(['old', 7]));
    const full = Array.from({ length: 5000 }, (_, i) => `p${i}`);
    const crowded = new Store({ ...graph(), 'usersData/alice': usersData({ posts: full }) });
    denied(
      crowded.commit(alice, [
        ['posts/new', post({ postId: 'new' })],
        ['usersData/alice', usersData({ posts: [...full, 'new'] })],
      ]),
    );
    // At the list's bound a post is made without being listed: no cap on posts.
    allowed(crowded.commit(alice, [['posts/new', post({ postId: 'new' })]]));
  });

  test("postsComplete is the feed function's: a member neither sets nor clears it", () => {
    const listed = new Store({ ...graph(), 'usersData/alice': usersData() });
    denied(listed.commit(alice, [['usersData/alice', usersData({ postsComplete: false })]]));
    const unlisted = new Store({
      ...graph(),
      'usersData/alice': usersData({ postsComplete: false }),
    });
    denied(unlisted.commit(alice, [['usersData/alice', usersData()]]));
    allowed(
      unlisted.commit(alice, [
        [
          'usersData/alice',
          usersData({ postsComplete: false, userInfo: userInfo({ From: 'Lyon' }) }),
        ],
      ]),
    );
  });

  test('delete: nobody', () => {
    const store = new Store({ 'usersData/alice': usersData() });
    denied(store.commit(alice, [['usersData/alice', null]]));
    denied(store.commit(bob, [['usersData/alice', null]]));
  });
});

describe('Following and Followers', () => {
  test("created empty by their owner; every later change is the function's", () => {
    const store = new Store({
      'Following/alice': { Following: ['carol'] },
      'Followers/alice': { Followers: ['carol'] },
      'Followers/carol': { Followers: ['alice'] },
      'Following/carol': { Following: ['alice'] },
    });
    allowed(store.commit(bob, [['Following/bob', { Following: [] }]]));
    allowed(store.commit(bob, [['Followers/bob', { Followers: [] }]]));
    denied(store.commit(bob, [['Following/bob', { Following: ['alice'] }]]));
    denied(store.commit(bob, [['Followers/bob', { Followers: ['carol'] }]]));
    denied(store.commit(bob, [['Following/carol', { Following: [] }]]));
    denied(store.commit(bob, [['Followers/alice2', { Followers: [] }]]));
    denied(store.commit(bob, [['Following/bob', { Following: [], x: 1 }]]));
    // The old follow batch, both sides in one write: members no longer write the lists.
    denied(
      store.commit(alice, [
        ['Following/alice', { Following: ['carol', 'bob'] }],
        ['Followers/bob', { Followers: ['alice'] }],
      ]),
    );
    denied(
      store.commit(bob, [
        ['Followers/alice', { Followers: ['carol', 'bob'] }],
        ['Following/bob', { Following: ['alice'] }],
      ]),
    );
    denied(store.commit(carol, [['Followers/alice', { Followers: [] }]]));
    denied(store.commit(alice, [['Following/alice', null]]));
    denied(store.commit(bob, [['Followers/alice', null]]));
  });

  test('bounds: 2001 post followers', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);
    const crowd = new Store({ 'Followers/alice': { Followers: many(2001) } });
    denied(crowd.commit(alice, [['posts/p1', post({ followers: ['alice', ...many(2001)] })]]));
    allowed(crowd.commit(alice, [['posts/p1', post({ followers: ['alice', ...many(2000)] })]]));
  });
});

describe('follows', () => {
  const edge = (follower: unknown, target: unknown, extra: Data = {}): Data => ({
    follower,
    target,
    createdAt: NOW,
    ...extra,
  });
  test('a member creates and deletes only their own edge, to another existing member', () => {
    // Alice follows bob already (commits are checked, not applied).
    const store = new Store({
      'usersData/alice': usersData(),
      'usersData/bob': usersData(),
      'follows/alice_bob': edge('alice', 'bob'),
    });
    allowed(store.commit(bob, [['follows/bob_alice', edge('bob', 'alice')]]));
    allowed(store.commit(alice, [['follows/alice_bob', null]]));
    denied(store.commit(bob, [['follows/alice_bob', null]]));
    denied(store.commit(anonymous, [['follows/bob_alice', edge('bob', 'alice')]]));
    denied(store.commit(bob, [['follows/alice_bob', edge('alice', 'bob')]]));
    denied(store.commit(bob, [['follows/bob_bob', edge('bob', 'bob')]]));
    denied(store.commit(bob, [['follows/bob_carol', edge('bob', 'carol')]]));
    denied(store.commit(bob, [['follows/bob_x', edge('bob', 'alice')]]));
    denied(store.commit(bob, [['follows/bob_7', edge('bob', 7)]]));
    denied(store.commit(bob, [['follows/bob_alice', edge('bob', 'alice', { createdAt: 1 })]]));
    denied(store.commit(bob, [['follows/bob_alice', edge('bob', 'alice', { muted: true })]]));
    denied(store.commit(bob, [['follows/bob_alice', { follower: 'bob', target: 'alice' }]]));
    // An edge never changes, not even rewritten as it is.
    denied(store.commit(alice, [['follows/alice_bob', edge('alice', 'bob')]]));
  });

  test('no bound: a member with 2000 followers can be followed', () => {
    const many = Array.from({ length: 2000 }, (_, i) => `m${i}`);
    const store = new Store({
      'usersData/alice': usersData(),
      'Followers/alice': { Followers: many, complete: false },
    });
    allowed(store.commit(bob, [['follows/bob_alice', edge('bob', 'alice')]]));
  });
});

describe('posts', () => {
  test('create: author, id, keys, likes, createdAt, caption and image', () => {
    const store = new Store(graph());
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
    denied(store.commit(alice, [['posts/p1', post({ postImage: 'javascript:alert(1)' })]]));
    denied(store.commit(alice, [['posts/p1', post({ postImage: fileUrl('bob', 'posts') })]]));
    denied(store.commit(alice, [['posts/p1', post({ postImage: fileUrl('alice', 'pfcovers') })]]));
    denied(store.commit(alice, [['posts/p1', post({ postImage: null, postCaption: '\u200b' })]]));
    // Feed injection: carol does not follow alice; a post cannot reach her feed.
    denied(store.commit(alice, [['posts/p1', post({ followers: ['alice', 'bob', 'carol'] })]]));
    denied(new Store().commit(alice, [['posts/p1', post({ followers: ['alice'] })]]));
    denied(store.commit(anonymous, [['posts/p1', post()]]));
  });

  test('likes: one edge of the member’s own; nobody writes the post’s likes', () => {
    const edge = (postId: unknown, uid: string, extra: Data = {}): Data => ({
      postId,
      uid,
      author: 'alice',
      createdAt: NOW,
      ...extra,
    });
    const store = new Store({
      'posts/p1': post({ likes: ['carol'] }),
      'likes/p1_carol': edge('p1', 'carol'),
    });
    allowed(store.commit(bob, [['likes/p1_bob', edge('p1', 'bob')]]));
    allowed(store.commit(alice, [['likes/p1_alice', edge('p1', 'alice')]]));
    allowed(store.commit(carol, [['likes/p1_carol', null]]));
    denied(store.commit(bob, [['likes/p1_carol', null]]));
    denied(store.commit(bob, [['likes/p1_dave', edge('p1', 'dave')]]));
    denied(store.commit(bob, [['likes/p2_bob', edge('p1', 'bob')]]));
    denied(store.commit(bob, [['likes/p9_bob', edge('p9', 'bob')]]));
    denied(store.commit(bob, [['likes/p1_bob', edge('p1', 'bob', { author: 'carol' })]]));
    denied(store.commit(bob, [['likes/p1_bob', edge('p1', 'bob', { createdAt: 1 })]]));
    denied(store.commit(bob, [['likes/p1_bob', edge('p1', 'bob', { migrated: true })]]));
    denied(store.commit(anonymous, [['likes/p1_bob', edge('p1', 'bob')]]));
    // An edge never changes, not even rewritten as it is.
    denied(store.commit(carol, [['likes/p1_carol', edge('p1', 'carol')]]));
    // The seed's array is the function's to fill: no member toggles it any more.
    denied(store.commit(bob, [['posts/p1', post({ likes: ['carol', 'bob'] })]]));
    denied(store.commit(carol, [['posts/p1', post({ likes: [] })]]));
    denied(store.commit(anonymous, [['posts/p1', post({ likes: ['carol'] })]]));
  });

  test('likes: no bound, a post with 2000 likes can be liked', () => {
    const many = Array.from({ length: 2000 }, (_, i) => `m${i}`);
    const store = new Store({ 'posts/p1': post({ likes: many, likesComplete: false }) });
    allowed(
      store.commit(bob, [
        ['likes/p1_bob', { postId: 'p1', uid: 'bob', author: 'alice', createdAt: NOW }],
      ]),
    );
  });

  test('the author edits nothing else; others cannot rewrite the post', () => {
    const store = new Store({
      'posts/p1': post(),
      'Following/carol': { Following: ['alice'] },
    });
    denied(store.commit(alice, [['posts/p1', post({ postCaption: 'edited' })]]));
    denied(store.commit(alice, [['posts/p1', post({ followers: ['bob'] })]]));
    denied(store.commit(bob, [['posts/p1', post({ postCaption: 'hacked' })]]));
    denied(store.commit(bob, [['posts/p1', post({ uid: 'bob' })]]));
    // The fan-out is the function's: a follower adding themself is refused too.
    denied(store.commit(carol, [['posts/p1', post({ followers: ['alice', 'carol'] })]]));
  });

  test('delete: only the author', () => {
    const store = new Store({ 'posts/p1': post() });
    allowed(store.commit(alice, [['posts/p1', null], tombstone('p1')]));
    denied(store.commit(alice, [['posts/p1', null]]));
    denied(store.commit(bob, [['posts/p1', null], tombstone('p1', 'bob')]));
    denied(store.commit(anonymous, [['posts/p1', null]]));
  });
});

describe('explorePosts', () => {
  test('create only with its photo post in the same batch, by the author', () => {
    const store = new Store(graph());
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
    // Explore bumping: a new entry for an existing post (deleted and recreated) is refused.
    denied(existing.commit(alice, [['explorePosts/p1', explore()]]));
  });

  test('update: nobody; delete: the author', () => {
    const store = new Store({ 'posts/p1': post(), 'explorePosts/p1': explore() });
    denied(store.commit(alice, [['explorePosts/p1', explore({ postImage: 'http://x' })]]));
    allowed(store.commit(alice, [['posts/p1', null], ['explorePosts/p1', null], tombstone('p1')]));
    denied(store.commit(bob, [['explorePosts/p1', null]]));
    allowed(new Store().commit(alice, [['explorePosts/p9', null]]));
    denied(new Store().commit(anonymous, [['explorePosts/p9', null]]));
  });
});

describe('the photo’s description (postImageAlt)', () => {
  const alt = (text: unknown) => ({ postImageAlt: text });

  test('create: a photo post with visible text up to the feed’s bound, copied to its explore entry', () => {
    const store = new Store(graph());
    allowed(
      store.commit(alice, [
        ['posts/p1', post(alt('A red kite above the dunes'))],
        ['explorePosts/p1', explore(alt('A red kite above the dunes'))],
      ]),
    );
    allowed(store.commit(alice, [['posts/p1', post(alt('x'.repeat(PHOTO_ALT_MAX_LENGTH)))]]));
    for (const text of VISIBLE_TEXTS) allowed(store.commit(alice, [['posts/p1', post(alt(text))]]));
    denied(store.commit(alice, [['posts/p1', post(alt('x'.repeat(PHOTO_ALT_MAX_LENGTH + 1)))]]));
    for (const blank of ['', '   ', INVISIBLE_CHARACTERS.join('')]) {
      denied(store.commit(alice, [['posts/p1', post(alt(blank))]]));
    }
    denied(store.commit(alice, [['posts/p1', post(alt(null))]]));
    denied(store.commit(alice, [['posts/p1', post(alt(['A kite']))]]));
    denied(store.commit(alice, [['posts/p1', post({ postImage: null, ...alt('A kite') })]]));
  });

  test('the explore entry carries the post’s own description, or neither has one', () => {
    const store = new Store(graph());
    const withAlt = post(alt('A kite'));
    denied(
      store.commit(alice, [
        ['posts/p1', withAlt],
        ['explorePosts/p1', explore()],
      ]),
    );
    denied(
      store.commit(alice, [
        ['posts/p1', post()],
        ['explorePosts/p1', explore(alt('A kite'))],
      ]),
    );
    denied(
      store.commit(alice, [
        ['posts/p1', withAlt],
        ['explorePosts/p1', explore(alt('A boat'))],
      ]),
    );
  });

  test('nobody adds or changes it after the post is made, the author included', () => {
    const store = new Store({
      'posts/p1': post(alt('A kite')),
      'posts/p2': post({ postId: 'p2' }),
    });
    denied(store.commit(alice, [['posts/p1', post(alt('A boat'))]]));
    denied(store.commit(alice, [['posts/p1', post()]]));
    denied(store.commit(alice, [['posts/p2', post({ postId: 'p2', ...alt('A kite') })]]));
    denied(store.commit(bob, [['posts/p1', post({ ...alt('Hacked'), likes: ['bob'] })]]));
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
    // Removal: by the reply's writer or the comment's author (bob), nobody else.
    allowed(store.commit(alice, [['comments/c1', comment({ replies: [] })]]));
    allowed(store.commit(bob, [['comments/c1', comment({ replies: [] })]]));
    denied(
      store.commit(anonymous, [
        ['comments/c1', comment({ replies: [first, { reply: 'hi', userId: 'carol' }] })],
      ]),
    );
  });

  test('a thread stops at 100 replies; removing one makes room', () => {
    const replies = Array.from({ length: 100 }, (_, i) => ({ reply: `r${i}`, userId: 'carol' }));
    const store = new Store({ ...base, 'comments/c1': comment({ replies }) });
    const mine = { reply: 'one more', userId: 'alice' };
    denied(store.commit(alice, [['comments/c1', comment({ replies: [...replies, mine] })]]));
    allowed(store.commit(bob, [['comments/c1', comment({ replies: replies.slice(1) })]]));
    allowed(store.commit(carol, [['comments/c1', comment({ replies: replies.slice(0, 99) })]]));
    // The post's author (alice) removes any reply on her post; a bystander (dave) none.
    allowed(store.commit(alice, [['comments/c1', comment({ replies: replies.slice(1) })]]));
    denied(store.commit(dave, [['comments/c1', comment({ replies: replies.slice(1) })]]));
    // Two gone at once is not one removal.
    denied(store.commit(bob, [['comments/c1', comment({ replies: replies.slice(2) })]]));
    const room = new Store({ ...base, 'comments/c1': comment({ replies: replies.slice(1) }) });
    allowed(
      room.commit(alice, [['comments/c1', comment({ replies: [...replies.slice(1), mine] })]]),
    );
  });

  test('delete: the comment author or the post author (also in the post-delete batch)', () => {
    const store = new Store({ ...base, 'comments/c1': comment() });
    allowed(store.commit(bob, [['comments/c1', null]]));
    allowed(store.commit(alice, [['comments/c1', null]]));
    allowed(store.commit(alice, [['comments/c1', null], ['posts/p1', null], tombstone('p1')]));
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
  const feed = postsFollowedBy('bob', {
    orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }],
    limit: 3,
  });
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
  /** The product's storage rules on one request to the app's bucket. */
  const verdict = (
    principal: Principal,
    request: Omit<Parameters<typeof authorizeStorage>[2], 'bucket'>,
  ) =>
    authorizeStorage(
      storageRules,
      { principal, time: NOW },
      { bucket: 'demo-social.appspot.com', ...request },
    );
  const write = (
    principal: Principal,
    path: string,
    contentType: string,
    size?: number,
    method: 'create' | 'update' = 'create',
    metadata: Partial<StorageObjectInfo> = {},
  ) =>
    verdict(principal, {
      path,
      method,
      resource: method === 'update' ? object(path, contentType) : null,
      requestResource: { ...object(path, contentType, size), ...metadata },
    });
  const other = (principal: Principal, path: string, method: 'get' | 'list' | 'delete') =>
    verdict(principal, {
      path,
      method,
      resource: method === 'list' ? null : object(path, 'image/png'),
      requestResource: null,
    });

  test('every folder: own folder, PNG or JPEG named after its type, at most 2 MiB', () => {
    for (const folder of ['posts', 'pfps', 'pfcovers']) {
      allowed(write(alice, `alice/${folder}/a.png`, 'image/png'));
      allowed(write(alice, `alice/${folder}/1700000000000-a1b2-small.jpg`, 'image/jpeg', 2 * MiB));
      allowed(write(alice, `alice/${folder}/a.png`, 'image/png', 100, 'update'));
      // The app never writes other types (every size is drawn on a canvas): not even rasters.
      for (const type of ['image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/svg+xml']) {
        denied(write(alice, `alice/${folder}/a.png`, type));
      }
      denied(write(alice, `alice/${folder}/a.txt`, 'text/plain'));
      // Names a browser would save as something else, or not in the folder itself.
      for (const name of ['a', 'a.html', 'a.jpg', 'a.png.html', '.png', 'deep/a.png', 'a b.png']) {
        denied(write(alice, `alice/${folder}/${name}`, 'image/png'));
      }
      denied(write(alice, `alice/${folder}/a.png`, 'image/png', 2 * MiB + 1));
      denied(write(bob, `alice/${folder}/a.png`, 'image/png'));
      denied(write(anonymous, `alice/${folder}/a.png`, 'image/png'));
    }
  });

  test('no content encoding, and no disposition but the default', () => {
    const png = (metadata: Partial<StorageObjectInfo>, method: 'create' | 'update' = 'create') =>
      write(alice, 'alice/posts/a.png', 'image/png', 100, method, metadata);
    for (const metadata of [
      {},
      { contentEncoding: 'identity' },
      { contentDisposition: 'inline' },
      { contentDisposition: "inline; filename*=utf-8''a.png" },
    ]) {
      allowed(png(metadata));
      allowed(png(metadata, 'update'));
    }
    for (const metadata of [
      { contentEncoding: 'gzip' },
      { contentEncoding: 'br' },
      { contentDisposition: 'attachment; filename="a.html"' },
      { contentDisposition: 'inline; filename=a.html' },
      { contentDisposition: "inline; filename*=utf-8''b.png" },
      { contentDisposition: 'attachment' },
    ]) {
      denied(png(metadata));
      denied(png(metadata, 'update'));
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
