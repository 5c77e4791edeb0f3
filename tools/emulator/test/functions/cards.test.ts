import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { cardChanged, memberCardFields, postCardFields } from 'shared-firebase/server';
import { syncPostCard } from 'mfe-feed/functions/src/cards/postCard';
import { migratePostCards } from 'mfe-feed/functions/src/cards/migratePostCards';
import { syncMemberCard } from 'mfe-profile/functions/src/cards/memberCard';
import { migrateMemberCards } from 'mfe-profile/functions/src/cards/migrateMemberCards';
import { adminFirestoreForSuite } from './backend';

// The cards' functions (docs/DATA_MODEL.md "Post cards", "Member cards", "Migrating cards"),
// called as their triggers call them, with the Admin SDK, against this emulator or Google's. A
// redelivered event is a second call; a late event is a call after the source moved on.

jest.setTimeout(60_000);

const PROJECT = 'demo-cards';
const adminFirestore = adminFirestoreForSuite(PROJECT, 'cards-test');
let db: Firestore;
beforeAll(() => {
  db = adminFirestore();
});

const at = Timestamp.fromMillis(Date.UTC(2026, 0, 1));
const uids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const post = (postId: string) => ({
  postId,
  uid: 'author',
  postImage: null,
  postCaption: 'hello #cards',
  createdAt: at,
  followers: ['author', ...uids('f', 50)],
  likes: uids('l', 20),
  counts: { likes: 20, comments: 2 },
  tags: ['cards'],
});
const member = (userName: string) => ({
  posts: uids('p', 30),
  connections: { Followers: uids('f', 5), Following: [] },
  profilePictures: { profilePicture: null, profileCover: null },
  userInfo: { userName, From: '', Lives: '', userAbout: '', userAge: '', userGender: '', dob: '' },
  searchName: userName.toLowerCase(),
  counts: { posts: 30, postsListed: 30, followers: 5, following: 0 },
});
const card = async (path: string) => (await db.doc(path).get()).data();

test('a post’s card is the post without followers and likes, follows its edits and goes with it', async () => {
  const { followers: _f, likes: _l, ...slim } = post('pc-1');
  await db.doc('posts/pc-1').set(post('pc-1'));
  expect(await syncPostCard(db, 'pc-1')).toBe('written');
  expect(await card('postCards/pc-1')).toEqual(slim);

  // A like changes only `likes`: the trigger returns before reading (and a run finds nothing to
  // write). The same event again writes nothing either.
  const liked = { ...post('pc-1'), likes: uids('l', 21) };
  expect(cardChanged(post('pc-1'), liked, postCardFields)).toBe(false);
  expect(cardChanged(post('pc-1'), { ...liked, postCaption: 'new' }, postCardFields)).toBe(true);
  expect(cardChanged(undefined, liked, postCardFields)).toBe(true);
  expect(cardChanged(liked, undefined, postCardFields)).toBe(true);
  await db.doc('posts/pc-1').update({ likes: uids('l', 21) });
  expect(await syncPostCard(db, 'pc-1')).toBe('unchanged');
  expect(await syncPostCard(db, 'pc-1')).toBe('unchanged');

  await db.doc('posts/pc-1').update({
    postCaption: 'edited',
    editCount: 1,
    editedAt: at,
    'counts.likes': 21,
    likesComplete: false,
  });
  expect(await syncPostCard(db, 'pc-1')).toBe('written');
  expect(await card('postCards/pc-1')).toEqual({
    ...slim,
    postCaption: 'edited',
    editCount: 1,
    editedAt: at,
    counts: { likes: 21, comments: 2 },
    likesComplete: false,
  });

  await db.doc('posts/pc-1').delete();
  expect(await syncPostCard(db, 'pc-1')).toBe('deleted');
  expect(await card('postCards/pc-1')).toBeUndefined();
  // The create's event delivered after the delete brings nothing back.
  expect(await syncPostCard(db, 'pc-1')).toBe('unchanged');
  expect(await card('postCards/pc-1')).toBeUndefined();
});

test('a suspension’s mark is carried onto the post’s and the member’s card, and its lifting too', async () => {
  await db.doc('posts/pc-2').set(post('pc-2'));
  await db.doc('usersData/mc-2').set(member('Sue'));
  await syncPostCard(db, 'pc-2');
  await syncMemberCard(db, 'mc-2');

  await db.doc('posts/pc-2').update({ authorSuspended: true });
  await db.doc('usersData/mc-2').update({ authorSuspended: true });
  expect(await syncPostCard(db, 'pc-2')).toBe('written');
  expect(await syncMemberCard(db, 'mc-2')).toBe('written');
  expect(await card('postCards/pc-2')).toMatchObject({ authorSuspended: true });
  expect(await card('memberCards/mc-2')).toMatchObject({ authorSuspended: true });

  await db.doc('posts/pc-2').update({ authorSuspended: FieldValue.delete() });
  await db.doc('usersData/mc-2').update({ authorSuspended: FieldValue.delete() });
  await syncPostCard(db, 'pc-2');
  await syncMemberCard(db, 'mc-2');
  expect(await card('postCards/pc-2')).not.toHaveProperty('authorSuspended');
  expect(await card('memberCards/mc-2')).not.toHaveProperty('authorSuspended');
});

