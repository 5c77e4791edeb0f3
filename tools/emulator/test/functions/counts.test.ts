import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  onCommentChange,
  onPostChange,
  syncMemberPostCount,
  syncPostCounts,
} from 'mfe-feed/functions/src/postCounts';
import { removeBookmarksOfPost } from 'mfe-feed/functions/src/savedPosts';
import { reconcileLike } from 'mfe-feed/functions/src/likes/reconcileLike';
import { forgetLikeCounts, removeLikesOfPost } from 'mfe-feed/functions/src/likes/postLikeEdges';
import { migrateLikes, migrateLikesPage } from 'mfe-feed/functions/src/likes/migrateLikes';
import {
  migrateLikeCounts,
  migrateLikeCountsPage,
} from 'mfe-feed/functions/src/likes/migrateLikeCounts';
import { unlikeOnBlock } from 'mfe-profile/functions/src/blocks/unlikeOnBlock';
import { listChanged, syncFollowCount } from 'mfe-profile/functions/src/followCounts';
import { reconcileFollow } from 'mfe-profile/functions/src/follows/reconcileFollow';
import {
  countedFollows,
  countFollowEdge,
  uncountGoneEdges,
} from 'mfe-profile/functions/src/follows/edgeCounts';
import {
  migrateFollowCounts,
  migrateFollowCountsPage,
} from 'mfe-profile/functions/src/follows/migrateFollowCounts';
import { unfollowOnBlock } from 'mfe-profile/functions/src/blocks/unfollowOnBlock';
import { adminStore } from 'mfe-activity/functions/src/adminStore';
import { settleLike } from 'mfe-activity/functions/src/notices';
import { fanOutToPosts } from 'mfe-profile/functions/src/follows/postFanout';
import {
  migrateFollows,
  migrateFollowsPage,
} from 'mfe-profile/functions/src/follows/migrateFollows';
import { mayChangeTags, settlePostTags } from 'mfe-explore/functions/src/postTags';
import { markMemberContent } from 'mfe-moderation/functions/src/suspension';
import {
  countedDocument,
  countedLikes,
  countLikeEdge,
  syncCounts,
  uncountMemberLikes,
} from 'shared-firebase/server';
import { adminFirestoreForSuite } from './backend';

// The counting logic of the feed's, the profile's and the explore team's functions (and the feed's
// clean-up of a deleted post's bookmarks, and the moderation team's marks on a suspended member's
// content), called as their triggers call it, with the Admin SDK,
// against this emulator or Google's (the same assertions on both). Plain
// calls rather than firebase-functions-test: what can go wrong is in the reads and conditional
// writes against a real Firestore (redelivery, two members at once, a write racing a count), not
// in the event wrapping, which the trigger suites beside this one cover. A redelivered event is a
// second call with the same change; concurrency is real (overlapping requests), and the one
// interleaving that breaks a naive recount is forced step by step.

jest.setTimeout(60_000);

const PROJECT = 'demo-counts';
const adminFirestore = adminFirestoreForSuite(PROJECT, 'counts-test');
let db: Firestore;
beforeAll(() => {
  db = adminFirestore();
});

const member = (posts: string[] = []) => ({ posts, userInfo: { userName: 'M' } });
const doc = (path: string) => db.doc(path);
const field = async (path: string, name: string) => (await doc(path).get()).get(name) as unknown;
/** The change a trigger receives for a write made just now (the same snapshots). */
async function written(path: string, write: () => Promise<unknown>) {
  const before = await doc(path).get();
  await write();
  return { before, after: await doc(path).get() };
}

describe('a post’s counts (feed)', () => {
  test('a like, delivered twice, counts once; the count’s own write stops there', async () => {
    await doc('usersData/ann').set(member(['p1']));
    const created = await written('posts/p1', () =>
      doc('posts/p1').set({ uid: 'ann', likes: [], postId: 'p1' }),
    );
    await onPostChange(db, { postId: 'p1', ...created });
    expect(await field('posts/p1', 'counts')).toEqual({ likes: 0, comments: 0 });

    const liked = await written('posts/p1', () =>
      doc('posts/p1').update({ likes: FieldValue.arrayUnion('bob') }),
    );
    await onPostChange(db, { postId: 'p1', ...liked });
    await onPostChange(db, { postId: 'p1', ...liked });
    expect(await field('posts/p1', 'counts.likes')).toBe(1);

    // The write of the count is itself a post write: its event finds nothing to do.
    const counted = await doc('posts/p1').get();
    await onPostChange(db, { postId: 'p1', before: liked.after, after: counted });
    expect((await doc('posts/p1').get()).updateTime?.isEqual(counted.updateTime!)).toBe(true);
  });

  test('two members liking at once, each event handled concurrently, count two', async () => {
    await doc('posts/p2').set({ uid: 'ann', likes: [], postId: 'p2' });
    const likes = await Promise.all(
      ['bob', 'cy'].map((uid) =>
        written('posts/p2', () => doc('posts/p2').update({ likes: FieldValue.arrayUnion(uid) })),
      ),
    );
    await Promise.all(likes.map((change) => onPostChange(db, { postId: 'p2', ...change })));
    expect(await field('posts/p2', 'counts.likes')).toBe(2);
  });

  test('comments: an index count of the documents; replies change nothing; redelivery is harmless', async () => {
    await doc('posts/p3').set({ uid: 'ann', likes: [], postId: 'p3' });
    const creations = await Promise.all(
      ['c1', 'c2', 'c3'].map((id) =>
        written(`comments/${id}`, () => doc(`comments/${id}`).set({ postId: 'p3', replies: [] })),
      ),
    );
    await Promise.all(creations.map((c) => onCommentChange(db, c.before, c.after)));
    await onCommentChange(db, creations[0]!.before, creations[0]!.after);
    expect(await field('posts/p3', 'counts.comments')).toBe(3);

    const replied = await written('comments/c1', () =>
      doc('comments/c1').update({ replies: FieldValue.arrayUnion({ reply: 'hi', userId: 'b' }) }),
    );
    const untouched = (await doc('posts/p3').get()).updateTime!;
    await onCommentChange(db, replied.before, replied.after);
    expect((await doc('posts/p3').get()).updateTime!.isEqual(untouched)).toBe(true);

    const deleted = await written('comments/c2', () => doc('comments/c2').delete());
    await onCommentChange(db, deleted.before, deleted.after);
    await onCommentChange(db, deleted.before, deleted.after);
    expect(await field('posts/p3', 'counts.comments')).toBe(2);
  });

  test('a member’s posts: the real posts, whatever usersData.posts lists; a delete leaves a tombstone', async () => {
    // Drift from before the rules held the list: one post missing from it.
    await doc('usersData/dee').set(member(['d1']));
    await doc('posts/d1').set({ uid: 'dee', likes: [], postId: 'd1' });
    const created = await written('posts/d2', () =>
      doc('posts/d2').set({ uid: 'dee', likes: [], postId: 'd2' }),
    );
    await onPostChange(db, { postId: 'd2', ...created });
    expect(await field('usersData/dee', 'counts')).toEqual({ posts: 2, postsListed: 1 });

    const deleted = await written('posts/d1', () => doc('posts/d1').delete());
    await onPostChange(db, { postId: 'd1', ...deleted });
    await onPostChange(db, { postId: 'd1', ...deleted });
    expect(await field('usersData/dee', 'counts.posts')).toBe(1);
    expect(await field('deletedPosts/d1', 'uid')).toBe('dee');
  });

  test('posts beyond the list’s bound are counted, and the list says it misses them', async () => {
    const bound = 3;
    await doc('usersData/flo').set(member(['f1', 'f2', 'f3']));
    for (const id of ['f1', 'f2', 'f3']) await doc(`posts/${id}`).set({ uid: 'flo', postId: id });
    expect(await syncMemberPostCount(db, 'flo', bound)).toBe('written');
    expect(await field('usersData/flo', 'postsComplete')).toBeUndefined();
    // The fourth post, made without being listed (the list is full).
    await doc('posts/f4').set({ uid: 'flo', postId: 'f4' });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      await syncMemberPostCount(db, 'flo', bound);
      expect(await field('usersData/flo', 'postsComplete')).toBe(false);
      expect(await field('usersData/flo', 'counts')).toEqual({ posts: 4, postsListed: 3 });
    }
  });

  test('a new member who never posts is counted at zero', async () => {
    await doc('usersData/new').set(member());
    expect(await syncMemberPostCount(db, 'new')).toBe('written');
    expect(await field('usersData/new', 'counts')).toEqual({ posts: 0, postsListed: 0 });
  });

  test('nothing is created for a member or a post that does not exist', async () => {
    await doc('posts/orphan').set({ uid: 'gone', likes: ['x'], postId: 'orphan' });
    expect(await syncMemberPostCount(db, 'gone')).toBe('missing');
    expect((await doc('usersData/gone').get()).exists).toBe(false);
    expect(await syncPostCounts(db, 'never', { comments: true })).toBe('missing');
    expect((await doc('posts/never').get()).exists).toBe(false);
  });
});

