/**
 * firestore.rules through the real browser SDK: the write shapes of docs/DATA_MODEL.md are
 * allowed, and every clause of every allow statement is broken by at least one denied case, as
 * members alice, bob and carol and signed out. Tests run in file order and build on each other's
 * documents (sign-up, then posts, follows, likes, comments, deletes). The last test fails when a
 * statement, method, clause or `||` branch of the rules has no case here.
 */
import {
  clientTime,
  deleteField,
  remove,
  serverTime,
  union,
  type Data,
  type Op,
  type Write,
} from './sdk-ops';
import { rulesSuiteFor } from './sdk-suite';
import { newAccountDocuments } from 'shared-firebase/testing/members';
import { userNameCharacterProblem } from 'shared-firebase';
import { INVISIBLE_CHARACTERS, VISIBLE_TEXTS } from './invisible';
import { accountDeletionCases } from './account-deletion.cases';
import { postEditCases } from './post-edits.cases';
import { savedPostCases } from './saved-posts.cases';
import { timelineCases } from './timelines.cases';
import { cardCases } from './cards.cases';
import { mentionCases } from './mentions.cases';
import { moderationCases } from './moderation.cases';
import { userNameCases } from './user-names.cases';
import { blockCases } from './blocks.cases';
import { isActivityStatement } from './activity-statements';
import { PHOTO_ALT_MAX_LENGTH } from 'mfe-feed/src/data/photoAlt';

const suite = rulesSuiteFor('firestore.rules', 'demo-rules-firestore');
const { allow, deny, denyUnmatched, seed } = suite;

const x = (n: number) => 'x'.repeat(n);
/** A download URL as the Storage emulator's getDownloadURL returns it, of `<uid>/<folder>/<name>`. */
const url = (uid: string, folder = 'posts', name = 'a.png') =>
  `http://127.0.0.1:9199/v0/b/demo.appspot.com/o/${uid}%2F${folder}%2F${name}?alt=media&token=t`;
const IMAGE = url('alice');
/** Only zero-width and other invisible characters: blank to a reader. */
const INVISIBLE = INVISIBLE_CHARACTERS.join('');
/** `n` member ids nobody signs in as: lists filled to a bound by seed(). */
const uids = (n: number, prefix = 'member') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const without = (data: Data, key: string): Data =>
  Object.fromEntries(Object.entries(data).filter(([k]) => k !== key));

const batch = (...writes: Write[]): Op => ({ batch: writes });
const set = (path: string, data: Data): Op => batch({ set: path, data });
const update = (path: string, data: Data): Op => batch({ update: path, data });
const del = (path: string): Op => batch({ delete: path });

// ---- the product's write shapes (docs/DATA_MODEL.md "Write shapes the app sends") ----

// Sign-up's shapes come from the product itself, so the rules are proven against what it writes.
const account = (userName: string): Data =>
  newAccountDocuments(userName).userData as unknown as Data;
const userInfo = (userName: string): Data =>
  newAccountDocuments(userName).userData.userInfo as unknown as Data;
/** Sign-up's batch: the three documents, and the name's claim when the data names one. */
const signUp = (uid: string, data: Data): Op =>
  batch(
    { set: `usersData/${uid}`, data },
    { set: `Following/${uid}`, data: { Following: [] } },
    { set: `Followers/${uid}`, data: { Followers: [] } },
    ...(typeof data.nameKey === 'string'
      ? [{ set: `userNames/${data.nameKey}`, data: { uid } }]
      : []),
  );

const post = (uid: string, id: string, fields: Data = {}): Data => ({
  postImage: null,
  postCaption: 'Hello',
  uid,
  postId: id,
  followers: [uid],
  likes: [],
  createdAt: serverTime(),
  ...fields,
});
const explore = (uid: string, id: string, fields: Data = {}): Data => ({
  postImage: IMAGE,
  uid,
  postId: id,
  createdAt: serverTime(),
  ...fields,
});
/** The new-post batch: the post, its explore entry for a photo post, the author's post list. */
const newPost = (uid: string, id: string, postData: Data, exploreData?: Data): Op =>
  batch(
    { set: `posts/${id}`, data: postData },
    ...(exploreData ? [{ set: `explorePosts/${id}`, data: exploreData }] : []),
    { update: `usersData/${uid}`, data: { posts: union(id) } },
  );

const comment = (userId: string, postId: string, fields: Data = {}): Data => ({
  comment: 'Nice',
  replies: [],
  postId,
  userId,
  createdAt: serverTime(),
  ...fields,
});
const reply = (id: string, text: string, userId: string): Op =>
  update(`comments/${id}`, { replies: union({ reply: text, userId }) });

// Targets: '<match pattern> <method>' of firestore.rules.
const USERS = '/usersData/{uid}';
const FOLLOWING = '/Following/{uid}';
const FOLLOWERS = '/Followers/{uid}';
const FOLLOWS = '/follows/{edgeId}';
const LIKES = '/likes/{edgeId}';
const POSTS = '/posts/{postId}';
const EXPLORE = '/explorePosts/{postId}';
const COMMENTS = '/comments/{commentId}';

describe('sign-up: usersData, Following and Followers create', () => {
  test('a newcomer (carol) cannot create documents of the wrong shape or for someone else', async () => {
    const t = `${USERS} create`;
    await deny('signedOut', t, signUp('carol', account('Carol')), { breaks: 'signedIn()' });
    await deny('bob', t, signUp('carol', account('Carol')), { breaks: 'me() == uid' });
    await deny('carol', t, signUp('carol', without(account('Carol'), 'posts')), {
      breaks: 'data.keys().hasAll',
    });
    await deny('carol', t, signUp('carol', { ...account('Carol'), admin: true }), {
      breaks: 'data.keys().hasOnly',
    });
    await deny('carol', t, signUp('carol', account(x(33))), { breaks: 'nonBlank(info.userName' });
    await deny('carol', t, signUp('carol', account('   ')), { breaks: 'nonBlank(info.userName' });
    await deny(
      'carol',
      t,
      signUp('carol', { ...account('Carol'), connections: { Followers: ['bob'], Following: [] } }),
      { breaks: 'data.connections == before.connections' },
    );
    await deny('carol', t, signUp('carol', { ...account('Carol'), posts: ['forged'] }), {
      breaks: 'next.size() <= 5000',
    });
    await deny(
      'carol',
      t,
      signUp('carol', {
        ...account('Carol'),
        profilePictures: { profilePicture: url('bob', 'pfps'), profileCover: null },
      }),
      { breaks: 'profilePicture, before' },
    );
    await deny(
      'carol',
      t,
      signUp('carol', { ...account('Carol'), userInfo: without(userInfo('Carol'), 'dob') }),
      { breaks: 'info.keys().hasAll' },
    );
    // Sign-up writes the search form of the name (member search); only old documents lack it.
    await deny('carol', t, signUp('carol', without(account('Carol'), 'searchName')), {
      breaks: 'searchNameOf(data.searchName',
    });
    await deny('carol', t, signUp('carol', { ...account('Carol'), searchName: 'somebody' }), {
      breaks: 'searchNameOf(data.searchName',
    });
    await deny('carol', t, signUp('carol', { ...account('Carol'), counts: { followers: 9 } }), {
      breaks: "data.get('counts', null) == before.get('counts', null)",
    });
    // Sign-up claims the name (docs/DATA_MODEL.md "Unique names"), with no hidden characters.
    await deny('carol', t, signUp('carol', without(account('Carol'), 'nameKey')), {
      breaks: "!('nameKey' in data)",
    });
    await deny('carol', t, signUp('carol', account('Car\u200Bol')), {
      breaks: '!impersonatingName',
    });
    await deny('carol', t, signUp('carol', account('\u202Elorac')), {
      breaks: '!impersonatingName',
    });

    for (const [name, target] of [
      ['Following', FOLLOWING],
      ['Followers', FOLLOWERS],
    ] as const) {
      const c = `${target} create`;
      await deny('signedOut', c, set(`${name}/carol`, { [name]: [] }), { breaks: 'signedIn()' });
      await deny('bob', c, set(`${name}/carol`, { [name]: [] }), { breaks: 'me() == uid' });
      await deny('carol', c, set(`${name}/carol`, { [name]: [], extra: 1 }), {
        breaks: 'hasOnly',
      });
      await deny('carol', c, set(`${name}/carol`, { [name]: ['bob'] }), {
        breaks: `incoming().${name} == []`,
      });
    }
  });

  test('each member creates their own three documents in one batch', async () => {
    const targets = [
      `${USERS} create`,
      `${FOLLOWING} create`,
      `${FOLLOWERS} create`,
      '/userNames/{claimId} create',
    ];
    await allow('alice', targets, signUp('alice', account('Alice')), {
      via: 'info.userAge == null',
    });
    await allow('bob', targets, signUp('bob', account('Bob')), {
      via: "'searchName' in data && searchNameOf",
    });
    await allow('carol', targets, signUp('carol', account(x(32))));
  });
});