test('a member’s card is usersData without its lists, with the length of posts', async () => {
  const { posts: _p, connections: _c, ...slim } = member('Ann');
  await db.doc('usersData/mc-1').set(member('Ann'));
  expect(await syncMemberCard(db, 'mc-1')).toBe('written');
  expect(await card('memberCards/mc-1')).toEqual({ ...slim, postsListLength: 30 });

  // A post listed changes the card's length of the list; a follower listed changes nothing.
  const listed = { ...member('Ann'), posts: uids('p', 31) };
  expect(cardChanged(member('Ann'), listed, memberCardFields)).toBe(true);
  const followed = { ...member('Ann'), connections: { Followers: uids('f', 6), Following: [] } };
  expect(cardChanged(member('Ann'), followed, memberCardFields)).toBe(false);
  await db.doc('usersData/mc-1').update({ posts: uids('p', 31), 'userInfo.userName': 'Annie' });
  expect(await syncMemberCard(db, 'mc-1')).toBe('written');
  expect(await card('memberCards/mc-1')).toMatchObject({
    postsListLength: 31,
    userInfo: { userName: 'Annie' },
  });
  // Redelivered: nothing more.
  expect(await syncMemberCard(db, 'mc-1')).toBe('unchanged');

  await db.doc('usersData/mc-1').delete();
  expect(await syncMemberCard(db, 'mc-1')).toBe('deleted');
  expect(await card('memberCards/mc-1')).toBeUndefined();
});

test('runs at once, and an older event’s run late, end with the card of the post as stored', async () => {
  await db.doc('posts/pc-3').set(post('pc-3'));
  const edits = ['one', 'two', 'three', 'four'];
  // Each edit's event runs while the next edit lands: the runs overlap with the writes.
  await Promise.all(
    edits.map(async (caption) => {
      await db.doc('posts/pc-3').update({ postCaption: caption });
      await syncPostCard(db, 'pc-3');
    }),
  );
  const stored = (await db.doc('posts/pc-3').get()).get('postCaption');
  expect((await card('postCards/pc-3'))?.['postCaption']).toBe(stored);

  // A stale card (an older event's copy written last) is brought back by any later run.
  await db.doc('postCards/pc-3').set({ ...(await card('postCards/pc-3')), postCaption: 'stale' });
  expect(await syncPostCard(db, 'pc-3')).toBe('written');
  expect((await card('postCards/pc-3'))?.['postCaption']).toBe(stored);
});

test('the migration fills every card of a database in the old shape, in pages, and resumes', async () => {
  // Its own collections' worth: the earlier tests' documents are there too, and get their cards.
  const postIds = uids('mig-post-', 7);
  const memberIds = uids('mig-member-', 5);
  for (const postId of postIds) await db.doc(`posts/${postId}`).set(post(postId));
  for (const uid of memberIds) await db.doc(`usersData/${uid}`).set(member(uid));

  // Stopped after its first page: the progress says where it was.
  let pages = 0;
  await expect(
    migratePostCards(
      db,
      () => {
        pages += 1;
        if (pages === 1) throw new Error('stopped');
      },
      3,
    ),
  ).rejects.toThrow('stopped');
  const stopped = (await db.doc('migrations/postCards').get()).data();
  expect(stopped).toMatchObject({ cursor: 'mig-post-2', done: false, read: 3 });
  // A card of the first page lost meanwhile shows whether the next run resumed or started over.
  await db.doc('postCards/mig-post-0').delete();

  const posts = await migratePostCards(db, undefined, 3);
  const members = await migrateMemberCards(db, undefined, 2);
  expect(posts.done).toBe(true);
  expect(members.done).toBe(true);
  const postCount = (await db.collection('posts').count().get()).data().count;
  const memberCount = (await db.collection('usersData').count().get()).data().count;
  expect(posts.read).toBe(postCount);
  expect(members.read).toBe(memberCount);
  for (const postId of postIds.slice(1)) {
    expect(await card(`postCards/${postId}`)).not.toHaveProperty('followers');
    expect(await card(`postCards/${postId}`)).toMatchObject({ postId, tags: ['cards'] });
  }
  for (const uid of memberIds) {
    expect(await card(`memberCards/${uid}`)).toMatchObject({ postsListLength: 30 });
  }

  expect(await card('postCards/mig-post-0')).toBeUndefined();

  // Run again after it finished: it starts over and writes only the card that is missing.
  const again = await migratePostCards(db, undefined, 3);
  expect(again).toMatchObject({ done: true, read: postCount, written: 1 });
  expect(await card('postCards/mig-post-0')).toMatchObject({ postId: 'mig-post-0' });
});
