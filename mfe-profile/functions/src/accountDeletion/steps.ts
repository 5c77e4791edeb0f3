// The steps of deleting an account on the server (docs/DATA_MODEL.md "Deleting an account"). Each
// step reads only what it removes, through an index: the member's own documents, or a query on a
// field that names them (`userId`, `uid`, `likes`, `followers`, `actor`, the reply index). Each
// page is one batch of at most MAX_BATCH_WRITES writes. Queries whose documents are only deleted or
// updated read no fields (`select()`): a post at its bounds is about 130 KB, and a page of 500 of
// them would be 65 MB in a function's 256 MB.
import { FieldPath, FieldValue } from 'firebase-admin/firestore';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import {
  ACTIVITY_ITEMS,
  ACTIVITY_NOTICES,
  COLLECTIONS,
  POST_EDITS,
  SAVED_POSTS,
  TIMELINE_ENTRIES,
  SERVER_COLLECTIONS,
  uncountMemberLikes,
} from 'shared-firebase/server';
import type { AccountDeletionStepId } from 'shared-firebase/server';
import { countShards, uncountGoneEdges } from '../follows/edgeCounts';
import type { StepPage, StepPageRunner } from './context';
import { repliedCommentsOf, repliesBy } from './replyIndex';

/** Firestore's limit of writes in one batch. */
const MAX_BATCH_WRITES = 500;
/** Uids handled per page of the follow steps: each takes up to two writes (its two documents). */
const UIDS_PER_PAGE = 200;
/** Comments whose replies one page of the replies step removes (two writes each). */
const REPLIED_COMMENTS_PER_PAGE = 200;
/** Posts per page of the posts step; each post's comments are deleted before it. */
const POSTS_PER_PAGE = 100;
/** Files deleted per page of the files step (one request each, 10 at a time). */
const FILES_PER_PAGE = 100;
const PARALLEL_FILE_DELETES = 10;

const done = (removed: number): StepPage => ({ removed, finished: true });
const more = (removed: number): StepPage => ({ removed, finished: false });

const userData = (db: Firestore, uid: string) => db.collection(COLLECTIONS.usersData).doc(uid);
const following = (db: Firestore, uid: string) => db.collection(COLLECTIONS.following).doc(uid);
const followers = (db: Firestore, uid: string) => db.collection(COLLECTIONS.followers).doc(uid);
const followEdges = (db: Firestore) => db.collection(COLLECTIONS.follows);

/** The uid list `field` of a document (empty when it or the field is missing). */
async function uidList(ref: DocumentReference, field: string): Promise<string[]> {
  const value: unknown = (await ref.get()).get(field);
  return Array.isArray(value) ? value.filter((uid): uid is string => typeof uid === 'string') : [];
}

/** Deletes up to `limit` documents `query` matches; finished when it matched fewer. */
async function deletePage(
  db: Firestore,
  query: FirebaseFirestore.Query,
  limit = MAX_BATCH_WRITES,
): Promise<StepPage> {
  const page = await query.select().limit(limit).get();
  if (page.empty) return done(0);
  const batch = db.batch();
  for (const document of page.docs) batch.delete(document.ref);
  await batch.commit();
  return page.size < limit ? done(page.size) : more(page.size);
}

/** Removes `uid` from array `field` of up to a batch of documents `query` (array-contains) finds. */
async function removeFromArrays(
  db: Firestore,
  query: FirebaseFirestore.Query,
  field: string,
  uid: string,
): Promise<StepPage> {
  const page = await query.limit(MAX_BATCH_WRITES).get();
  if (page.empty) return done(0);
  const batch = db.batch();
  for (const document of page.docs)
    batch.update(document.ref, { [field]: FieldValue.arrayRemove(uid) });
  await batch.commit();
  return page.size < MAX_BATCH_WRITES ? done(page.size) : more(page.size);
}