describe(USERS, () => {
  test('get and list: signed-in members only', async () => {
    await allow('bob', `${USERS} get`, { get: 'usersData/alice' });
    await deny('signedOut', `${USERS} get`, { get: 'usersData/alice' });
    // The members list's query (shared-firebase/src/data/members.ts).
    const members: Op = { list: 'usersData', orderBy: ['userInfo.userName', 'desc'], limit: 20 };
    await allow('bob', `${USERS} list`, members);
    await deny('signedOut', `${USERS} list`, members);
  });

  test('update: the owner’s profile edits are allowed', async () => {
    const t = `${USERS} update`;
    const edits: Data[] = [
      { 'profilePictures.profilePicture': url('alice', 'pfps') },
      { 'profilePictures.profileCover': url('alice', 'pfcovers') },
      {
        'profilePictures.profilePicture':
          'https://firebasestorage.googleapis.com/v0/b/social-prod.firebasestorage.app/o/alice%2Fpfps%2F1700000000000-3f2a.jpg?alt=media&token=0b6c-41d2',
      },
      {
        'profilePictures.profileCover': url('alice', 'pfcovers').replace('127.0.0.1', 'localhost'),
      },
      { 'profilePictures.profileCover': url('alice', 'pfcovers').replace('127.0.0.1', '[::1]') },
      { 'profilePictures.profileCover': null },
      { 'userInfo.userName': 'Ann', searchName: 'ann' },
      { 'userInfo.userAbout': x(500) },
      { 'userInfo.userAbout': null },
      { 'userInfo.dob': '1st Jan 1990' },
      { 'userInfo.From': 'Norway', 'userInfo.Lives': 'Norway' },
      { 'userInfo.userGender': 'female' },
    ];
    for (const edit of edits) {
      await allow('alice', t, update('usersData/alice', edit), { via: 'listed == next' });
    }
    // Visible names a member may choose (one with zero-width spaces is refused: "Unique names").
    for (const userName of VISIBLE_TEXTS.filter((text) => !userNameCharacterProblem(text))) {
      const searchName = userName.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
      await allow(
        'alice',
        t,
        update('usersData/alice', { 'userInfo.userName': userName, searchName }),
      );
    }
    for (const age of [30, 0, 150]) {
      await allow('alice', t, update('usersData/alice', { 'userInfo.userAge': age }), {
        via: 'info.userAge is int',
      });
    }
  });

  test('update: nobody else, and every field keeps its shape and limit', async () => {
    const t = `${USERS} update`;
    await deny('bob', t, update('usersData/alice', { 'userInfo.userName': 'Hacked' }), {
      breaks: 'me() == uid',
    });
    await deny('signedOut', t, update('usersData/alice', { 'userInfo.userName': 'Hacked' }), {
      breaks: 'signedIn()',
    });
    const cases: Array<[Data, string]> = [
      [{ 'userInfo.userName': x(33) }, 'nonBlank(info.userName'],
      [{ 'userInfo.userName': ' ' }, 'nonBlank(info.userName'],
      [{ 'userInfo.userName': INVISIBLE }, 'nonBlank(info.userName'],
      [{ 'connections.Followers': ['bob'] }, 'data.connections == before.connections'],
      [{ posts: union('not-a-new-post') }, 'next.size() <= 5000'],
      [{ posts: union('text') }, 'next.size() <= 5000'],
      [{ posts: ['a', 'b'] }, 'next.size() <= 5000'],
      [{ posts: deleteField() }, 'data.keys().hasAll'],
      [{ role: 'admin' }, 'data.keys().hasOnly'],
      [{ posts: 'p1' }, 'data.posts is list'],
      [{ connections: [] }, 'data.connections is map'],
      [{ 'connections.Following': deleteField() }, 'data.connections.keys().hasAll'],
      [{ 'connections.Blocked': [] }, 'data.connections.keys().hasOnly'],
      [{ 'connections.Followers': 'bob' }, 'data.connections.Followers is list'],
      [{ 'connections.Following': 'bob' }, 'data.connections.Following is list'],
      [{ profilePictures: IMAGE }, 'data.profilePictures is map'],
      [{ 'profilePictures.profileCover': deleteField() }, 'data.profilePictures.keys().hasAll'],
      [{ 'profilePictures.banner': null }, 'data.profilePictures.keys().hasOnly'],
      [{ 'profilePictures.profilePicture': x(2049) }, 'profilePictures.profilePicture, before'],
      [{ 'profilePictures.profilePicture': 'javascript:alert(1)' }, 'profilePicture, before'],
      [
        { 'profilePictures.profilePicture': 'https://tracker.test/p.gif' },
        'profilePicture, before',
      ],
      // Another member's file, and a post photo used as a profile picture.
      [{ 'profilePictures.profilePicture': url('bob', 'pfps') }, 'profilePicture, before'],
      [{ 'profilePictures.profilePicture': url('alice', 'posts') }, 'profilePicture, before'],
      [
        {
          'profilePictures.profilePicture': url('alice', 'pfps').replace('127.0.0.1', 'evil.test'),
        },
        'profilePicture, before',
      ],
      [
        { 'profilePictures.profilePicture': url('alice', 'pfps', '..%2F..%2Fbob%2Fpfps%2Fa.png') },
        'profilePicture, before',
      ],
      [{ 'profilePictures.profileCover': 7 }, 'profilePictures.profileCover, before'],
      [{ 'profilePictures.profileCover': url('alice', 'pfps') }, 'profileCover, before'],
      [{ userInfo: 'Alice' }, 'info is map'],
      [{ 'userInfo.isAdmin': true }, 'info.keys().hasOnly'],
      [{ 'userInfo.From': x(101) }, 'info.From, 100'],
      [{ 'userInfo.Lives': x(101) }, 'info.Lives, 100'],
      [{ 'userInfo.userAbout': x(501) }, 'info.userAbout, 500'],
      [{ 'userInfo.userAge': 'thirty' }, 'info.userAge is int'],
      [{ 'userInfo.userAge': 30.5 }, 'info.userAge is int'],
      [{ 'userInfo.userAge': -1 }, 'info.userAge is int'],
      [{ 'userInfo.userAge': 151 }, 'info.userAge is int'],
      [{ 'userInfo.userGender': x(101) }, 'info.userGender, 100'],
      [{ 'userInfo.dob': 19900101 }, 'info.dob, 100'],
      // The counts are the functions' (docs/DATA_MODEL.md "Counts"): no member writes them.
      [{ 'counts.posts': 99 }, "data.get('counts', null) == before.get('counts', null)"],
      [{ counts: { followers: 2000 } }, "data.get('counts', null) == before.get('counts', null)"],
    ];
    // Each invisible character alone, so both rules engines are shown to agree on every one.
    for (const chars of INVISIBLE_CHARACTERS) {
      cases.push([{ 'userInfo.userName': `${chars}${chars}` }, 'nonBlank(info.userName']);
    }
    for (const [edit, breaks] of cases) {
      await deny('alice', t, update('usersData/alice', edit), { breaks });
    }
  });

  test('counts: kept as the functions wrote them through every edit, never changed or removed', async () => {
    const t = `${USERS} update`;
    const counts = { posts: 4, postsListed: 4, followers: 1, following: 0 };
    await seed({ update: 'usersData/carol', data: { counts } });
    await allow('carol', t, update('usersData/carol', { 'userInfo.From': 'Peru' }));
    for (const edit of [
      { 'counts.followers': 2000 },
      { counts: deleteField() },
      { counts: { ...counts, posts: 0 } },
    ] as Data[]) {
      await deny('carol', t, update('usersData/carol', edit), {
        breaks: "data.get('counts', null) == before.get('counts', null)",
      });
    }
  });

  test('the suspension mark: kept as the moderation function wrote it, never set or removed', async () => {
    const t = `${USERS} update`;
    const breaks = "data.get('authorSuspended', null) == before.get('authorSuspended', null)";
    await deny('carol', t, update('usersData/carol', { authorSuspended: true }), { breaks });
    await seed({ update: 'usersData/carol', data: { authorSuspended: true } });
    for (const edit of [{ authorSuspended: deleteField() }, { authorSuspended: false }] as Data[]) {
      await deny('carol', t, update('usersData/carol', edit), { breaks });
    }
    await allow('carol', t, update('usersData/carol', { 'userInfo.From': 'Lima' }));
    await seed({ update: 'usersData/carol', data: { authorSuspended: deleteField() } });
  });

  test("the unlisted-posts mark: kept as the feed's function wrote it, never set or removed", async () => {
    const t = `${USERS} update`;
    const breaks = "data.get('postsComplete', null) == before.get('postsComplete', null)";
    await deny('carol', t, update('usersData/carol', { postsComplete: false }), { breaks });
    await seed({ update: 'usersData/carol', data: { postsComplete: false } });
    for (const edit of [{ postsComplete: deleteField() }, { postsComplete: true }] as Data[]) {
      await deny('carol', t, update('usersData/carol', edit), { breaks });
    }
    await allow('carol', t, update('usersData/carol', { 'userInfo.From': 'Quito' }));
    await seed({ update: 'usersData/carol', data: { postsComplete: deleteField() } });
  });

  test('searchName: always the user name with A–Z lower-cased, on both rules engines', async () => {
    const t = `${USERS} update`;
    // The rules' lower() changes ASCII letters only (as Google's emulator does); every other
    // character is kept as written.
    const names: Array<[string, string]> = [
      ['ÉLISE', 'Élise'],
      ['ΟΔΥΣΣΕΥΣ', 'ΟΔΥΣΣΕΥΣ'],
      ['İlkay', 'İlkay'],
      ['ÆRØ Åse', 'ÆrØ Åse'],
      ['中文 Name', '中文 name'],
      ['Straße', 'straße'],
    ];
    for (const [userName, searchName] of names) {
      await allow(
        'alice',
        t,
        update('usersData/alice', { 'userInfo.userName': userName, searchName }),
      );
    }
    const cases: Array<[Data, string]> = [
      [{ 'userInfo.userName': 'Renamed' }, 'searchNameOf(data.searchName'],
      [{ 'userInfo.userName': 'Renamed', searchName: 'Renamed' }, 'searchNameOf(data.searchName'],
      [{ 'userInfo.userName': 'Renamed', searchName: 'renamed ' }, 'searchNameOf(data.searchName'],
      // JavaScript's full toLowerCase is not what the rules compute.
      [{ 'userInfo.userName': 'ÉLISE', searchName: 'élise' }, 'searchNameOf(data.searchName'],
      [{ searchName: 'zzz' }, 'searchNameOf(data.searchName'],
      [{ searchName: deleteField() }, 'searchNameOf(data.searchName'],
    ];
    for (const [edit, breaks] of cases) {
      await deny('alice', t, update('usersData/alice', edit), { breaks });
    }
  });

  test('searchName: a member from before search keeps editing, then gets it and keeps it', async () => {
    const t = `${USERS} update`;
    await seed({ set: 'usersData/carol', data: without(account('Carol'), 'searchName') });
    await allow('carol', t, update('usersData/carol', { 'userInfo.dob': '2nd Feb 2000' }), {
      via: "!('searchName' in data)",
    });
    await deny('carol', t, update('usersData/carol', { searchName: 'someone else' }), {
      breaks: 'searchNameOf(data.searchName',
    });
    // The repair at sign-in (ensureAccountDocuments).
    await allow('carol', t, update('usersData/carol', { searchName: 'carol' }));
    await deny('carol', t, update('usersData/carol', { searchName: deleteField() }), {
      breaks: 'searchNameOf(data.searchName',
    });
  });

  test('delete: nobody, not even the owner', async () => {
    await deny('alice', `${USERS} delete`, del('usersData/alice'));
    await deny('signedOut', `${USERS} delete`, del('usersData/alice'));
  });
});