describe('a deleted post’s bookmarks (feed)', () => {
  test('every member’s bookmark of the post goes, no other; a redelivered event finds none', async () => {
    const savedAt = FieldValue.serverTimestamp();
    await Promise.all([
      ...['ann', 'bob', 'cy'].map((uid) =>
        doc(`bookmarks/${uid}/saved/gone`).set({ postId: 'gone', savedAt }),
      ),
      doc('bookmarks/ann/saved/kept').set({ postId: 'kept', savedAt }),
    ]);

    expect(await removeBookmarksOfPost(db, 'gone')).toBe(3);
    expect(await removeBookmarksOfPost(db, 'gone')).toBe(0);

    const left = await db.collectionGroup('saved').get();
    expect(left.docs.map((bookmark) => bookmark.ref.path)).toEqual(['bookmarks/ann/saved/kept']);
  });
});

describe('like edges: a post’s likes and its like count (feed)', () => {
  const like = (postId: string, uid: string, author = 'lka') =>
    doc(`likes/${postId}_${uid}`).set({
      postId,
      uid,
      author,
      createdAt: FieldValue.serverTimestamp(),
    });
  const unlike = (postId: string, uid: string) => doc(`likes/${postId}_${uid}`).delete();
  /** What the edge's trigger does with an event of `postId` and `uid`. */
  async function handle(postId: string, uid: string) {
    const state = await reconcileLike(db, postId, uid);
    await countLikeEdge(db, postId, uid, FieldValue.increment);
    await syncPostCounts(db, postId, { comments: false });
    return state;
  }
  const likesOf = async (postId: string) => (await field(`posts/${postId}`, 'likes')) as string[];
  const newPost = (postId: string, likes: string[] = [], author = 'lka') =>
    doc(`posts/${postId}`).set({ uid: author, likes, postId });

  test('a like lists the member and counts; the same event twice writes nothing more; an unlike takes it back', async () => {
    await newPost('lk1');
    await like('lk1', 'lkb');
    expect(await handle('lk1', 'lkb')).toEqual({ likes: true, listed: true });
    const written = (await doc('posts/lk1').get()).updateTime!;
    expect(await handle('lk1', 'lkb')).toEqual({ likes: true, listed: true });
    expect((await doc('posts/lk1').get()).updateTime!.isEqual(written)).toBe(true);
    expect(await likesOf('lk1')).toEqual(['lkb']);
    expect(await field('posts/lk1', 'counts.likes')).toBe(1);

    await unlike('lk1', 'lkb');
    for (let delivery = 0; delivery < 2; delivery += 1) {
      expect(await handle('lk1', 'lkb')).toEqual({ likes: false, listed: false });
    }
    expect(await likesOf('lk1')).toEqual([]);
    expect(await field('posts/lk1', 'counts.likes')).toBe(0);
  });

  test('three members liking at once, each event handled concurrently, are all listed and counted', async () => {
    await newPost('lk2');
    const likers = ['lkb', 'lkc', 'lkd'];
    await Promise.all(likers.map((uid) => like('lk2', uid)));
    await Promise.all(likers.map((uid) => handle('lk2', uid)));
    expect([...(await likesOf('lk2'))].sort()).toEqual(likers);
    expect(await field('posts/lk2', 'counts.likes')).toBe(3);
  });

  test('a like undone while it is handled ends unliked, whichever run finishes last', async () => {
    await newPost('lk3');
    await like('lk3', 'lkb');
    const likeRun = handle('lk3', 'lkb');
    await unlike('lk3', 'lkb');
    await Promise.all([likeRun, handle('lk3', 'lkb')]);
    expect(await likesOf('lk3')).toEqual([]);
    expect(await field('posts/lk3', 'counts.likes')).toBe(0);
  });

  test('beyond 2,000 the list stays and says so; the count goes on from the edges', async () => {
    const listed = Array.from({ length: 2000 }, (_, i) => `lkm${String(i).padStart(4, '0')}`);
    await newPost('lk4', listed);
    // 2,000 likes as their events left them: each edge marked counted, in one shard.
    for (let start = 0; start < listed.length; start += 250) {
      const batch = db.batch();
      for (const uid of listed.slice(start, start + 250)) {
        batch.set(doc(`likes/lk4_${uid}`), { postId: 'lk4', uid, author: 'lka' });
        batch.set(doc(`countedLikes/lk4_${uid}`), { postId: 'lk4', uid });
      }
      await batch.commit();
    }
    await doc('likeCountShards/lk4_0').set({ postId: 'lk4', n: 0, value: listed.length });
    await like('lk4', 'lkz');
    for (let delivery = 0; delivery < 2; delivery += 1) {
      expect(await handle('lk4', 'lkz')).toEqual({ likes: true, listed: false });
    }
    expect(await field('posts/lk4', 'likesComplete')).toBe(false);
    expect((await likesOf('lk4')).length).toBe(2000);
    expect(await field('posts/lk4', 'counts.likes')).toBe(2001);
    // The post's own trigger leaves a count beyond the list alone (no recount to the list).
    const counted = await doc('posts/lk4').get();
    await onPostChange(db, { postId: 'lk4', before: counted, after: counted });
    expect(await field('posts/lk4', 'counts.likes')).toBe(2001);

    // An unlike of a listed member: out of the list, which stays marked incomplete.
    await unlike('lk4', 'lkm0000');
    expect(await handle('lk4', 'lkm0000')).toEqual({ likes: false, listed: false });
    expect((await likesOf('lk4')).length).toBe(1999);
    expect(await field('posts/lk4', 'likesComplete')).toBe(false);
    expect(await field('posts/lk4', 'counts.likes')).toBe(2000);
  });

  test('a deleted post’s like edges go, no other; a redelivered event finds none', async () => {
    await Promise.all([like('lk5', 'lkb'), like('lk5', 'lkc'), like('lk6', 'lkb')]);
    expect(await removeLikesOfPost(db, 'lk5')).toBe(2);
    expect(await removeLikesOfPost(db, 'lk5')).toBe(0);
    expect((await doc('likes/lk6_lkb').get()).exists).toBe(true);
  });

  test('a deleted post’s like count goes: its marks and shards, whatever its edges’ events do', async () => {
    await newPost('lk9');
    await newPost('lk10');
    for (const [postId, uid] of [
      ['lk9', 'lkb'],
      ['lk9', 'lkc'],
      ['lk10', 'lkb'],
    ] as const) {
      await like(postId, uid);
      await handle(postId, uid);
    }
    expect(await countedLikes(db, 'lk9')).toBe(2);
    await doc('posts/lk9').delete();
    expect(await removeLikesOfPost(db, 'lk9')).toBe(2);
    // One edge's event runs beside the clean-up, the other's only after it.
    await Promise.all([forgetLikeCounts(db, 'lk9'), handle('lk9', 'lkb')]);
    await handle('lk9', 'lkc');
    await forgetLikeCounts(db, 'lk9');
    const left = await Promise.all([
      db.collection('countedLikes').where('postId', '==', 'lk9').get(),
      db.collection('likeCountShards').where('postId', '==', 'lk9').get(),
    ]);
    expect(left.map((found) => found.size)).toEqual([0, 0]);
    expect(await countedLikes(db, 'lk10')).toBe(1);
  });

  test('a block takes back the blocked member’s likes of the blocker’s posts, only while it stands', async () => {
    await Promise.all([like('lk7', 'lkr', 'lkq'), like('lk8', 'lkr', 'lkc')]);
    const block = doc('blocks/lkq_lkr');
    await block.set({ blocker: 'lkq', blocked: 'lkr', createdAt: FieldValue.serverTimestamp() });
    expect(await unlikeOnBlock(db, 'lkq', 'lkr')).toBe(1);
    expect(await unlikeOnBlock(db, 'lkq', 'lkr')).toBe(0);
    expect((await doc('likes/lk7_lkr').get()).exists).toBe(false);
    expect((await doc('likes/lk8_lkr').get()).exists).toBe(true);
    // Delivered late, after an unblock and a new like: the block no longer stands.
    await block.delete();
    await like('lk7', 'lkr', 'lkq');
    expect(await unlikeOnBlock(db, 'lkq', 'lkr')).toBe(0);
    expect((await doc('likes/lk7_lkr').get()).exists).toBe(true);
  });

  test('the migration makes the edges of a database in the old shape, resumably, once', async () => {
    // Twelve posts in the seed's shape, liked through their arrays (more than a page of ten).
    const posts = Array.from({ length: 12 }, (_, i) => `lm${String(i).padStart(2, '0')}`);
    for (const postId of posts) await newPost(postId, ['lmx', 'lmy'], 'lma');
    const migrated = async () =>
      (await db.collection('likes').where('author', '==', 'lma').get()).docs.map((edge) =>
        edge.data(),
      );
    // The first page, then a stop: the second run resumes from the saved cursor.
    expect(await migrateLikesPage(db)).toMatchObject({ done: false });
    expect((await migrateLikes(db)).done).toBe(true);
    const edges = await migrated();
    expect(edges).toHaveLength(24);
    expect(edges[0]).toMatchObject({ postId: 'lm00', uid: 'lmx', author: 'lma', migrated: true });
    // Already listed by the old product: the function writes nothing for these.
    const before = (await doc('posts/lm03').get()).updateTime!;
    expect(await reconcileLike(db, 'lm03', 'lmy')).toEqual({ likes: true, listed: true });
    expect((await doc('posts/lm03').get()).updateTime!.isEqual(before)).toBe(true);
    // Run again: nothing missing, nothing created.
    expect((await migrateLikes(db)).edgesCreated).toBe(0);
    expect(await migrated()).toHaveLength(24);
  });
});

