import {
  arrayRemove,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  startAfter,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import type { Query, QueryDocumentSnapshot, QuerySnapshot } from 'firebase/firestore';
import {
  accountDeletionRef,
  addPostTombstone,
  commentsCollection,
  explorePostRef,
  followersRef,
  followingRef,
  getDb,
  loadStorage,
  MAX_BATCH_WRITES,
  postsCollection,
  STORAGE_FOLDERS,
  userDataRef,
} from 'shared-firebase';
import type { Comment, Reply } from 'shared-firebase';
import { setFollowing } from '../followRuns';
import { deleteActivityOf } from './activity';
import { deleteAllMatching, drainQuery } from './pages';

/*
 * The steps of deleting an account (docs/DATA_MODEL.md "Deleting an account"). Each one is
 * idempotent: it reads what is left and removes it, so running every step again finishes a
 * deletion that stopped anywhere. The order keeps what other members see consistent: follows and
 * content go first, the member's own documents (which the rules delete only once nothing refers to
 * them) last.
 */

/** How many comments the replies step reads per page while it looks for the member's replies. */
const COMMENT_SCAN_PAGE = 300;
/** Posts per page of the posts step; each post is deleted with its own batches. */
const POST_PAGE = 20;
/**
 * Other members' comments on one of the member's posts deleted per batch: the rules read the post
 * once for each such delete and allow 20 document reads per batch (docs/DATA_MODEL.md "Delete a
 * post").
 */
const POST_COMMENTS_PER_BATCH = 10;

/** Marks the deletion as started (the rules gate the later steps on it). */
export async function markDeletionStarted(uid: string): Promise<void> {
  if ((await getDoc(accountDeletionRef(uid))).exists()) return;
  const batch = writeBatch(getDb());
  batch.set(accountDeletionRef(uid), { startedAt: serverTimestamp() });
  await batch.commit();
}

/** Clears the profile picture and cover first, so nobody sees them break as their files go. */
export async function clearPictures(uid: string): Promise<void> {
  const profile = (await getDoc(userDataRef(uid))).data();
  const pictures = profile?.profilePictures;
  if (!pictures || (pictures.profilePicture === null && pictures.profileCover === null)) return;
  await updateDoc(userDataRef(uid).withConverter(null), {
    'profilePictures.profilePicture': null,
    'profilePictures.profileCover': null,
  });
}

/** Unfollows everyone the member follows, as the Follow button does (their posts included). */
export async function unfollowEveryone(uid: string): Promise<void> {
  const following = (await getDoc(followingRef(uid))).data()?.Following ?? [];
  for (const target of following) await setFollowing(uid, target, false);
}

/** Deletes the member's comments on every post (their own posts' too). */
export async function deleteOwnComments(uid: string): Promise<void> {
  await deleteAllMatching(
    query(commentsCollection(), where('userId', '==', uid)),
    MAX_BATCH_WRITES,
  );
}

/** Firestore compares array elements by value: equal replies are one removal. */
function replyKey(reply: Reply): string {
  return JSON.stringify(reply);
}

/** The member's distinct replies in one comment. */
function repliesBy(uid: string, comment: Comment): Reply[] {
  const distinct = new Map<string, Reply>();
  for (const reply of comment.replies ?? []) {
    if (reply.userId === uid) distinct.set(replyKey(reply), reply);
  }
  return [...distinct.values()];
}

/**
 * Removes the member's replies from other members' comments. Replies live inside their comment
 * and no query finds a map in a list by one of its fields, so this reads every comment, page by
 * page (docs/DATA_MODEL.md says what that costs). Each removal is its own write: the rules accept
 * one reply (all its copies) per update.
 */
export async function removeOwnReplies(uid: string): Promise<void> {
  let after: QueryDocumentSnapshot<Comment, Comment> | null = null;
  for (;;) {
    const pageQuery: Query<Comment, Comment> = query(
      commentsCollection(),
      orderBy(documentId()),
      ...(after ? [startAfter(after)] : []),
      limit(COMMENT_SCAN_PAGE),
    );
    const page: QuerySnapshot<Comment, Comment> = await getDocs(pageQuery);
    for (const comment of page.docs) {
      for (const reply of repliesBy(uid, comment.data())) {
        await updateDoc(comment.ref, { replies: arrayRemove(reply) });
      }
    }
    if (page.size < COMMENT_SCAN_PAGE) return;
    after = page.docs[page.docs.length - 1]!;
  }
}

/** Takes the member's likes back from every post. */
export async function removeOwnLikes(uid: string): Promise<void> {
  await drainQuery(
    query(postsCollection(), where('likes', 'array-contains', uid)),
    MAX_BATCH_WRITES,
    (batch, post) => batch.update(post.ref, { likes: arrayRemove(uid) }),
  );
}

/**
 * Deletes the member's posts with the writes of a post's own delete (docs/DATA_MODEL.md "Delete a
 * post"): the comments left on it (the member's own went in the comments step), then the post, its
 * explore entry and its id in `usersData.posts` in one batch. Its photos go in the files step. Then
 * any id left in `usersData.posts` without a post, so that the list is empty (the rules' condition
 * for deleting usersData).
 */
export async function deleteOwnPosts(uid: string): Promise<void> {
  for (;;) {
    const page = await getDocs(query(postsCollection(), where('uid', '==', uid), limit(POST_PAGE)));
    if (page.empty) break;
    for (const post of page.docs) {
      await deleteAllMatching(
        query(commentsCollection(), where('postId', '==', post.id)),
        POST_COMMENTS_PER_BATCH,
      );
      const batch = writeBatch(getDb());
      batch.delete(post.ref);
      batch.delete(explorePostRef(post.id));
      addPostTombstone(batch, post.id, uid);
      batch.update(userDataRef(uid), { posts: arrayRemove(post.id) });
      await batch.commit();
    }
  }
  const listed = (await getDoc(userDataRef(uid))).data()?.posts ?? [];
  for (const postId of new Set(listed)) {
    await updateDoc(userDataRef(uid), { posts: arrayRemove(postId) });
  }
}

/** Drops every follower: the member leaves their Following in the write that drops them. */
export async function dropFollowers(uid: string): Promise<void> {
  const followers = (await getDoc(followersRef(uid))).data()?.Followers ?? [];
  for (const follower of new Set(followers)) {
    const batch = writeBatch(getDb());
    batch.update(followersRef(uid), { Followers: arrayRemove(follower) });
    batch.update(followingRef(follower), { Following: arrayRemove(uid) });
    await batch.commit();
  }
}

/** Deletes every file in the member's folders, whatever size or name an upload was given. */
export async function deleteOwnFiles(uid: string): Promise<void> {
  const { sdk, storage } = await loadStorage();
  const pending = Object.values(STORAGE_FOLDERS).map((folder) =>
    sdk.ref(storage, `${uid}/${folder}`),
  );
  while (pending.length > 0) {
    const listed = await sdk.listAll(pending.pop()!);
    pending.push(...listed.prefixes);
    for (const item of listed.items) {
      await sdk.deleteObject(item).catch((error: { code?: string }) => {
        if (error.code !== 'storage/object-not-found') throw error;
      });
    }
  }
}

/** The member's activity items, received and made. */
export function deleteOwnActivity(uid: string): Promise<void> {
  return deleteActivityOf(uid);
}

/** The last batch: usersData, Following, Followers and the mark, together. */
export async function deleteOwnDocuments(uid: string): Promise<void> {
  const batch = writeBatch(getDb());
  batch.delete(userDataRef(uid));
  batch.delete(followingRef(uid));
  batch.delete(followersRef(uid));
  batch.delete(accountDeletionRef(uid));
  await batch.commit();
}