describe(POSTS, () => {
  test('create: the author’s text and photo posts in the documented shape', async () => {
    const t = `${POSTS} create`;
    await allow('alice', t, newPost('alice', 'text', post('alice', 'text')), {
      via: 'data.postCaption != null',
    });
    await allow(
      'alice',
      [t, `${EXPLORE} create`],
      newPost(
        'alice',
        'photo',
        post('alice', 'photo', { postImage: IMAGE, postCaption: null }),
        explore('alice', 'photo'),
      ),
      { via: 'data.postImage != null' },
    );
    // A photo post without its explore entry (an entry cannot be added later: explorePosts tests).
    await allow('alice', t, newPost('alice', 'late', post('alice', 'late', { postImage: IMAGE })), {
      via: "ownDownloadUrl(data.postImage, 'posts')",
    });
    await allow(
      'alice',
      [t, `${EXPLORE} create`, `${USERS} update`],
      newPost(
        'alice',
        'photo2',
        post('alice', 'photo2', { postImage: url('alice', 'posts', 'b.webp') }),
        explore('alice', 'photo2', { postImage: url('alice', 'posts', 'b.webp') }),
      ),
      { via: 'next.size() <= 5000' },
    );
    await allow('bob', t, newPost('bob', 'long', post('bob', 'long', { postCaption: x(2000) })), {
      via: 'data.postImage == null',
    });
  });

  test('create: nobody posts as someone else, and every field is checked', async () => {
    const t = `${POSTS} create`;
    await deny('signedOut', t, set('posts/s', post('alice', 's')), { breaks: 'signedIn()' });
    await deny('bob', t, newPost('bob', 'as-alice', post('alice', 'as-alice')), {
      breaks: 'data.uid == me()',
    });
    const cases: Array<[Data, string]> = [
      [post('alice', 'other-id'), 'data.postId == postId'],
      [without(post('alice', 'p'), 'likes'), 'data.keys().hasAll'],
      [post('alice', 'p', { pinned: true }), 'data.keys().hasOnly'],
      [post('alice', 'p', { postImage: x(2049) }), 'ownDownloadUrl(data.postImage'],
      [post('alice', 'p', { postImage: 'javascript:alert(1)' }), 'ownDownloadUrl(data.postImage'],
      [
        post('alice', 'p', { postImage: 'https://tracker.test/pixel.gif' }),
        'ownDownloadUrl(data.postImage',
      ],
      [post('alice', 'p', { postImage: url('bob') }), 'ownDownloadUrl(data.postImage'],
      [post('alice', 'p', { postImage: url('alice', 'pfps') }), 'ownDownloadUrl(data.postImage'],
      [post('alice', 'p', { postImage: `${IMAGE}#x` }), 'ownDownloadUrl(data.postImage'],
      [post('alice', 'p', { postCaption: x(2001) }), 'optionalString(data.postCaption'],
      [post('alice', 'p', { postCaption: null }), 'data.postImage != null ||'],
      [post('alice', 'p', { postCaption: ' \n ' }), 'data.postImage != null ||'],
      [post('alice', 'p', { postCaption: INVISIBLE }), 'data.postImage != null ||'],
      // Feed injection: only the author's own followers may see a post in their feed.
      [post('alice', 'p', { followers: ['alice', 'carol'] }), 'data.followers.hasOnly'],
      [post('alice', 'p', { followers: ['alice', ...uids(30)] }), 'data.followers.hasOnly'],
      [post('alice', 'p', { followers: 'alice' }), 'data.followers is list'],
      [post('alice', 'p', { followers: ['bob'] }), 'me() in data.followers'],
      [post('alice', 'p', { likes: ['bob'] }), 'data.likes == []'],
      [post('alice', 'p', { createdAt: clientTime(Date.now()) }), 'createdNow(data)'],
    ];
    for (const [data, breaks] of cases) {
      await deny('alice', t, newPost('alice', 'p', data), { breaks });
    }
    // The counts are the feed's functions' to write.
    await deny('alice', t, newPost('alice', 'p', post('alice', 'p', { counts: { likes: 9 } })), {
      breaks: 'data.keys().hasOnly',
    });
  });

  test('create: post ids have at most 20 characters (an auto-id’s length)', async () => {
    const t = `${POSTS} create`;
    const longest = x(20);
    const tooLong = x(21);
    await deny('alice', t, newPost('alice', tooLong, post('alice', tooLong)), {
      breaks: 'postId.size() <= 20',
    });
    await allow('alice', t, newPost('alice', longest, post('alice', longest)));
  });

  test('create: at most the bound of followers, even when Followers holds more', async () => {
    // Only an admin can make a Followers list this long (the Followers rule stops at 2000).
    const many = uids(2001);
    await seed({ set: 'Followers/carol', data: { Followers: many } });
    await deny(
      'carol',
      `${POSTS} create`,
      newPost(
        'carol',
        'crowd',
        post('carol', 'crowd', {
          followers: ['carol', ...many],
        }),
      ),
      { breaks: 'data.followers.size() <= 2001' },
    );
    await seed({ set: 'Followers/carol', data: { Followers: [] } });
  });

  test('get and list (feed, profile, single post): signed-in members only', async () => {
    await allow('bob', `${POSTS} get`, { get: 'posts/text' });
    await deny('signedOut', `${POSTS} get`, { get: 'posts/text' });
    const feed = {
      list: 'posts',
      where: [['followers', 'array-contains', 'alice']],
      orderBy: ['createdAt', 'desc'],
      limit: 3,
    } satisfies Op;
    await allow('alice', `${POSTS} list`, feed);
    await allow('bob', `${POSTS} list`, { ...feed, where: [['uid', '==', 'alice']] });
    // The home feed's own and pulled authors' posts (docs/DATA_MODEL.md "Timelines").
    await allow('alice', `${POSTS} list`, { ...feed, where: [['uid', 'in', ['alice', 'bob']]] });
    await allow('carol', `${POSTS} list`, { list: 'posts', where: [['postId', '==', 'text']] });
    // A tag's page (mfe-explore), which its composite index serves.
    await allow('bob', `${POSTS} list`, {
      ...feed,
      where: [['tags', 'array-contains', 'weekend']],
    });
    await deny('signedOut', `${POSTS} list`, feed);
  });
});