describe('a member’s follow counts (profile)', () => {
  test('followers and following: the list lengths; twice is the same as once', async () => {
    await doc('usersData/eve').set(member());
    await doc('Followers/eve').set({ Followers: ['a', 'b'] });
    await doc('Following/eve').set({ Following: ['c'] });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      await syncFollowCount(db, 'eve', 'followers');
      await syncFollowCount(db, 'eve', 'following');
    }
    expect(await field('usersData/eve', 'counts')).toEqual({ followers: 2, following: 1 });
  });

  test('five members following at once, each event handled concurrently', async () => {
    await doc('usersData/fay').set(member());
    await doc('Followers/fay').set({ Followers: [] });
    const followers = ['f1', 'f2', 'f3', 'f4', 'f5'];
    await Promise.all(
      followers.map(async (uid) => {
        await doc('Followers/fay').update({ Followers: FieldValue.arrayUnion(uid) });
        await syncFollowCount(db, 'fay', 'followers');
      }),
    );
    expect(await field('usersData/fay', 'counts.followers')).toBe(5);
  });

  test('a write that leaves the list as it was needs no count', async () => {
    const list = await doc('Followers/fay').get();
    expect(listChanged('followers', list, list)).toBe(false);
    expect(listChanged('followers', undefined, list)).toBe(true);
  });
});