/**
 * One side of the member's follow graph: for a page of the uids in the member's own list (`own`,
 * field `ownField`), removes the member from each one's opposite list (`theirs`, `theirField`) and
 * from the copy in their `usersData.connections`, then removes that page from the member's list, so
 * the list shrinks to empty as pages go. A document that no longer exists is skipped (read first:
 * a batch update of a missing document would fail the batch).
 */
async function unlinkPage(
  db: Firestore,
  uid: string,
  own: DocumentReference,
  ownField: string,
  theirs: (other: string) => DocumentReference,
  theirField: string,
  connectionsField: string,
): Promise<StepPage> {
  const others = [...new Set(await uidList(own, ownField))].slice(0, UIDS_PER_PAGE);
  if (others.length === 0) return done(0);
  const refs = others.flatMap((other) => [theirs(other), userData(db, other)]);
  const existing = await db.getAll(...refs);
  const batch = db.batch();
  existing.forEach((snapshot, index) => {
    if (!snapshot.exists) return;
    const field = index % 2 === 0 ? theirField : `connections.${connectionsField}`;
    batch.update(snapshot.ref, { [field]: FieldValue.arrayRemove(uid) });
  });
  batch.update(own, { [ownField]: FieldValue.arrayRemove(...others) });
  await batch.commit();
  return more(others.length);
}

/** Clears the profile picture and cover first, so nobody sees them break as their files go. */
const clearPictures: StepPageRunner = async ({ db }, uid) => {
  const profile = await userData(db, uid).get();
  const pictures: unknown = profile.get('profilePictures');
  if (!profile.exists || !pictures || typeof pictures !== 'object') return done(0);
  const shown = Object.values(pictures).some((url) => url !== null);
  if (!shown) return done(0);
  await userData(db, uid).update({
    'profilePictures.profilePicture': null,
    'profilePictures.profileCover': null,
    'profilePictures.profilePictureSmall': FieldValue.delete(),
  });
  return done(1);
};

/**
 * Unfollows everyone the member follows (their edges, their `Followers` and
 * `connections.Followers`), then
 * leaves the audience (`followers`) of every post the member is in, found by the feed's own
 * `followers` array-contains index.
 */
const unfollowEveryone: StepPageRunner = async ({ db }, uid) => {
  // The member's follow edges first: each delete makes the profile's follow function take the
  // member out of the lists and posts too (it skips what is gone), and no edge outlives them.
  const edges = await deletePage(db, followEdges(db).where('follower', '==', uid));
  if (edges.removed > 0) return more(edges.removed);
  const page = await unlinkPage(
    db,
    uid,
    following(db, uid),
    'Following',
    (other) => followers(db, other),
    'Followers',
    'Followers',
  );
  if (page.removed > 0) return page;
  const audiences = db.collection(COLLECTIONS.posts).where('followers', 'array-contains', uid);
  return removeFromArrays(db, audiences, 'followers', uid);
};

/**
 * Drops every follower: their edges to the member, then the member leaves each follower's
 * `Following` (and connections).
 */
const dropFollowers: StepPageRunner = async ({ db }, uid) => {
  const edges = await deletePage(db, followEdges(db).where('target', '==', uid));
  if (edges.removed > 0) return more(edges.removed);
  return unlinkPage(
    db,
    uid,
    followers(db, uid),
    'Followers',
    (other) => following(db, other),
    'Following',
    'Following',
  );
};

/**
 * Takes the member's likes back: their like edges first (the feed's function takes each out of its
 * post's `likes` and like count, skipping posts that are gone), then out of the counts those
 * events have not reached yet, then whatever `likes` still lists them (a like from before the
 * edges, or one the function has not handled yet).
 */
const removeLikes: StepPageRunner = async ({ db }, uid) => {
  const edges = await deletePage(db, db.collection(COLLECTIONS.likes).where('uid', '==', uid));
  if (edges.removed > 0) return more(edges.removed);
  const uncounted = await uncountMemberLikes(db, uid, UIDS_PER_PAGE, FieldValue.increment);
  if (uncounted > 0) return more(uncounted);
  return removeFromArrays(
    db,
    db.collection(COLLECTIONS.posts).where('likes', 'array-contains', uid),
    'likes',
    uid,
  );
};