describe(`${FOLLOWS}: a follow is one edge document`, () => {
  const edge = (follower: string, target: unknown, fields: Data = {}): Data => ({
    follower,
    target: target as string,
    createdAt: serverTime(),
    ...fields,
  });
  const follow = (me: string, target: string) => set(`follows/${me}_${target}`, edge(me, target));
  const t = `${FOLLOWS} create`;
  const alicePosts = ['text', 'photo', 'late', 'photo2'];

  test('a member follows and unfollows with one document of their own', async () => {
    await allow('bob', t, follow('bob', 'alice'));
    await allow('bob', `${FOLLOWS} delete`, del('follows/bob_alice'));
    await allow('bob', t, follow('bob', 'alice'));
    await allow('carol', t, follow('carol', 'alice'));
    await allow('carol', t, follow('carol', 'bob'));
    // What the profile's function then writes (server credentials; no rule applies to it).
    await seed(
      { set: 'Followers/alice', data: { Followers: ['bob', 'carol'] } },
      { set: 'Following/bob', data: { Following: ['alice'] } },
      { set: 'Followers/bob', data: { Followers: ['carol'] } },
      { set: 'Following/carol', data: { Following: ['alice', 'bob'] } },
      ...alicePosts.map((id) => ({
        update: `posts/${id}`,
        data: { followers: union('bob', 'carol') },
      })),
    );
  });

  test('a follow of a member with 2,000 followers is accepted (the list is no bound)', async () => {
    await seed({ set: 'Followers/carol', data: { Followers: uids(2000), complete: false } });
    await allow('bob', t, follow('bob', 'carol'));
    await allow('bob', `${FOLLOWS} delete`, del('follows/bob_carol'));
    await seed({ set: 'Followers/carol', data: { Followers: [] } });
  });

  test('nobody writes an edge for someone else, of another shape, or to a non-member', async () => {
    await deny('signedOut', t, follow('bob', 'carol'), { breaks: 'signedIn()' });
    await deny('bob', t, set('follows/alice_carol', edge('alice', 'carol')), {
      breaks: 'incoming().follower == me()',
    });
    await deny('bob', t, set('follows/bob_bob', edge('bob', 'bob')), {
      breaks: 'incoming().target != me()',
    });
    // The id names the pair: an edge filed under another target's id is refused.
    await deny('bob', t, set('follows/bob_alice2', edge('bob', 'carol')), {
      breaks: "edgeId == me() + '_'",
    });
    await deny('bob', t, set('follows/bob_ghost', edge('bob', 'ghost')), {
      breaks: 'exists(/databases',
    });
    await deny('bob', t, set('follows/bob_7', edge('bob', 7)), {
      breaks: 'incoming().target is string',
    });
    await deny(
      'bob',
      t,
      set('follows/bob_carol', edge('bob', 'carol', { createdAt: clientTime(1) })),
      {
        breaks: 'createdNow',
      },
    );
    await deny('bob', t, set('follows/bob_carol', edge('bob', 'carol', { muted: true })), {
      breaks: 'keys().hasOnly',
    });
    await deny('bob', t, set('follows/bob_carol', without(edge('bob', 'carol'), 'createdAt')), {
      breaks: 'keys().hasAll',
    });
  });

  test('an edge never changes; only its follower deletes it; members read them', async () => {
    await deny('bob', `${FOLLOWS} update`, set('follows/bob_alice', edge('bob', 'alice')));
    await deny('bob', `${FOLLOWS} update`, update('follows/bob_alice', { target: 'carol' }));
    await deny('alice', `${FOLLOWS} delete`, del('follows/bob_alice'), {
      breaks: 'existing().follower == me()',
    });
    await deny('signedOut', `${FOLLOWS} delete`, del('follows/bob_alice'), {
      breaks: 'signedIn()',
    });
    await allow('carol', `${FOLLOWS} get`, { get: 'follows/bob_alice' });
    await deny('signedOut', `${FOLLOWS} get`, { get: 'follows/bob_alice' });
    await allow('carol', `${FOLLOWS} list`, { list: 'follows', limit: 5 });
    await deny('signedOut', `${FOLLOWS} list`, { list: 'follows', limit: 5 });
  });

  test("members no longer write Followers, Following or a post's followers", async () => {
    // The old follow batch, each side alone, and the fan-out: the function's work now.
    await deny(
      'bob',
      `${FOLLOWERS} update`,
      batch(
        { update: 'Followers/carol', data: { Followers: union('bob') } },
        { update: 'Following/bob', data: { Following: union('carol') } },
      ),
    );
    await deny(
      'bob',
      `${FOLLOWING} update`,
      update('Following/bob', { Following: union('carol') }),
    );
    await deny(
      'bob',
      `${FOLLOWERS} update`,
      update('Followers/alice', { Followers: remove('bob') }),
    );
    await deny('signedOut', `${FOLLOWING} update`, update('Following/bob', { Following: [] }));
    await deny('signedOut', `${FOLLOWERS} update`, update('Followers/bob', { Followers: [] }));
    await deny('signedOut', `${FOLLOWS} update`, update('follows/bob_alice', { target: 'x' }));
    await deny('bob', `${POSTS} update`, update('posts/long', { followers: union('bob') }));
    await deny('bob', `${POSTS} update`, update('posts/text', { followers: remove('bob') }));
  });

  test('the follow counts’ marks and shards are the function’s alone', async () => {
    for (const who of ['bob', 'alice', 'signedOut'] as const) {
      await denyUnmatched(who, { get: 'countedFollows/bob_alice' });
      await denyUnmatched(
        who,
        set('countedFollows/bob_alice', { follower: 'bob', target: 'alice' }),
      );
      await denyUnmatched(who, del('countedFollows/bob_alice'));
      await denyUnmatched(who, { get: 'followCountShards/alice_followers_0' });
      await denyUnmatched(who, set('followCountShards/alice_followers_0', { value: 100_000 }));
    }
  });

  test('the like counts’ marks and shards are the function’s alone', async () => {
    for (const who of ['bob', 'alice', 'signedOut'] as const) {
      await denyUnmatched(who, { get: 'countedLikes/text_bob' });
      await denyUnmatched(who, set('countedLikes/text_bob', { postId: 'text', uid: 'bob' }));
      await denyUnmatched(who, del('countedLikes/text_bob'));
      await denyUnmatched(who, { get: 'likeCountShards/text_0' });
      await denyUnmatched(who, set('likeCountShards/text_0', { value: 100_000 }));
    }
  });

  test('Followers and Following: get and list: signed-in members only; delete: nobody', async () => {
    for (const [name, target] of [
      ['Followers', FOLLOWERS],
      ['Following', FOLLOWING],
    ] as const) {
      await allow('carol', `${target} get`, { get: `${name}/alice` });
      await deny('signedOut', `${target} get`, { get: `${name}/alice` });
      await allow('carol', `${target} list`, { list: name, limit: 5 });
      await deny('signedOut', `${target} list`, { list: name, limit: 5 });
      await deny('alice', `${target} delete`, del(`${name}/alice`));
      await deny('signedOut', `${target} delete`, del(`${name}/alice`));
    }
  });
});

describe('like edges: likes/{postId}_{uid}, and no member writes a post’s likes', () => {
  const t = `${LIKES} create`;
  const edge = (postId: unknown, uid: string, author: unknown, fields: Data = {}): Data => ({
    postId: postId as Data[string],
    uid,
    author: author as Data[string],
    createdAt: serverTime(),
    ...fields,
  });
  const like = (postId: string, uid: string, author = 'alice') =>
    set(`likes/${postId}_${uid}`, edge(postId, uid, author));

  test('any member likes and unlikes with one document of their own, the author too', async () => {
    await allow('bob', t, like('text', 'bob'));
    await allow('bob', `${LIKES} delete`, del('likes/text_bob'));
    await allow('bob', t, like('text', 'bob'));
    await allow('alice', t, like('text', 'alice'));
    await allow('carol', t, like('photo', 'carol'));
  });

  test('a like of a post with 2,000 likes is accepted (the list is no bound)', async () => {
    await seed({
      set: 'posts/liked',
      data: post('alice', 'liked', { likes: uids(2000), likesComplete: false, createdAt: 1 }),
    });
    await allow('bob', t, like('liked', 'bob'));
    await allow('bob', `${LIKES} delete`, del('likes/liked_bob'));
    await seed({ delete: 'posts/liked' });
  });

  test('nobody likes for someone else, of another shape, a missing post, or naming another author', async () => {
    await deny('signedOut', t, like('text', 'carol'), { breaks: 'signedIn()' });
    await deny('bob', t, set('likes/text_carol', edge('text', 'carol', 'alice')), {
      breaks: 'incoming().uid == me()',
    });
    // The id names the pair: a like filed under another post's id is refused.
    await deny('bob', t, set('likes/photo_bob', edge('text', 'bob', 'alice')), {
      breaks: "edgeId == incoming().postId + '_' + me()",
    });
    await deny('bob', t, set('likes/7_bob', edge(7, 'bob', 'alice')), {
      breaks: 'incoming().postId is string',
    });
    await deny('bob', t, like('ghost', 'bob'), { breaks: 'exists(postDoc(incoming().postId))' });
    await deny('carol', t, like('text', 'carol', 'carol'), {
      breaks: 'data.uid == incoming().author',
    });
    await deny(
      'carol',
      t,
      set('likes/text_carol', edge('text', 'carol', 'alice', { createdAt: clientTime(1) })),
      { breaks: 'createdNow' },
    );
    await deny(
      'carol',
      t,
      set('likes/text_carol', edge('text', 'carol', 'alice', { migrated: true })),
      { breaks: 'keys().hasOnly' },
    );
    await deny(
      'carol',
      t,
      set('likes/text_carol', without(edge('text', 'carol', 'alice'), 'author')),
      {
        breaks: 'keys().hasAll',
      },
    );
  });

  test('an edge never changes; only its member deletes it; members read them', async () => {
    await deny('bob', `${LIKES} update`, set('likes/text_bob', edge('text', 'bob', 'alice')));
    await deny('bob', `${LIKES} update`, update('likes/text_bob', { uid: 'carol' }));
    await deny('signedOut', `${LIKES} update`, update('likes/text_bob', { uid: 'carol' }));
    await deny('alice', `${LIKES} delete`, del('likes/text_bob'), {
      breaks: 'existing().uid == me()',
    });
    await deny('signedOut', `${LIKES} delete`, del('likes/text_bob'), { breaks: 'signedIn()' });
    await allow('carol', `${LIKES} get`, { get: 'likes/text_bob' });
    await deny('signedOut', `${LIKES} get`, { get: 'likes/text_bob' });
    await allow('carol', `${LIKES} list`, { list: 'likes', limit: 5 });
    await deny('signedOut', `${LIKES} list`, { list: 'likes', limit: 5 });
  });

  test('no member writes a post’s likes or followers, nor anything else of it outside an edit', async () => {
    const u = `${POSTS} update`;
    // The old like, each way, the author's own included: the function's work now.
    await deny('bob', u, update('posts/text', { likes: union('bob') }));
    await deny('bob', u, update('posts/text', { likes: remove('bob') }));
    await deny('alice', u, update('posts/text', { likes: union('alice') }));
    await deny('signedOut', u, update('posts/text', { likes: union('bob') }));
    await deny('bob', u, update('posts/text', { postCaption: 'Hacked' }));
    await deny('alice', u, update('posts/text', { postCaption: 'Edited' }));
    await deny('bob', u, update('posts/text', { likes: union('bob'), postCaption: 'Mine' }));
    await deny('bob', u, update('posts/text', { likesComplete: false }));
    // The author is never removed from followers, and others add or remove nobody.
    await deny('alice', u, update('posts/text', { followers: remove('alice') }));
    await deny('bob', u, update('posts/text', { followers: union('dave') }));
    await deny('bob', u, update('posts/long', { followers: union('bob') }));
  });
});