describe('follow edges: the lists and the target’s posts (profile)', () => {
  /** A member with the seed's three documents and `posts` posts (ids `<uid>-p<n>`). */
  async function memberWithPosts(uid: string, posts: number, followers: string[] = []) {
    await doc(`usersData/${uid}`).set(member());
    await doc(`Followers/${uid}`).set({ Followers: followers });
    await doc(`Following/${uid}`).set({ Following: [] });
    for (let start = 0; start < posts; start += 400) {
      const batch = db.batch();
      for (let i = start; i < Math.min(posts, start + 400); i += 1) {
        const id = `${uid}-p${String(i).padStart(4, '0')}`;
        batch.set(doc(`posts/${id}`), {
          uid,
          postId: id,
          followers: [uid, ...followers],
          likes: [],
        });
      }
      await batch.commit();
    }
  }
  const follow = (follower: string, target: string) =>
    doc(`follows/${follower}_${target}`).set({
      follower,
      target,
      createdAt: FieldValue.serverTimestamp(),
    });
  const unfollow = (follower: string, target: string) =>
    doc(`follows/${follower}_${target}`).delete();
  /** Every post of `target`'s `followers`, by post id. */
  async function audiences(target: string): Promise<string[][]> {
    const posts = await db.collection('posts').where('uid', '==', target).get();
    return posts.docs.map((post) => post.get('followers') as string[]);
  }

  test('a follow fills both lists and every post, page by page; the same event twice writes nothing more', async () => {
    await memberWithPosts('fxt', 450);
    await memberWithPosts('fxa', 0);
    await follow('fxa', 'fxt');
    expect(await reconcileFollow(db, 'fxa', 'fxt')).toEqual({ follows: true, inAudience: true });
    expect(await field('Followers/fxt', 'Followers')).toEqual(['fxa']);
    expect(await field('Following/fxa', 'Following')).toEqual(['fxt']);
    const posts = await audiences('fxt');
    expect(posts).toHaveLength(450);
    expect(posts.every((followers) => followers.join() === 'fxt,fxa')).toBe(true);
    // Redelivery: the progress says done, so not one post is read or written again.
    const before = (await doc('posts/fxt-p0000').get()).updateTime;
    expect(await reconcileFollow(db, 'fxa', 'fxt')).toEqual({ follows: true, inAudience: true });
    expect(await fanOutToPosts(db, 'fxa', 'fxt', true)).toEqual({ pages: 0, postsWritten: 0 });
    expect((await doc('posts/fxt-p0000').get()).updateTime?.isEqual(before!)).toBe(true);
    expect(await field('Followers/fxt', 'Followers')).toEqual(['fxa']);

    await unfollow('fxa', 'fxt');
    expect(await reconcileFollow(db, 'fxa', 'fxt')).toEqual({ follows: false, inAudience: false });
    expect(await field('Followers/fxt', 'Followers')).toEqual([]);
    expect(await field('Following/fxa', 'Following')).toEqual([]);
    expect((await audiences('fxt')).every((followers) => followers.join() === 'fxt')).toBe(true);
  });

  test('a block ends the follows both ways, once however often delivered; the lists follow', async () => {
    await memberWithPosts('fba', 3);
    await memberWithPosts('fbb', 3);
    await Promise.all([follow('fba', 'fbb'), follow('fbb', 'fba')]);
    await reconcileFollow(db, 'fba', 'fbb');
    await reconcileFollow(db, 'fbb', 'fba');
    const block = doc('blocks/fba_fbb');
    await block.set({ blocker: 'fba', blocked: 'fbb', createdAt: FieldValue.serverTimestamp() });
    expect(await unfollowOnBlock(db, 'fba', 'fbb')).toBe(2);
    expect(await unfollowOnBlock(db, 'fba', 'fbb')).toBe(0);
    expect((await doc('follows/fba_fbb').get()).exists).toBe(false);
    expect((await doc('follows/fbb_fba').get()).exists).toBe(false);
    // The two deletes' own events, as fanOutFollow runs them.
    expect(await reconcileFollow(db, 'fba', 'fbb')).toEqual({ follows: false, inAudience: false });
    expect(await reconcileFollow(db, 'fbb', 'fba')).toEqual({ follows: false, inAudience: false });
    for (const uid of ['fba', 'fbb']) {
      expect(await field(`Followers/${uid}`, 'Followers')).toEqual([]);
      expect(await field(`Following/${uid}`, 'Following')).toEqual([]);
      expect((await audiences(uid)).every((followers) => followers.join() === uid)).toBe(true);
    }
    // Delivered late, after an unblock and a new follow: the block no longer stands.
    await block.delete();
    await follow('fbb', 'fba');
    expect(await unfollowOnBlock(db, 'fba', 'fbb')).toBe(0);
    expect((await doc('follows/fbb_fba').get()).exists).toBe(true);
  });

  test('a like across a block tells nobody, either way; without one the author is told (activity)', async () => {
    await memberWithPosts('nba', 1);
    await memberWithPosts('nbb', 0);
    await doc('likes/nba-p0000_nbb').set({ postId: 'nba-p0000', uid: 'nbb', author: 'nba' });
    await doc('blocks/nba_nbb').set({ blocker: 'nba', blocked: 'nbb' });
    await settleLike(adminStore(db), 'nba-p0000', 'nbb', Date.now());
    expect((await doc('activity/nba/items/like_nba-p0000_nbb').get()).exists).toBe(false);
    await doc('blocks/nba_nbb').delete();
    await doc('blocks/nbb_nba').set({ blocker: 'nbb', blocked: 'nba' });
    await settleLike(adminStore(db), 'nba-p0000', 'nbb', Date.now());
    expect((await doc('activity/nba/items/like_nba-p0000_nbb').get()).exists).toBe(false);
    await doc('blocks/nbb_nba').delete();
    await settleLike(adminStore(db), 'nba-p0000', 'nbb', Date.now());
    expect((await doc('activity/nba/items/like_nba-p0000_nbb').get()).exists).toBe(true);
  });

  test('two members following the same member at once, each event handled concurrently', async () => {
    await memberWithPosts('fyt', 250);
    await Promise.all(['fy1', 'fy2'].map((uid) => memberWithPosts(uid, 0)));
    await Promise.all([follow('fy1', 'fyt'), follow('fy2', 'fyt')]);
    await Promise.all([reconcileFollow(db, 'fy1', 'fyt'), reconcileFollow(db, 'fy2', 'fyt')]);
    expect(((await field('Followers/fyt', 'Followers')) as string[]).sort()).toEqual([
      'fy1',
      'fy2',
    ]);
    const posts = await audiences('fyt');
    expect(posts.every((followers) => [...followers].sort().join() === 'fy1,fy2,fyt')).toBe(true);
  });

  test('a follow undone while its fan-out runs ends unfollowed, whichever run finishes last', async () => {
    await memberWithPosts('fzt', 450);
    await memberWithPosts('fza', 0);
    await follow('fza', 'fzt');
    const followRun = reconcileFollow(db, 'fza', 'fzt');
    await unfollow('fza', 'fzt');
    await Promise.all([followRun, reconcileFollow(db, 'fza', 'fzt')]);
    expect(await field('Followers/fzt', 'Followers')).toEqual([]);
    expect(await field('Following/fza', 'Following')).toEqual([]);
    expect((await audiences('fzt')).every((followers) => followers.join() === 'fzt')).toBe(true);
    // Google's emulator locks what a commit writes: two runs writing the same 200 posts at once
    // wait on each other there, once for over 60 s on a loaded machine (4 to 16 s otherwise).
  }, 180_000);

  test('a fan-out cut short resumes after the last page it committed', async () => {
    await memberWithPosts('fwt', 450);
    await memberWithPosts('fwa', 0);
    await follow('fwa', 'fwt');
    // A run that died after its first page: the lists and 200 posts written, the progress saved.
    await doc('Followers/fwt').set({ Followers: ['fwa'] });
    await doc('Following/fwa').set({ Following: ['fwt'] });
    const first = await db
      .collection('posts')
      .where('uid', '==', 'fwt')
      .orderBy('postId')
      .limit(200)
      .get();
    const batch = db.batch();
    for (const post of first.docs)
      batch.update(post.ref, { followers: FieldValue.arrayUnion('fwa') });
    batch.set(doc('followFanouts/fwa_fwt'), {
      follower: 'fwa',
      target: 'fwt',
      inAudience: true,
      cursor: first.docs.at(-1)!.id,
      done: false,
    });
    await batch.commit();
    const untouched = (await first.docs[0]!.ref.get()).updateTime!;
    expect(await fanOutToPosts(db, 'fwa', 'fwt', true)).toEqual({ pages: 2, postsWritten: 250 });
    expect((await first.docs[0]!.ref.get()).updateTime!.isEqual(untouched)).toBe(true);
    expect((await audiences('fwt')).every((followers) => followers.includes('fwa'))).toBe(true);
  });

  test('beyond 2000 followers the list stops growing, says it is incomplete, and no post grows', async () => {
    const crowd = Array.from({ length: 2000 }, (_, i) => `crowd${i}`);
    await memberWithPosts('fvt', 3);
    await doc('Followers/fvt').set({ Followers: crowd });
    for (let start = 0; start < crowd.length; start += 250) {
      const batch = db.batch();
      for (const uid of crowd.slice(start, start + 250)) {
        batch.set(doc(`follows/${uid}_fvt`), {
          follower: uid,
          target: 'fvt',
          createdAt: new Date(),
        });
        // As the function leaves a counted edge: its mark, and one in the target's shards.
        batch.set(doc(`countedFollows/${uid}_fvt`), { follower: uid, target: 'fvt' });
      }
      await batch.commit();
    }
    await doc('followCountShards/fvt_followers_0').set({ value: crowd.length });
    await memberWithPosts('fva', 0);
    await follow('fva', 'fvt');
    for (let delivery = 0; delivery < 2; delivery += 1) {
      expect(await reconcileFollow(db, 'fva', 'fvt')).toEqual({ follows: true, inAudience: false });
    }
    expect(await field('Followers/fvt', 'complete')).toBe(false);
    expect(((await field('Followers/fvt', 'Followers')) as string[]).length).toBe(2000);
    expect(await field('Following/fva', 'Following')).toEqual(['fvt']);
    expect((await audiences('fvt')).every((followers) => !followers.includes('fva'))).toBe(true);
    // Never in the audience, so no post of the target was read: no page, no cursor.
    expect((await doc('followFanouts/fva_fvt').get()).data()).toMatchObject({
      inAudience: false,
      cursor: null,
      done: true,
    });
    expect(await fanOutToPosts(db, 'fva', 'fvt', false)).toEqual({ pages: 0, postsWritten: 0 });
    // The count goes on past the list: the edges counted from their events, this one once.
    expect(await countFollowEdge(db, 'fva', 'fvt')).toBe('added');
    expect(await countFollowEdge(db, 'fva', 'fvt')).toBe('unchanged');
    await syncFollowCount(db, 'fvt', 'followers');
    expect(await field('usersData/fvt', 'counts.followers')).toBe(2001);
  });

  test('the migration makes the edges of a database in the old shape, resumably, once', async () => {
    // Twelve targets in the seed's shape (two pages of ten lists), each followed through arrays.
    const targets = Array.from({ length: 12 }, (_, i) => `fm${String(i).padStart(2, '0')}`);
    for (const target of targets) await memberWithPosts(target, 2, ['fmx', 'fmy']);
    const migrated = async () =>
      (await db.collection('follows').where('target', 'in', targets.slice(0, 10)).get()).size +
      (await db.collection('follows').where('target', 'in', targets.slice(10)).get()).size;
    // The first page, then a stop: the second run resumes from the saved cursor.
    expect(await migrateFollowsPage(db)).toMatchObject({ done: false });
    const final = await migrateFollows(db);
    expect(final.done).toBe(true);
    expect(await migrated()).toBe(24);
    const edge = (await doc('follows/fmx_fm03').get()).data();
    expect(edge).toMatchObject({ follower: 'fmx', target: 'fm03' });
    // Already fanned out by the old product: the function has nothing to read for these.
    expect(await fanOutToPosts(db, 'fmx', 'fm03', true)).toEqual({ pages: 0, postsWritten: 0 });
    // Run again: nothing missing, nothing created.
    expect((await migrateFollows(db)).edgesCreated).toBe(0);
    expect(await migrated()).toBe(24);
  });
});

