// The feed's counts (docs/DATA_MODEL.md "Counts"): a post's likes and comments, and a member's
// posts, always recounted from the source of truth by shared-firebase's syncCounts. Plain
// functions of a Firestore, so that tests call them against either emulator.
import {
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  countedDocument,
  countedLikes,
  POSTS_LIST_BOUND,
  syncCounts,
  type SyncOutcome,
} from 'shared-firebase/server';

function listLength(document: DocumentSnapshot, field: string): number {
  const list: unknown = document.get(field);
  return Array.isArray(list) ? list.length : 0;
}

/** Whether `likes` still lists every liker (the feed's function sets `likesComplete: false`). */
function listComplete(post: DocumentSnapshot): boolean {
  return post.get('likesComplete') !== false;
}

async function countOf(query: Query): Promise<number> {
  return (await query.count().get()).data().count;
}

/**
 * `posts/{postId}.counts.likes` = the length of its `likes`; once the list says it is no longer
 * complete (`likesComplete: false`, at its bound), the likes counted in its count shards instead
 * (the like edges' trigger counts each one), never less than the list.
 * With `comments`, `counts.comments` = its comment documents (an index count, not a read of each).
 */
export function syncPostCounts(
  db: Firestore,
  postId: string,
  { comments }: { comments: boolean },
): Promise<SyncOutcome> {
  const commentsOfPost = db.collection(COLLECTIONS.comments).where('postId', '==', postId);
  return syncCounts(
    countedDocument(db.collection(COLLECTIONS.posts).doc(postId), async (post) => {
      const listed = listLength(post, 'likes');
      // Never below the list: while a database's likes are still being migrated or counted,
      // fewer are counted than listed.
      const likes = listComplete(post) ? listed : Math.max(listed, await countedLikes(db, postId));
      return {
        'counts.likes': likes,
        ...(comments ? { 'counts.comments': await countOf(commentsOfPost) } : {}),
      };
    }),
  );
}

/**
 * `usersData/{uid}.counts.posts` = the member's posts (an index count of the real documents, not
 * `usersData.posts`, which a member could once shorten), and `counts.postsListed` = the length of
 * `usersData.posts` then, so a screen shows at once a post listed since (ProfileCounts). Once the
 * list is at its bound and the member has posts it does not list, `postsComplete: false` (kept
 * from then on, as `likesComplete`). `listBound` is for tests.
 */
export function syncMemberPostCount(
  db: Firestore,
  uid: string,
  listBound = POSTS_LIST_BOUND,
): Promise<SyncOutcome> {
  const postsOfMember = db.collection(COLLECTIONS.posts).where('uid', '==', uid);
  return syncCounts(
    countedDocument(db.collection(COLLECTIONS.usersData).doc(uid), async (member) => {
      const posts = await countOf(postsOfMember);
      const listed = listLength(member, 'posts');
      const unlisted = listed >= listBound && posts > listed;
      return {
        'counts.posts': posts,
        'counts.postsListed': listed,
        ...(unlisted ? { postsComplete: false } : {}),
      };
    }),
  );
}

/**
 * The tombstone of a deleted post, for deletions made with server credentials (the client's own
 * delete writes it in the same batch, as the rules require, so it is there already). Read first
 * rather than `create`d: a create of an existing document is refused, and over REST the Admin SDK
 * takes that refusal (HTTP 409) for a conflict and retries it without end.
 */
export async function ensurePostTombstone(
  db: Firestore,
  postId: string,
  uid: string,
): Promise<void> {
  const tombstone = db.collection(COLLECTIONS.deletedPosts).doc(postId);
  if ((await tombstone.get()).exists) return;
  await tombstone.set({ uid, deletedAt: FieldValue.serverTimestamp() });
}

/** The parts of a post write event that decide what to count. */
export interface PostChange {
  postId: string;
  before: DocumentSnapshot | undefined;
  after: DocumentSnapshot | undefined;
}

/**
 * What a write of `posts/{postId}` changes: its like count when `likes` and `counts.likes`
 * disagree while the list is complete (a write that changes neither, such as the count's own,
 * stops here: no loop; beyond the list's bound the like edges' trigger counts), both its counts
 * when it is created, and the author's post count and the tombstone when it is created or deleted.
 */
export async function onPostChange(db: Firestore, change: PostChange): Promise<void> {
  const before = change.before?.exists ? change.before : undefined;
  const after = change.after?.exists ? change.after : undefined;
  const author = (after ?? before)?.get('uid');
  const tasks: Array<Promise<unknown>> = [];
  const likesStale =
    after && listComplete(after) && after.get('counts.likes') !== listLength(after, 'likes');
  if (after && (!before || likesStale)) {
    tasks.push(syncPostCounts(db, change.postId, { comments: !before }));
  }
  if (Boolean(before) !== Boolean(after) && typeof author === 'string') {
    tasks.push(syncMemberPostCount(db, author));
    if (!after) tasks.push(ensurePostTombstone(db, change.postId, author));
  }
  await Promise.all(tasks);
}

/**
 * A comment created or deleted changes its post's comment count; a reply (an update) does not.
 */
export async function onCommentChange(
  db: Firestore,
  before: DocumentSnapshot | undefined,
  after: DocumentSnapshot | undefined,
): Promise<void> {
  const existedBefore = before?.exists === true;
  const existsAfter = after?.exists === true;
  if (existedBefore === existsAfter) return;
  const postId: unknown = (existsAfter ? after : before)?.get('postId');
  if (typeof postId === 'string') await syncPostCounts(db, postId, { comments: true });
}