describe(EXPLORE, () => {
  const t = `${EXPLORE} create`;

  test('create: never after the post’s own write (no late entry, no bump by recreating)', async () => {
    await deny('alice', t, set('explorePosts/late', explore('alice', 'late')), {
      breaks: '!exists(postDoc(postId))',
    });
  });

  test('create: only with a matching photo post by the same member', async () => {
    const photo = (id: string) => post('alice', id, { postImage: IMAGE });
    await deny('signedOut', t, set('explorePosts/late2', explore('alice', 'late2')), {
      breaks: 'signedIn()',
    });
    await deny('alice', t, set('explorePosts/none', explore('alice', 'none')), {
      breaks: 'existsAfter(',
    });
    const cases: Array<[Data, Data, string]> = [
      [photo('e'), without(explore('alice', 'e'), 'createdAt'), 'keys().hasAll'],
      [photo('e'), explore('alice', 'e', { caption: 'x' }), 'keys().hasOnly'],
      [photo('e'), explore('alice', 'e', { uid: 'bob' }), 'incoming().uid == me()'],
      [photo('e'), explore('alice', 'e', { postId: 'other' }), 'incoming().postId == postId'],
      [post('alice', 'e'), explore('alice', 'e', { postImage: null }), 'ownDownloadUrl(incoming()'],
      // The post's own check already refuses such images; the entry's is checked as well.
      [
        post('alice', 'e'),
        explore('alice', 'e', { postImage: x(2049) }),
        'ownDownloadUrl(incoming()',
      ],
      [
        post('alice', 'e'),
        explore('alice', 'e', { postImage: url('bob') }),
        'ownDownloadUrl(incoming()',
      ],
      [photo('e'), explore('alice', 'e', { createdAt: clientTime(0) }), 'createdNow(incoming())'],
      [photo('e'), explore('alice', 'e', { postImage: `${IMAGE}2` }), 'postAfter().data.postImage'],
    ];
    for (const [postData, exploreData, breaks] of cases) {
      await deny('alice', t, newPost('alice', 'e', postData, exploreData), { breaks });
    }
    await allow(
      'bob',
      `${POSTS} create`,
      newPost('bob', 'bobs', post('bob', 'bobs', { postImage: url('bob') })),
    );
    await deny('alice', t, set('explorePosts/bobs', explore('alice', 'bobs')), {
      breaks: '!exists(postDoc(postId))',
    });
  });

  test('get and list: signed-in members only; update: nobody', async () => {
    const grid = { list: 'explorePosts', orderBy: ['createdAt', 'desc'], limit: 9 } satisfies Op;
    await allow('carol', `${EXPLORE} get`, { get: 'explorePosts/photo' });
    await deny('signedOut', `${EXPLORE} get`, { get: 'explorePosts/photo' });
    await allow('carol', `${EXPLORE} list`, grid);
    await deny('signedOut', `${EXPLORE} list`, grid);
    await deny('alice', `${EXPLORE} update`, update('explorePosts/photo', { postImage: IMAGE }));
    await deny('signedOut', `${EXPLORE} update`, update('explorePosts/photo', { uid: 'bob' }));
  });

  test('delete: only the author’s entry; a missing entry is a no-op anyone may delete', async () => {
    const d = `${EXPLORE} delete`;
    await allow('bob', d, del('explorePosts/text'), { via: 'resource == null' });
    await deny('bob', d, del('explorePosts/photo'), { breaks: 'existing().uid == me()' });
    await deny('signedOut', d, del('explorePosts/text'), { breaks: 'signedIn()' });
    await allow('alice', d, del('explorePosts/photo2'), { via: 'existing().uid == me()' });
    // Explore bumping: recreating the deleted entry would put an old post back on top.
    await deny(
      'alice',
      `${EXPLORE} create`,
      set(
        'explorePosts/photo2',
        explore('alice', 'photo2', { postImage: url('alice', 'posts', 'b.webp') }),
      ),
      { breaks: '!exists(postDoc(postId))' },
    );
  });
});