describe('like counts kept from the edges’ events (feed)', () => {
  const like = (postId: string, uid: string) =>
    doc(`likes/${postId}_${uid}`).set({ postId, uid, author: 'lca', createdAt: new Date() });
  const count = (postId: string, uid: string, pickShard?: () => number) =>
    countLikeEdge(db, postId, uid, FieldValue.increment, pickShard);
  /** A post whose `likes` is at its bound (`likesComplete: false`), listing `listed` uids. */
  const postBeyondBound = (postId: string, listed: string[] = []) =>
    doc(`posts/${postId}`).set({ uid: 'lca', postId, likes: listed, likesComplete: false });

  test('a like counts once however often delivered; its undo once; a like again again', async () => {
    await postBeyondBound('lc1');
    await like('lc1', 'lcb');
    expect(await count('lc1', 'lcb')).toBe('added');
    expect(await count('lc1', 'lcb')).toBe('unchanged');
    expect(await countedLikes(db, 'lc1')).toBe(1);

    await doc('likes/lc1_lcb').delete();
    expect(await count('lc1', 'lcb')).toBe('removed');
    expect(await count('lc1', 'lcb')).toBe('unchanged');
    expect(await countedLikes(db, 'lc1')).toBe(0);

    // Liked again, its create's event late after the delete's: counted once more.
    await like('lc1', 'lcb');
    expect(await count('lc1', 'lcb')).toBe('added');
    await syncPostCounts(db, 'lc1', { comments: false });
    expect(await field('posts/lc1', 'counts.likes')).toBe(1);
  });

  test('five members liking one post at once, each event delivered twice at once', async () => {
    await postBeyondBound('lc2');
    const likers = ['lc1', 'lc2', 'lc3', 'lc4', 'lc5'];
    await Promise.all(likers.map((uid) => like('lc2', uid)));
    // All on one shard, the worst case: the increments are written, never read.
    const outcomes = await Promise.all(
      [...likers, ...likers].map((uid) => count('lc2', uid, () => 7)),
    );
    expect(outcomes.filter((outcome) => outcome === 'added')).toHaveLength(5);
    expect(await countedLikes(db, 'lc2')).toBe(5);
    expect(await field('likeCountShards/lc2_7', 'value')).toBe(5);
    await syncPostCounts(db, 'lc2', { comments: false });
    expect(await field('posts/lc2', 'counts.likes')).toBe(5);
  });

  test('a leaving member’s counted likes go from every post’s count, one liked meanwhile too', async () => {
    await postBeyondBound('lc3');
    await postBeyondBound('lc4');
    // Counted; then the deletion's likes step deletes the edges before their events run; and the
    // member likes another post after that step.
    for (const postId of ['lc3', 'lc4']) {
      await like(postId, 'lcm');
      await like(postId, 'lco');
      expect(await count(postId, 'lcm')).toBe('added');
      expect(await count(postId, 'lco')).toBe('added');
    }
    await doc('likes/lc3_lcm').delete();
    await doc('likes/lc4_lcm').delete();
    await postBeyondBound('lc5');
    await like('lc5', 'lcm');
    expect(await count('lc5', 'lcm')).toBe('added');

    expect(await uncountMemberLikes(db, 'lcm', 200, FieldValue.increment)).toBe(3);
    expect(await uncountMemberLikes(db, 'lcm', 200, FieldValue.increment)).toBe(0);
    expect((await doc('likes/lc5_lcm').get()).exists).toBe(false);
    const counts = await Promise.all(
      ['lc3', 'lc4', 'lc5'].map((postId) => countedLikes(db, postId)),
    );
    expect(counts).toEqual([1, 1, 0]);
    // A late event of any of them finds nothing to count.
    expect(await count('lc3', 'lcm')).toBe('unchanged');
  });

  test('the migration counts the likes from before the shards once, then recounts', async () => {
    // A post beyond the bound listing one liker, with three edges nobody counted yet.
    await postBeyondBound('lcp', ['lm1']);
    for (const uid of ['lm1', 'lm2', 'lm3']) await like('lcp', uid);
    // One of them counted by its event while the migration runs: not counted twice.
    expect(await count('lcp', 'lm2')).toBe('added');
    expect(await migrateLikeCountsPage(db)).not.toBeNull();
    const final = await migrateLikeCounts(db);
    expect(final.done).toBe(true);
    expect(await countedLikes(db, 'lcp')).toBe(3);
    // The recount: the post's count now comes from the shards, not the one listed.
    expect(final.postsRecounted).toBeGreaterThan(0);
    expect(await field('posts/lcp', 'counts.likes')).toBe(3);
    // Run again: every edge is marked, nothing counted.
    expect((await migrateLikeCounts(db)).edgesCounted).toBe(0);
    expect(await countedLikes(db, 'lcp')).toBe(3);
  });
});