/** Deletes the member's comments on every post (their own posts' too). */
const deleteComments: StepPageRunner = ({ db }, uid) =>
  deletePage(db, db.collection(COLLECTIONS.comments).where('userId', '==', uid));

/**
 * Removes the member's replies from the comments the reply index names, and the index entries
 * with them (an entry whose comment is gone, or holds no reply of theirs, just goes).
 */
const removeReplies: StepPageRunner = async ({ db }, uid) => {
  const entries = await repliedCommentsOf(db, uid).limit(REPLIED_COMMENTS_PER_PAGE).get();
  if (entries.empty) return done(0);
  const comments = await db.getAll(
    ...entries.docs.map((entry) => db.collection(COLLECTIONS.comments).doc(entry.id)),
  );
  const batch = db.batch();
  let removed = 0;
  for (const comment of comments) {
    const replies = repliesBy(uid, comment.data());
    if (replies.length > 0) {
      batch.update(comment.ref, { replies: FieldValue.arrayRemove(...replies) });
      removed += replies.length;
    }
  }
  for (const entry of entries.docs) batch.delete(entry.ref);
  await batch.commit();
  return entries.size < REPLIED_COMMENTS_PER_PAGE ? done(removed) : more(removed);
};

/**
 * Deletes the member's posts: each post's comments and earlier versions first (found by `postId`
 * and under the post), then the post and its explore entry, with the tombstone that keeps its id
 * from being used again (docs/DATA_MODEL.md "Counts"). Its photos go in the files step.
 */
const deletePosts: StepPageRunner = async ({ db }, uid) => {
  const posts = await db
    .collection(COLLECTIONS.posts)
    .where('uid', '==', uid)
    .select()
    .limit(POSTS_PER_PAGE)
    .get();
  if (posts.empty) return done(0);
  for (const post of posts.docs) {
    const comments = db.collection(COLLECTIONS.comments).where('postId', '==', post.id);
    while (!(await deletePage(db, comments)).finished);
    const edits = post.ref.collection(POST_EDITS).orderBy(FieldPath.documentId());
    while (!(await deletePage(db, edits)).finished);
  }
  const batch = db.batch();
  for (const post of posts.docs) {
    batch.delete(post.ref);
    batch.delete(db.collection(COLLECTIONS.explorePosts).doc(post.id));
    batch.set(db.collection(COLLECTIONS.deletedPosts).doc(post.id), {
      uid,
      deletedAt: FieldValue.serverTimestamp(),
    });
  }
  await batch.commit();
  return posts.size < POSTS_PER_PAGE ? done(posts.size) : more(posts.size);
};

/**
 * The member's activity: the items they made in others' inboxes (collection group `items` where
 * `actor ==`, the single-field index firestore.indexes.json declares), then their own inbox and
 * the activity functions' notice records of it.
 */
const deleteActivity: StepPageRunner = async ({ db }, uid) => {
  const made = await deletePage(db, db.collectionGroup(ACTIVITY_ITEMS).where('actor', '==', uid));
  if (made.removed > 0) return more(made.removed);
  const activity = db.collection(COLLECTIONS.activity).doc(uid);
  const inbox = await deletePage(
    db,
    activity.collection(ACTIVITY_ITEMS).orderBy(FieldPath.documentId()),
  );
  if (!inbox.finished) return inbox;
  const notices = activity.collection(ACTIVITY_NOTICES).orderBy(FieldPath.documentId());
  const left = await deletePage(db, notices);
  return { removed: inbox.removed + left.removed, finished: left.finished };
};

/**
 * The member's bookmarks (`bookmarks/{uid}/saved`). Others' bookmarks of the member's posts went
 * with those posts (the feed's function removes a deleted post's bookmarks).
 */
const deleteSavedPosts: StepPageRunner = ({ db }, uid) =>
  deletePage(
    db,
    db
      .collection(COLLECTIONS.bookmarks)
      .doc(uid)
      .collection(SAVED_POSTS)
      .orderBy(FieldPath.documentId()),
  );