describe(COMMENTS, () => {
  test('create: any member comments as themself on an existing post', async () => {
    const t = `${COMMENTS} create`;
    await allow('bob', t, set('comments/bob-on-text', comment('bob', 'text')));
    await allow(
      'carol',
      t,
      set('comments/carol-on-text', comment('carol', 'text', { comment: x(1000) })),
    );
    await allow('carol', t, set('comments/carol-on-photo', comment('carol', 'photo')));
  });

  test('create: every field is checked', async () => {
    const t = `${COMMENTS} create`;
    await deny('signedOut', t, set('comments/c', comment('bob', 'text')), { breaks: 'signedIn()' });
    const cases: Array<[Data, string]> = [
      [comment('alice', 'text'), 'incoming().userId == me()'],
      [without(comment('bob', 'text'), 'replies'), 'keys().hasAll'],
      [comment('bob', 'text', { pinned: true }), 'keys().hasOnly'],
      [comment('bob', 'text', { comment: ' \t ' }), 'nonBlank(incoming().comment'],
      [comment('bob', 'text', { comment: INVISIBLE }), 'nonBlank(incoming().comment'],
      [comment('bob', 'text', { comment: x(1001) }), 'nonBlank(incoming().comment'],
      [comment('bob', 'text', { replies: [{ reply: 'hi', userId: 'bob' }] }), 'replies == []'],
      [comment('bob', 'text', { postId: 7 }), 'postId is string'],
      [comment('bob', 'missing'), 'exists('],
      [comment('bob', 'text', { createdAt: clientTime(Date.now()) }), 'createdNow(incoming())'],
    ];
    for (const [data, breaks] of cases) await deny('bob', t, set('comments/c', data), { breaks });
  });

  test('get and list: signed-in members only', async () => {
    const thread = {
      list: 'comments',
      where: [['postId', '==', 'text']],
      orderBy: ['createdAt', 'desc'],
    } satisfies Op;
    await allow('alice', `${COMMENTS} get`, { get: 'comments/bob-on-text' });
    await deny('signedOut', `${COMMENTS} get`, { get: 'comments/bob-on-text' });
    await allow('alice', `${COMMENTS} list`, thread);
    await deny('signedOut', `${COMMENTS} list`, thread);
  });

  test('update: any member appends exactly one reply of their own', async () => {
    const t = `${COMMENTS} update`;
    await allow('alice', t, reply('bob-on-text', 'Thanks', 'alice'), { via: 'appendsMyReply' });
    await allow('carol', t, reply('bob-on-text', x(1000), 'carol'));
    await allow('carol', t, reply('bob-on-text', `${INVISIBLE}ok`, 'carol'));
  });

  test('update: a reply is removed by its writer or by the comment’s author', async () => {
    const t = `${COMMENTS} update`;
    const gone = (text: string, userId: string) =>
      update('comments/bob-on-text', { replies: remove({ reply: text, userId }) });
    await allow('carol', t, gone(`${INVISIBLE}ok`, 'carol'), { via: 'removesOneReply' });
    await allow('bob', t, reply('bob-on-text', 'Spam', 'bob'));
    await allow('bob', t, gone('Spam', 'bob'));
  });

  test('update: the post’s author removes any reply on their post, a bystander none', async () => {
    const t = `${COMMENTS} update`;
    // bob wrote the post, carol the comment and its replies; alice is a bystander.
    const replies = [
      { reply: 'r1', userId: 'carol' },
      { reply: 'r2', userId: 'carol' },
    ];
    await seed({ set: 'comments/on-long', data: { ...comment('carol', 'long'), replies } });
    const gone = (r: Data) => update('comments/on-long', { replies: remove(r) });
    await deny('alice', t, gone(replies[0]!), { breaks: 'appendsMyReply' });
    await allow('bob', t, gone(replies[0]!), { via: 'removesOneReply' });
    await deny('signedOut', t, gone(replies[1]!), { breaks: 'signedIn()' });
  });

  test('update: a reply may carry its stable id and its writer’s time, both well formed', async () => {
    const t = `${COMMENTS} update`;
    const stamped = (userId: string, fields: Data = {}): Data => ({
      reply: 'Stamped',
      userId,
      id: 'A1b2C3d4E5f6G7h8I9j0',
      createdAt: clientTime(Date.now()),
      ...fields,
    });
    const add = (r: Data) => update('comments/bob-on-text', { replies: union(r) });
    await allow('carol', t, add(stamped('carol')), { via: 'appendsMyReply' });
    const hour = 60 * 60_000;
    const cases: Data[] = [
      stamped('alice', { id: 'short' }),
      stamped('alice', { id: 'A1b2C3d4E5f6G7h8I9j!' }),
      stamped('alice', { id: 20 }),
      without(stamped('alice'), 'createdAt'),
      without(stamped('alice'), 'id'),
      stamped('alice', { createdAt: '2026-01-01T00:00:00Z' }),
      stamped('alice', { createdAt: clientTime(Date.now() + hour) }),
      stamped('alice', { createdAt: clientTime(Date.now() - 24 * hour) }),
      stamped('alice', { pinned: true }),
      stamped('bob'),
    ];
    for (const data of cases) await deny('alice', t, add(data), { breaks: 'appendsMyReply' });
  });

  test('update: a thread stops at 100 replies, and its author can make room', async () => {
    const t = `${COMMENTS} update`;
    const full = Array.from({ length: 100 }, (_, i) => ({ reply: `r${i}`, userId: 'carol' }));
    await seed({
      set: 'comments/full',
      data: { ...comment('bob', 'text'), createdAt: 1, replies: full },
    });
    await deny('alice', t, reply('full', 'One more', 'alice'), { breaks: 'appendsMyReply' });
    await allow('bob', t, update('comments/full', { replies: remove(full[0]!) }));
    await allow('alice', t, reply('full', 'One more', 'alice'));
  });

  test('update: nothing else changes, replies are not forged, edited or piled up', async () => {
    const t = `${COMMENTS} update`;
    const c = 'comments/bob-on-text';
    await deny('signedOut', t, reply('bob-on-text', 'Hi', 'bob'), { breaks: 'signedIn()' });
    await deny('alice', t, reply('bob-on-text', 'As bob', 'bob'), {
      breaks: 'appendsMyReply',
    });
    await deny('alice', t, reply('bob-on-text', '  ', 'alice'), { breaks: 'appendsMyReply' });
    await deny('alice', t, reply('bob-on-text', x(1001), 'alice'), {
      breaks: 'appendsMyReply',
    });
    await deny('alice', t, update(c, { replies: union('Thanks') }), { breaks: 'appendsMyReply' });
    await deny('alice', t, update(c, { replies: union({ reply: 'Hi' }) }), {
      breaks: 'appendsMyReply',
    });
    await deny(
      'alice',
      t,
      update(c, { replies: union({ reply: 'Hi', userId: 'alice', pin: 1 }) }),
      {
        breaks: 'appendsMyReply',
      },
    );
    const mine = (text: string) => ({ reply: text, userId: 'alice' });
    await deny('alice', t, update(c, { replies: union(mine('One'), mine('Two')) }), {
      breaks: 'appendsMyReply',
    });
    // Same length plus one, but the first reply rewritten.
    await deny(
      'bob',
      t,
      update(c, {
        replies: [
          mine('Edited'),
          { reply: x(1000), userId: 'carol' },
          { reply: 'Ok', userId: 'bob' },
        ],
      }),
      { breaks: 'appendsMyReply' },
    );
    await deny(
      'bob',
      t,
      update(c, { comment: 'Edited', replies: union({ reply: 'Hi', userId: 'bob' }) }),
      {
        breaks: "changedOnly(['replies'])",
      },
    );
  });

  test('delete: the comment’s author or the post’s author', async () => {
    const d = `${COMMENTS} delete`;
    await deny('carol', d, del('comments/bob-on-text'), { breaks: 'existing().userId == me() ||' });
    await deny('signedOut', d, del('comments/bob-on-text'), { breaks: 'signedIn()' });
    await allow('bob', d, del('comments/bob-on-text'), { via: 'existing().userId == me()' });
  });
});

describe(`${POSTS} delete`, () => {
  const t = `${POSTS} delete`;

  const TOMBSTONE = '/deletedPosts/{postId}';
  const tombstone = (uid: string, fields: Data = {}): Data => ({
    uid,
    deletedAt: serverTime(),
    ...fields,
  });
  /** The app's delete batch of alice's post `id` (docs/DATA_MODEL.md "Delete a post"). */
  const deleteBatch = (id: string, marker: Data = tombstone('alice')): Op =>
    batch(
      { delete: `posts/${id}` },
      { delete: `explorePosts/${id}` },
      { set: `deletedPosts/${id}`, data: marker },
      { update: 'usersData/alice', data: { posts: remove(id) } },
    );

  test('nobody deletes another member’s post', async () => {
    await deny('bob', t, del('posts/photo'), { breaks: 'existing().uid == me()' });
    await deny('signedOut', t, del('posts/photo'), { breaks: 'signedIn()' });
  });

  test('the post list keeps every post that exists: an id leaves only with its post', async () => {
    await deny('alice', `${USERS} update`, update('usersData/alice', { posts: remove('text') }), {
      breaks: '!existsAfter(postDoc(listed.removeAll(next)[0]))',
    });
    // An id whose post is already gone (drift from before this rule) may be dropped.
    await seed({ update: 'usersData/alice', data: { posts: union('gone') } });
    await allow('alice', `${USERS} update`, update('usersData/alice', { posts: remove('gone') }), {
      via: 'next.size() < listed.size()',
    });
  });

  test('a post is deleted only with its tombstone, which only its author writes, then', async () => {
    const c = `${TOMBSTONE} create`;
    await deny('alice', t, del('posts/text'), { breaks: 'existsAfter(deletedPostDoc(postId))' });
    await deny('signedOut', c, set('deletedPosts/text', tombstone('alice')), {
      breaks: 'signedIn()',
    });
    await deny('alice', c, deleteBatch('text', { uid: 'alice' }), { breaks: 'hasAll' });
    await deny('alice', c, deleteBatch('text', tombstone('alice', { by: 'x' })), {
      breaks: 'hasOnly',
    });
    await deny('alice', c, deleteBatch('text', tombstone('bob')), {
      breaks: 'incoming().uid == me()',
    });
    await deny('alice', c, deleteBatch('text', tombstone('alice', { deletedAt: clientTime(0) })), {
      breaks: 'request.time',
    });
    // bob buries alice's post, or alice buries her post without deleting it.
    await deny('bob', c, set('deletedPosts/text', tombstone('bob')), {
      breaks: 'get(postDoc(postId)).data.uid == me()',
    });
    await deny('alice', c, set('deletedPosts/text', tombstone('alice')), {
      breaks: '!existsAfter(postDoc(postId))',
    });
  });

  test('the author deletes a post as the app does: its comments, then post and entry', async () => {
    await allow('alice', `${COMMENTS} delete`, del('comments/carol-on-photo'), {
      via: 'exists(postOfComment())',
    });
    await allow(
      'alice',
      [t, `${EXPLORE} delete`, `${TOMBSTONE} create`, `${USERS} update`],
      deleteBatch('photo'),
      { via: 'next.size() < listed.size()' },
    );
  });

  test('a deleted post’s id is never created again, by its author or anyone else', async () => {
    const c = `${POSTS} create`;
    for (const who of ['alice', 'bob'] as const) {
      await deny(who, c, newPost(who, 'photo', post(who, 'photo')), {
        breaks: '!exists(deletedPostDoc(postId))',
      });
    }
  });

  test('tombstones: nobody reads, rewrites or removes one', async () => {
    const list: Op = { list: 'deletedPosts' };
    for (const who of ['alice', 'signedOut'] as const) {
      await deny(who, `${TOMBSTONE} get`, { get: 'deletedPosts/photo' });
      await deny(who, `${TOMBSTONE} list`, list);
      await deny(who, `${TOMBSTONE} update`, set('deletedPosts/photo', tombstone('alice')));
      await deny(who, `${TOMBSTONE} delete`, del('deletedPosts/photo'));
    }
  });
});