describe('follow counts kept from the edges’ events (profile)', () => {
  const edge = (follower: string, target: string) =>
    doc(`follows/${follower}_${target}`).set({ follower, target, createdAt: new Date() });
  /** A member whose lists are at their bound (`complete: false`), listing `listed` uids. */
  async function memberBeyondBound(uid: string, listed: string[] = []) {
    await doc(`usersData/${uid}`).set(member());
    await doc(`Followers/${uid}`).set({ Followers: listed, complete: false });
    await doc(`Following/${uid}`).set({ Following: listed, complete: false });
  }

  test('a follow counts once however often delivered; its undo once; a follow again again', async () => {
    await memberBeyondBound('cga');
    await memberBeyondBound('cgb');
    await edge('cga', 'cgb');
    expect(await countFollowEdge(db, 'cga', 'cgb')).toBe('added');
    expect(await countFollowEdge(db, 'cga', 'cgb')).toBe('unchanged');
    expect(await countedFollows(db, 'cgb', 'followers')).toBe(1);
    expect(await countedFollows(db, 'cga', 'following')).toBe(1);
    expect(await countedFollows(db, 'cga', 'followers')).toBe(0);

    await doc('follows/cga_cgb').delete();
    expect(await countFollowEdge(db, 'cga', 'cgb')).toBe('removed');
    expect(await countFollowEdge(db, 'cga', 'cgb')).toBe('unchanged');
    expect(await countedFollows(db, 'cgb', 'followers')).toBe(0);
    expect(await countedFollows(db, 'cga', 'following')).toBe(0);

    // Followed again, its create's event late after the delete's: counted once more.
    await edge('cga', 'cgb');
    expect(await countFollowEdge(db, 'cga', 'cgb')).toBe('added');
    await syncFollowCount(db, 'cgb', 'followers');
    await syncFollowCount(db, 'cga', 'following');
    expect(await field('usersData/cgb', 'counts.followers')).toBe(1);
    expect(await field('usersData/cga', 'counts.following')).toBe(1);
  });

  test('five members following one member at once, each event delivered twice at once', async () => {
    await memberBeyondBound('cgt');
    const followers = ['cg1', 'cg2', 'cg3', 'cg4', 'cg5'];
    await Promise.all(followers.map((uid) => edge(uid, 'cgt')));
    // All on one shard, the worst case: the increments are written, never read.
    const outcomes = await Promise.all(
      [...followers, ...followers].map((uid) => countFollowEdge(db, uid, 'cgt', () => 3)),
    );
    expect(outcomes.filter((outcome) => outcome === 'added')).toHaveLength(5);
    expect(await countedFollows(db, 'cgt', 'followers')).toBe(5);
    expect(await field('followCountShards/cgt_followers_3', 'value')).toBe(5);
    await Promise.all(followers.map(() => syncFollowCount(db, 'cgt', 'followers')));
    expect(await field('usersData/cgt', 'counts.followers')).toBe(5);
  });

  test('a leaving member’s counted edges go from every count, one followed meanwhile too', async () => {
    await memberBeyondBound('cdm');
    await memberBeyondBound('cdo');
    // Counted both ways; then the deletion's follow steps delete the edges, before their events
    // run; and a member follows the leaving one after those steps.
    for (const [follower, target] of [
      ['cdm', 'cdo'],
      ['cdo', 'cdm'],
    ] as const) {
      await edge(follower, target);
      expect(await countFollowEdge(db, follower, target)).toBe('added');
      await doc(`follows/${follower}_${target}`).delete();
    }
    await edge('cdl', 'cdm');
    expect(await countFollowEdge(db, 'cdl', 'cdm')).toBe('added');

    expect(await uncountGoneEdges(db, 'cdm', 200)).toBe(3);
    expect(await uncountGoneEdges(db, 'cdm', 200)).toBe(0);
    expect((await doc('follows/cdl_cdm').get()).exists).toBe(false);
    for (const [uid, count] of [
      ['cdm', 'followers'],
      ['cdm', 'following'],
      ['cdo', 'followers'],
      ['cdo', 'following'],
      ['cdl', 'following'],
    ] as const) {
      expect([uid, count, await countedFollows(db, uid, count)]).toEqual([uid, count, 0]);
    }
    // A late event of any of them finds nothing to count.
    expect(await countFollowEdge(db, 'cdo', 'cdm')).toBe('unchanged');
  });

  test('the migration counts the edges from before the shards once, then recounts', async () => {
    // A member beyond the bound listing one follower, with three edges nobody counted yet.
    await memberBeyondBound('cmt', ['cm1']);
    for (const uid of ['cm1', 'cm2', 'cm3']) await edge(uid, 'cmt');
    // One of them counted by its event while the migration runs: not counted twice.
    expect(await countFollowEdge(db, 'cm2', 'cmt')).toBe('added');
    expect(await migrateFollowCountsPage(db)).not.toBeNull();
    const final = await migrateFollowCounts(db);
    expect(final.done).toBe(true);
    expect(await countedFollows(db, 'cmt', 'followers')).toBe(3);
    expect(await countedFollows(db, 'cm3', 'following')).toBe(1);
    // The recount: the member's count now comes from the shards, not the one listed.
    expect(final.membersRecounted).toBeGreaterThan(0);
    expect(await field('usersData/cmt', 'counts.followers')).toBe(3);
    // Run again: every edge is marked, nothing counted.
    expect((await migrateFollowCounts(db)).edgesCounted).toBe(0);
    expect(await countedFollows(db, 'cmt', 'followers')).toBe(3);
  });
});