/**
 * The member's home timeline (`timelines/{uid}`, its entries, and the feed function's record of
 * whether the member is a pulled author). Others' entries of the member's posts went with those
 * posts, and the member's place in others' `pulled` lists with their follows (the feed's
 * functions).
 */
const deleteTimeline: StepPageRunner = async ({ db }, uid) => {
  const timeline = db.collection(COLLECTIONS.timelines).doc(uid);
  const entries = await deletePage(
    db,
    timeline.collection(TIMELINE_ENTRIES).orderBy(FieldPath.documentId()),
  );
  if (!entries.finished) return entries;
  const batch = db.batch();
  batch.delete(timeline);
  batch.delete(db.collection(SERVER_COLLECTIONS.timelineAuthors).doc(uid));
  await batch.commit();
  return entries;
};

/**
 * The block and mute edges the member made and those that name them, both directions: none may
 * outlive the member (a new account given the same uid would start hidden or hiding). Deleting a
 * block triggers nothing (only its creation unfollows), and no follow is restored.
 */
const deleteBlocksAndMutes: StepPageRunner = async ({ db }, uid) => {
  const blocks = db.collection(COLLECTIONS.blocks);
  const mutes = db.collection(COLLECTIONS.mutes);
  for (const edges of [
    blocks.where('blocker', '==', uid),
    blocks.where('blocked', '==', uid),
    mutes.where('muter', '==', uid),
    mutes.where('muted', '==', uid),
  ]) {
    const page = await deletePage(db, edges);
    if (page.removed > 0) return more(page.removed);
  }
  return done(0);
};

/** Every Storage object under `{uid}/`, whatever folder, size or name an upload was given. */
const deleteFiles: StepPageRunner = async ({ bucket }, uid) => {
  const [files] = await bucket.getFiles({
    prefix: `${uid}/`,
    maxResults: FILES_PER_PAGE,
    autoPaginate: false,
  });
  for (let start = 0; start < files.length; start += PARALLEL_FILE_DELETES) {
    await Promise.all(
      files
        .slice(start, start + PARALLEL_FILE_DELETES)
        .map((file) => file.delete({ ignoreNotFound: true })),
    );
  }
  return files.length < FILES_PER_PAGE ? done(files.length) : more(files.length);
};

/**
 * The member's own documents, once nothing refers to them any more: first their edges still
 * counted (the follow steps deleted the edges; their events may not have run yet) are taken out
 * of everyone's counts, then the member's count shards go with the rest.
 */
const deleteDocuments: StepPageRunner = async ({ db }, uid) => {
  const uncounted = await uncountGoneEdges(db, uid, UIDS_PER_PAGE);
  if (uncounted > 0) return more(uncounted);
  const batch = db.batch();
  for (const shard of [
    ...countShards(db, uid, 'followers'),
    ...countShards(db, uid, 'following'),
  ]) {
    batch.delete(shard);
  }
  batch.delete(userData(db, uid));
  batch.delete(following(db, uid));
  batch.delete(followers(db, uid));
  batch.delete(db.collection(COLLECTIONS.activity).doc(uid));
  await batch.commit();
  return done(3);
};

/** The Auth account, last: until then the member can sign in and see the job's progress. */
const deleteSignIn: StepPageRunner = async ({ auth }, uid) => {
  try {
    await auth.deleteUser(uid);
    return done(1);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return done(0);
    throw error;
  }
};

/** Each step's page runner, by the step ids of ACCOUNT_DELETION_STEPS (shared-firebase). */
export const STEP_RUNNERS: Record<AccountDeletionStepId, StepPageRunner> = {
  pictures: clearPictures,
  following: unfollowEveryone,
  followers: dropFollowers,
  likes: removeLikes,
  comments: deleteComments,
  replies: removeReplies,
  posts: deletePosts,
  activity: deleteActivity,
  saved: deleteSavedPosts,
  timeline: deleteTimeline,
  safety: deleteBlocksAndMutes,
  files: deleteFiles,
  documents: deleteDocuments,
  account: deleteSignIn,
};