// Tags (docs/DATA_MODEL.md "Tags"): written by the explore team's function only.
describe('tags: posts.tags, tagDays and postTags', () => {
  const TAG_DAYS = '/tagDays/{day}';
  const counts = { counts: [{ tag: 'weekend', count: 2 }] };

  test('members read the day counts (the trending tags), the signed-out nobody', async () => {
    await seed({ set: 'tagDays/2026-11-27', data: counts });
    await allow('bob', `${TAG_DAYS} get`, { get: 'tagDays/2026-11-27' });
    await deny('signedOut', `${TAG_DAYS} get`, { get: 'tagDays/2026-11-27' });
    // The explore page's query: the last seven days' documents.
    const week: Op = { list: 'tagDays', where: [['__name__', '>=', '2026-11-21']] };
    await allow('alice', `${TAG_DAYS} list`, week);
    await deny('signedOut', `${TAG_DAYS} list`, week);
  });

  test('no client writes a day’s counts or a post’s record, nor reads a record', async () => {
    for (const who of ['alice', 'signedOut'] as const) {
      await denyUnmatched(who, set('tagDays/2026-11-28', counts));
      await denyUnmatched(who, update('tagDays/2026-11-27', { counts: [] }));
      await denyUnmatched(who, del('tagDays/2026-11-27'));
      await denyUnmatched(who, set('postTags/text', { day: '2026-11-27', tags: ['weekend'] }));
      await denyUnmatched(who, { get: 'postTags/text' });
    }
  });

  test('no client writes a post’s tags: not with the post, not with a like, not alone', async () => {
    await deny(
      'alice',
      `${POSTS} create`,
      newPost(
        'alice',
        'tagged',
        post('alice', 'tagged', {
          postCaption: '#weekend',
          tags: ['weekend'],
        }),
      ),
      { breaks: 'data.keys().hasOnly' },
    );
    await deny('alice', `${POSTS} update`, update('posts/text', { tags: ['forged'] }));
    await deny('bob', `${POSTS} update`, update('posts/text', { likes: union('bob'), tags: [] }));
  });
});

accountDeletionCases(suite);
postEditCases(suite);
savedPostCases(suite);
timelineCases(suite);
cardCases(suite);
mentionCases(suite);
moderationCases(suite);
userNameCases(suite);
// The smaller sizes stored beside a picture (docs/DATA_MODEL.md "Image sizes").
describe('image sizes beside the seed’s picture fields', () => {
  const THUMB = url('alice', 'posts', 'a-thumbnail.jpg');
  const sized = (id: string, fields: Data = {}): Data =>
    post('alice', id, {
      postImage: IMAGE,
      postThumbnail: THUMB,
      postImageWidth: 1080,
      postImageHeight: 810,
      ...fields,
    });

  test('a photo post with its thumbnail and size, and the grid entry with the same thumbnail', async () => {
    const vias = [
      'ownDownloadUrl(data.postThumbnail',
      'imageSide(data.postImageWidth)',
      'imageSide(data.postImageHeight)',
    ];
    for (const [index, via] of vias.entries()) {
      const id = `sized${index}`;
      await allow(
        'alice',
        [`${POSTS} create`, `${EXPLORE} create`],
        newPost('alice', id, sized(id), explore('alice', id, { postThumbnail: THUMB })),
        { via },
      );
    }
    // Posts made before the sizes existed have none of the three fields.
    for (const [index, via] of [
      "!('postThumbnail' in data)",
      "!('postImageWidth' in data)",
      "!('postImageHeight' in data)",
    ].entries()) {
      const id = `unsized${index}`;
      await allow('alice', `${POSTS} create`, newPost('alice', id, post('alice', id)), { via });
    }
  });

  test('the sizes are the author’s own uploads, whole pixel counts, and only on a photo post', async () => {
    const t = `${POSTS} create`;
    const cases: Array<[Data, string]> = [
      [
        sized('s', { postThumbnail: url('bob', 'posts', 't.jpg') }),
        'ownDownloadUrl(data.postThumbnail',
      ],
      [
        sized('s', { postThumbnail: url('alice', 'pfps', 't.jpg') }),
        'ownDownloadUrl(data.postThumbnail',
      ],
      [sized('s', { postThumbnail: 'javascript:alert(1)' }), 'ownDownloadUrl(data.postThumbnail'],
      [sized('s', { postThumbnail: null }), 'ownDownloadUrl(data.postThumbnail'],
      [post('alice', 's', { postThumbnail: THUMB }), 'ownDownloadUrl(data.postThumbnail'],
      [sized('s', { postImageWidth: 0 }), 'imageSide(data.postImageWidth)'],
      [sized('s', { postImageWidth: 4097 }), 'imageSide(data.postImageWidth)'],
      [sized('s', { postImageWidth: 10.5 }), 'imageSide(data.postImageWidth)'],
      [sized('s', { postImageWidth: '1080' }), 'imageSide(data.postImageWidth)'],
      [post('alice', 's', { postImageWidth: 1080 }), 'imageSide(data.postImageWidth)'],
      [sized('s', { postImageHeight: -1 }), 'imageSide(data.postImageHeight)'],
      [post('alice', 's', { postImageHeight: 810 }), 'imageSide(data.postImageHeight)'],
      [sized('s', { postSmall: THUMB }), 'data.keys().hasOnly'],
    ];
    for (const [data, breaks] of cases) {
      await deny('alice', t, newPost('alice', 's', data), { breaks });
    }
  });

  test('the grid entry’s thumbnail is the post’s own, or neither has one', async () => {
    const t = `${EXPLORE} create`;
    const breaks = "get('postThumbnail', null)";
    const other = url('alice', 'posts', 'other-thumbnail.jpg');
    await deny('alice', t, newPost('alice', 'g', sized('g'), explore('alice', 'g')), { breaks });
    await deny(
      'alice',
      t,
      newPost('alice', 'g', sized('g'), explore('alice', 'g', { postThumbnail: other })),
      { breaks },
    );
    await deny(
      'alice',
      t,
      newPost(
        'alice',
        'g',
        without(sized('g'), 'postThumbnail'),
        explore('alice', 'g', { postThumbnail: THUMB }),
      ),
      { breaks },
    );
    await deny(
      'alice',
      t,
      newPost('alice', 'g', sized('g'), explore('alice', 'g', { postThumbnail: THUMB, x: 1 })),
      { breaks: 'keys().hasOnly' },
    );
  });

  test('the small profile picture: own pfps upload, changed with the picture, or removed', async () => {
    const t = `${USERS} update`;
    await allow(
      'alice',
      t,
      update('usersData/alice', {
        'profilePictures.profilePicture': url('alice', 'pfps', 'me.jpg'),
        'profilePictures.profilePictureSmall': url('alice', 'pfps', 'me-small.jpg'),
      }),
      { via: 'listed == next' },
    );
    await allow(
      'alice',
      t,
      update('usersData/alice', {
        'profilePictures.profilePicture': null,
        'profilePictures.profilePictureSmall': null,
      }),
      { via: 'listed == next' },
    );
    const breaks = "profilePictures.get('profilePictureSmall'";
    for (const small of [
      url('bob', 'pfps', 'me-small.jpg'),
      url('alice', 'posts', 'me-small.jpg'),
      'https://tracker.test/p.gif',
      5,
    ]) {
      await deny(
        'alice',
        t,
        update('usersData/alice', { 'profilePictures.profilePictureSmall': small }),
        { breaks },
      );
    }
  });
});

// The author's description of a post photo (docs/DATA_MODEL.md, `postImageAlt`). The bound is the
// feed's own constant: the field's limit and the rules' agree at both ends of it.
describe('the photo’s description beside postImage', () => {
  const t = `${POSTS} create`;
  const ALT = 'A red kite above the dunes';
  const photo = (id: string, fields: Data = {}): Data =>
    post('alice', id, { postImage: IMAGE, postCaption: null, ...fields });
  const breaks = 'validPhotoAlt(data)';

  test('a photo post with its description, and the explore entry with the same', async () => {
    await allow(
      'alice',
      [t, `${EXPLORE} create`],
      newPost(
        'alice',
        'alt1',
        photo('alt1', { postImageAlt: ALT }),
        explore('alice', 'alt1', {
          postImageAlt: ALT,
        }),
      ),
    );
    await allow(
      'alice',
      t,
      newPost('alice', 'alt2', photo('alt2', { postImageAlt: x(PHOTO_ALT_MAX_LENGTH) })),
    );
    // No description: the field is absent, as on every post from before it.
    await allow('alice', t, newPost('alice', 'alt3', photo('alt3')));
  });

  test('the description is visible text within the bound, and only on a photo post', async () => {
    const cases: Data[] = [
      photo('a', { postImageAlt: x(PHOTO_ALT_MAX_LENGTH + 1) }),
      photo('a', { postImageAlt: '' }),
      photo('a', { postImageAlt: ' \n ' }),
      photo('a', { postImageAlt: INVISIBLE }),
      photo('a', { postImageAlt: null }),
      photo('a', { postImageAlt: 1500 }),
      photo('a', { postImageAlt: [ALT] }),
      post('alice', 'a', { postImageAlt: ALT }),
    ];
    for (const data of cases) await deny('alice', t, newPost('alice', 'a', data), { breaks });
  });

  test('the explore entry carries the post’s own description, or neither has one', async () => {
    const entry = `${EXPLORE} create`;
    const same = "get('postImageAlt', null)";
    const withAlt = photo('g', { postImageAlt: ALT });
    await deny('alice', entry, newPost('alice', 'g', withAlt, explore('alice', 'g')), {
      breaks: same,
    });
    await deny(
      'alice',
      entry,
      newPost('alice', 'g', photo('g'), explore('alice', 'g', { postImageAlt: ALT })),
      { breaks: same },
    );
    await deny(
      'alice',
      entry,
      newPost('alice', 'g', withAlt, explore('alice', 'g', { postImageAlt: 'A blue boat' })),
      { breaks: same },
    );
  });

  // Its author changes it only with an edit, which keeps the version it replaces (post-edits.cases.ts).
  test('nobody writes it outside an edit, its author included', async () => {
    const t2 = `${POSTS} update`;
    await deny('alice', t2, update('posts/alt1', { postImageAlt: 'A blue boat' }));
    await deny('alice', t2, update('posts/alt3', { postImageAlt: ALT }));
    await deny('alice', t2, update('posts/alt1', { postImageAlt: deleteField() }));
    await deny('bob', t2, update('posts/alt1', { likes: union('bob'), postImageAlt: 'Mine' }));
  });
});