describe('a post’s tags and the day’s tag counts (explore)', () => {
  const day = (id: string) => doc(`tagDays/${id}`);
  const countsOn = async (id: string) => ((await day(id).get()).get('counts') as unknown) ?? [];
  const createdOn = (iso: string) => Timestamp.fromDate(new Date(iso));

  test('a new post gets the tags its caption links, counted once on its day, however often run', async () => {
    await doc('posts/t1').set({
      uid: 'ann',
      postId: 't1',
      likes: [],
      postCaption: 'Sunny #Weekend in #東京, #weekend again https://a.example/#not',
      createdAt: createdOn('2026-03-01T23:59:00Z'),
    });
    expect(await settlePostTags(db, 't1')).toBe(true);
    // A redelivery, and the event of the function's own write, find nothing to do.
    expect(await settlePostTags(db, 't1')).toBe(false);
    expect(await field('posts/t1', 'tags')).toEqual(['weekend', '東京']);
    expect(await countsOn('2026-03-01')).toEqual([
      { tag: 'weekend', count: 1 },
      { tag: '東京', count: 1 },
    ]);
  });

  test('two posts of one day counted at once both count; an edit moves only what changed', async () => {
    await Promise.all(
      ['t2', 't3'].map((id) =>
        doc(`posts/${id}`).set({
          uid: 'bob',
          postId: id,
          likes: [],
          postCaption: '#weekend #home',
          createdAt: createdOn('2026-03-01T10:00:00Z'),
        }),
      ),
    );
    await Promise.all(['t2', 't3'].map((id) => settlePostTags(db, id)));
    expect(await countsOn('2026-03-01')).toEqual([
      { tag: 'weekend', count: 3 },
      { tag: 'home', count: 2 },
      { tag: '東京', count: 1 },
    ]);

    await doc('posts/t2').update({ postCaption: 'Edited: #Home #citylife' });
    await settlePostTags(db, 't2');
    await settlePostTags(db, 't2');
    expect(await field('posts/t2', 'tags')).toEqual(['home', 'citylife']);
    expect(await countsOn('2026-03-01')).toEqual([
      { tag: 'home', count: 2 },
      { tag: 'weekend', count: 2 },
      { tag: 'citylife', count: 1 },
      { tag: '東京', count: 1 },
    ]);

    // An edit that removes every tag removes the field and the post's counts.
    await doc('posts/t3').update({ postCaption: 'No tags now' });
    await settlePostTags(db, 't3');
    expect((await doc('posts/t3').get()).get('tags')).toBeUndefined();
    expect((await doc('postTags/t3').get()).exists).toBe(false);
  });

  test('a deleted post’s tags stop counting, once; a day left without tags goes', async () => {
    await doc('posts/t4').set({
      uid: 'cy',
      postId: 't4',
      likes: [],
      postCaption: '#solo',
      createdAt: createdOn('2026-03-02T08:00:00Z'),
    });
    await settlePostTags(db, 't4');
    expect(await countsOn('2026-03-02')).toEqual([{ tag: 'solo', count: 1 }]);
    await doc('posts/t4').delete();
    expect(await settlePostTags(db, 't4')).toBe(true);
    expect(await settlePostTags(db, 't4')).toBe(false);
    expect((await day('2026-03-02').get()).exists).toBe(false);
    expect((await doc('postTags/t4').get()).exists).toBe(false);
  });

  test('a suspended member’s posts stop counting, and count again when the suspension is lifted', async () => {
    const post = {
      uid: 'vic',
      postId: 't6',
      likes: [],
      postCaption: '#rally',
      createdAt: createdOn('2026-03-03T08:00:00Z'),
    };
    await doc('posts/t6').set(post);
    await settlePostTags(db, 't6');
    expect(await countsOn('2026-03-03')).toEqual([{ tag: 'rally', count: 1 }]);

    await markMemberContent(db, 'vic', true);
    const suspended = (await doc('posts/t6').get()).data();
    // The mark's write is one the trigger acts on (a like is not).
    expect(mayChangeTags(post, suspended)).toBe(true);
    expect(mayChangeTags(post, { ...post, likes: ['ann'] })).toBe(false);
    expect(await settlePostTags(db, 't6')).toBe(true);
    expect(await settlePostTags(db, 't6')).toBe(false);
    expect((await day('2026-03-03').get()).exists).toBe(false);
    // The post keeps its tags for the tag page, whose readers hide it by the mark.
    expect(await field('posts/t6', 'tags')).toEqual(['rally']);

    await markMemberContent(db, 'vic', false);
    expect(mayChangeTags(suspended, (await doc('posts/t6').get()).data())).toBe(true);
    expect(await settlePostTags(db, 't6')).toBe(true);
    expect(await countsOn('2026-03-03')).toEqual([{ tag: 'rally', count: 1 }]);
  });

  test('a post without tags, or one never created, writes nothing', async () => {
    await doc('posts/t5').set({ uid: 'dee', postId: 't5', likes: [], postCaption: 'plain #123' });
    expect(await settlePostTags(db, 't5')).toBe(false);
    expect(await settlePostTags(db, 'never-written')).toBe(false);
    expect((await doc('posts/never-written').get()).exists).toBe(false);
  });
});