// Several photos in one post (docs/DATA_MODEL.md "Several photos"): the seed's fields stay the
// first photo's, `photos` lists them all in parallel lists, checked as a whole by the post's rule
// and one element at a time by its explore entry's.
describe('a post of several photos', () => {
  const t = `${POSTS} create`;
  const entry = `${EXPLORE} create`;
  const image = (n: number, uid = 'alice') => url(uid, 'posts', `p${n}.jpg`);
  const thumb = (n: number, uid = 'alice') => url(uid, 'posts', `p${n}-thumbnail.jpg`);
  type Photos = Record<string, unknown[]>;
  /** A post of `count` photos as the composer writes it, `edit` applied to its lists. */
  const album = (id: string, count: number, edit: (photos: Photos) => unknown = (p) => p): Data => {
    const n = Array.from({ length: count }, (_, i) => i);
    const photos: Photos = {
      images: n.map((i) => image(i)),
      thumbnails: n.map((i) => thumb(i)),
      widths: n.map(() => 1080),
      heights: n.map(() => 810),
      alts: n.map((i) => (i === 0 ? null : `Photo ${i + 1}`)),
    };
    return post('alice', id, {
      postImage: image(0),
      postThumbnail: thumb(0),
      postImageWidth: 1080,
      postImageHeight: 810,
      postImageAlt: 'The first photo',
      photos: edit(photos) as Data,
    });
  };
  const albumEntry = (id: string, photoCount?: number): Data =>
    explore('alice', id, {
      postImage: image(0),
      postThumbnail: thumb(0),
      postImageAlt: 'The first photo',
      ...(photoCount === undefined ? {} : { photoCount }),
    });
  /** The album's batch: the post and its explore entry, counting `count` photos. */
  const postAlbum = (id: string, data: Data, count = 3) =>
    newPost('alice', id, data, albumEntry(id, count));
  /** One list of the photos with element `index` replaced. */
  const setAt = (list: string, index: number, value: unknown) => (photos: Photos) => ({
    ...photos,
    [list]: photos[list]!.map((old, i) => (i === index ? value : old)),
  });
  const breaks = 'validPhotoList(data, postId)';
  const elements = 'photoElements(postAfter().data.photos)';

  test('2 to 10 photos, with the grid entry counting them', async () => {
    for (const count of [2, 10]) {
      const id = `album${count}`;
      await allow('alice', [t, entry], postAlbum(id, album(id, count), count), {
        via: 'validPhotoList(data, postId)',
      });
    }
    await allow('alice', entry, postAlbum('album10b', album('album10b', 10), 10), {
      via: elements,
    });
    // A post of one photo keeps the seed's fields alone, as before.
    await allow(
      'alice',
      [t, entry],
      newPost(
        'alice',
        'single',
        post('alice', 'single', { postImage: IMAGE }),
        explore('alice', 'single'),
      ),
      {
        via: "!('photos' in data)",
      },
    );
    await allow(
      'alice',
      entry,
      newPost(
        'alice',
        'single2',
        post('alice', 'single2', { postImage: IMAGE }),
        explore('alice', 'single2'),
      ),
      {
        via: "!('photos' in postAfter().data)",
      },
    );
  });

  test('the longest descriptions, and ones only newer Unicode can show, on all ten', async () => {
    const emoji = '\u{1F99C}\u{1FAE7}';
    const longest = (photos: Photos) => ({
      ...photos,
      alts: photos.alts!.map((alt, i) =>
        i === 0 ? null : i % 2 ? emoji : x(PHOTO_ALT_MAX_LENGTH),
      ),
    });
    await allow('alice', [t, entry], postAlbum('albumAlt', album('albumAlt', 10, longest), 10), {
      via: elements,
    });
  });

  test('the lists are bounded and parallel, and their first photo is that of the seed’s fields', async () => {
    const forged: Data[] = [
      album('a', 11),
      album('a', 1),
      post('alice', 'a', { postImage: IMAGE, photos: [image(0), image(1)] }),
      album('a', 3, (p) => ({ ...p, extra: [] })),
      album('a', 3, (p) => without(p as Data, 'alts')),
      album('a', 3, (p) => ({ ...p, thumbnails: p.thumbnails!.slice(0, 2) })),
      album('a', 3, (p) => ({ ...p, alts: p.alts!.slice(0, 2) })),
      album('a', 3, (p) => ({ ...p, widths: p.widths!.slice(0, 2) })),
      album('a', 3, (p) => ({ ...p, heights: [...p.heights!, 810] })),
      album('a', 3, setAt('images', 0, image(5))),
      album('a', 3, setAt('thumbnails', 0, thumb(5))),
      album('a', 3, setAt('widths', 0, 640)),
      album('a', 3, setAt('heights', 0, 640)),
      album('a', 3, setAt('alts', 0, 'Its own description')),
      { ...album('a', 3), postImage: null },
    ];
    for (const data of forged) await deny('alice', t, postAlbum('a', data), { breaks });
    // Only with its explore entry, whose rule checks the photos one by one.
    await deny('alice', t, newPost('alice', 'a', album('a', 3)), { breaks });
  });

  test('every file is the author’s own upload in posts/, wherever it sits in the lists', async () => {
    const files: Array<[string, unknown]> = [
      ['images', image(1, 'bob')],
      ['thumbnails', thumb(1, 'bob')],
      ['images', url('alice', 'pfps', 'p.jpg')],
      ['images', 'https://tracker.test/p.gif'],
      ['images', `${image(1)} ${image(2)}`],
      ['images', `javascript:alert(1)//${image(1)}`],
      ['images', `${image(1)}#x`],
      ['images', ''],
      ['images', null],
      ['thumbnails', { url: thumb(1) }],
      ['widths', 0],
      ['widths', 4097],
      ['heights', 10.5],
      ['heights', null],
    ];
    for (const [list, value] of files) {
      await deny('alice', t, postAlbum('a', album('a', 3, setAt(list, 1, value))), { breaks });
    }
    // The last of ten places is checked as the second is.
    await deny(
      'alice',
      t,
      postAlbum('a', album('a', 10, setAt('images', 9, image(9, 'bob'))), 10),
      {
        breaks,
      },
    );
  });

  test('each side is a number and each description visible text within the bound', async () => {
    const elements10: Array<[string, number, unknown]> = [
      ['widths', 1, '1080'],
      ['heights', 9, '810'],
      ['alts', 1, ' '],
      ['alts', 5, INVISIBLE],
      ['alts', 9, x(PHOTO_ALT_MAX_LENGTH + 1)],
      ['alts', 2, ''],
      ['alts', 3, 5],
    ];
    for (const [list, index, value] of elements10) {
      await deny('alice', entry, postAlbum('a', album('a', 10, setAt(list, index, value)), 10), {
        breaks: elements,
      });
    }
  });

  test('the grid entry counts the photos of a post of several, and only of one', async () => {
    const counted = "get('photoCount', null)";
    await deny('alice', entry, newPost('alice', 'g', album('g', 3), albumEntry('g')), {
      breaks: counted,
    });
    await deny('alice', entry, postAlbum('g', album('g', 3), 2), { breaks: counted });
    await deny(
      'alice',
      entry,
      newPost(
        'alice',
        'g',
        post('alice', 'g', { postImage: IMAGE }),
        explore('alice', 'g', { photoCount: 1 }),
      ),
      { breaks: counted },
    );
  });

  test('nobody changes the photos after posting, the author included', async () => {
    await deny(
      'alice',
      `${POSTS} update`,
      update('posts/album2', { 'photos.alts': [null, 'New'] }),
    );
    await deny('alice', `${EXPLORE} update`, update('explorePosts/album2', { photoCount: 9 }));
  });
});

// Last: a block left in place would refuse the cases above.
blockCases(suite);

test('every allow statement, method, clause and branch has its allowed and denied cases', () => {
  // Activity's statements have their cases in product-activity.sdk.test.ts.
  expect(suite.gaps().filter((gap) => !isActivityStatement(gap))).toEqual([]);
});