describe('a suspended member’s content (moderation)', () => {
  const marked = async (paths: string[]) =>
    Promise.all(paths.map(async (path) => (await doc(path).get()).get('authorSuspended') ?? null));
  const repliers = async (path: string) => (await field(path, 'suspendedRepliers')) ?? [];
  // Sue's: her profile, 5 posts (more than one page of 2), 2 explore entries, 3 comments, replies
  // in 2 of Tom's threads (one of them deleted since the reply index named it), 2 activity items.
  const sue = [
    'usersData/sue',
    ...['s1', 's2', 's3', 's4', 's5'].map((id) => `posts/${id}`),
    'explorePosts/s1',
    'explorePosts/s2',
    ...['sc1', 'sc2', 'sc3'].map((id) => `comments/${id}`),
    'activity/tom/items/like_s1',
    'activity/uma/items/follow_sue',
  ];
  const toms = ['usersData/tom', 'posts/t1', 'explorePosts/t1', 'comments/tc1'];

  beforeAll(async () => {
    const createdAt = FieldValue.serverTimestamp();
    const writes = [
      doc('usersData/sue').set(member(['s1'])),
      doc('usersData/tom').set(member(['t1'])),
      ...['s1', 's2', 's3', 's4', 's5', 't1'].map((id) =>
        doc(`posts/${id}`).set({ uid: id[0] === 's' ? 'sue' : 'tom', postId: id, likes: [] }),
      ),
      ...['s1', 's2', 't1'].map((id) =>
        doc(`explorePosts/${id}`).set({ uid: id[0] === 's' ? 'sue' : 'tom', postId: id }),
      ),
      ...['sc1', 'sc2', 'sc3'].map((id) =>
        doc(`comments/${id}`).set({ userId: 'sue', postId: 't1', comment: 'c', replies: [] }),
      ),
      doc('comments/tc1').set({
        userId: 'tom',
        postId: 't1',
        comment: 'c',
        replies: [
          { reply: 'r', userId: 'sue' },
          { reply: 'r', userId: 'tom' },
        ],
      }),
      doc('repliesByMember/sue/comments/tc1').set({ commentId: 'tc1' }),
      doc('repliesByMember/sue/comments/gone').set({ commentId: 'gone' }),
      doc('activity/tom/items/like_s1').set({ actor: 'sue', type: 'like', createdAt }),
      doc('activity/uma/items/follow_sue').set({ actor: 'sue', type: 'follow', createdAt }),
      doc('activity/sue/items/like_t1').set({ actor: 'tom', type: 'like', createdAt }),
    ];
    await Promise.all(writes);
  });

  test('suspending marks all of her content, page by page, and no one else’s; twice writes nothing more', async () => {
    const first = await markMemberContent(db, 'sue', true, 2);
    expect(first.written).toBe(sue.length + 1);
    expect(first.pages).toBeGreaterThan(6);
    expect(await marked(sue)).toEqual(sue.map(() => true));
    expect(await repliers('comments/tc1')).toEqual(['sue']);
    expect(await marked([...toms, 'activity/sue/items/like_t1'])).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect((await doc('comments/gone').get()).exists).toBe(false);

    // The event delivered again, or a second case's suspension: everything is already there.
    expect(await markMemberContent(db, 'sue', true, 2)).toEqual({ pages: 0, written: 0 });
  });

  test('lifting the suspension takes every mark off; a new post of hers was never marked', async () => {
    await doc('posts/s6').set({ uid: 'sue', postId: 's6', likes: [] });
    const lifted = await markMemberContent(db, 'sue', false, 2);
    expect(lifted.written).toBe(sue.length + 1);
    expect(await marked([...sue, 'posts/s6'])).toEqual([...sue, 'posts/s6'].map(() => null));
    expect(await repliers('comments/tc1')).toEqual([]);
    expect(await markMemberContent(db, 'sue', false, 2)).toEqual({ pages: 0, written: 0 });
  });

  test('a run cut short resumes after its last page; two deliveries of the lift at once both end unmarked', async () => {
    // A suspension that died after its profile page and one page of posts.
    await doc('suspensions/sue').set({
      uid: 'sue',
      suspended: true,
      step: 'posts',
      cursor: 'posts/s2',
    });
    await doc('usersData/sue').update({ authorSuspended: true });
    await Promise.all(
      ['s1', 's2'].map((id) => doc(`posts/${id}`).update({ authorSuspended: true })),
    );
    const resumed = await markMemberContent(db, 'sue', true, 2);
    // s3 to s6, 2 explore entries, 3 comments, 1 thread, 2 items: nothing written twice.
    expect(resumed.written).toBe(12);
    expect(await marked(['posts/s6', 'explorePosts/s2'])).toEqual([true, true]);

    // Two deliveries of the lift at once: each page is written once, and both end.
    await Promise.all([
      markMemberContent(db, 'sue', false, 2),
      markMemberContent(db, 'sue', false, 2),
    ]);
    expect(await marked(sue)).toEqual(sue.map(() => null));
    expect(await field('suspensions/sue', 'step')).toBe('done');
  });
});

describe('syncCounts against a count racing the source', () => {
  /**
   * The count of `Followers/{uid}` into `usersData/{uid}`, pausing once after its first count so
   * the test can change the list and run another count in between.
   */
  function pausedCount(uid: string) {
    let resume!: () => void;
    let paused!: () => void;
    const pause = new Promise<void>((resolve) => (paused = resolve));
    const go = new Promise<void>((resolve) => (resume = resolve));
    let counts = 0;
    const counted = countedDocument(
      doc(`usersData/${uid}`),
      async (): Promise<Record<string, number>> => {
        const value = ((await doc(`Followers/${uid}`).get()).get('Followers') as string[]).length;
        counts += 1;
        if (counts === 1) {
          paused();
          await go;
        }
        return { 'counts.followers': value };
      },
    );
    return { run: syncCounts(counted), paused: pause, resume };
  }

  test('an older count that finds the document written meanwhile counts again', async () => {
    await doc('usersData/gil').set(member());
    await doc('Followers/gil').set({ Followers: ['a'] });
    const older = pausedCount('gil');
    await older.paused;
    await doc('Followers/gil').update({ Followers: FieldValue.arrayUnion('b') });
    await syncFollowCount(db, 'gil', 'followers');
    older.resume();
    await older.run;
    expect(await field('usersData/gil', 'counts.followers')).toBe(2);
  });

  test('an older count written after a newer one found nothing to change is corrected by itself', async () => {
    // A follow then an unfollow: the newer count finds 1 already there and writes nothing; the
    // older one, counted between them, writes 2, then counts again and puts 1 back.
    await doc('usersData/hal').set({ ...member(), counts: { followers: 1 } });
    await doc('Followers/hal').set({ Followers: ['a', 'b'] });
    const older = pausedCount('hal');
    await older.paused;
    await doc('Followers/hal').update({ Followers: FieldValue.arrayRemove('b') });
    expect(await syncFollowCount(db, 'hal', 'followers')).toBe('unchanged');
    older.resume();
    await older.run;
    expect(await field('usersData/hal', 'counts.followers')).toBe(1);
  });
});
