// A post's `likes`, brought in line with one like edge (docs/DATA_MODEL.md "Like edges"). The list
// at its bound stops growing and says so with `likesComplete: false`.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  committedIfUnchanged,
  GUARDED_ATTEMPTS,
  LIKES_LIST_BOUND,
} from 'shared-firebase/server';

/**
 * Makes `uid` present in (or absent from) `posts/{postId}.likes`; returns whether it is listed
 * after. A missing post (deleted) is left alone. Idempotent: a list already right is not written.
 */
export async function syncLikeList(
  db: Firestore,
  postId: string,
  uid: string,
  present: boolean,
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.posts).doc(postId);
  for (let attempt = 0; attempt < GUARDED_ATTEMPTS; attempt += 1) {
    const read = await ref.get();
    if (!read.exists) return false;
    const stored: unknown = read.get('likes');
    const list = Array.isArray(stored) ? stored : [];
    const listed = list.includes(uid);
    if (listed === present) return listed;
    const full = present && list.length >= LIKES_LIST_BOUND;
    if (full && read.get('likesComplete') === false) return false;
    const change = full
      ? { likesComplete: false }
      : { likes: present ? FieldValue.arrayUnion(uid) : FieldValue.arrayRemove(uid) };
    const written = await committedIfUnchanged(ref, read, () =>
      ref.update(change, { lastUpdateTime: read.updateTime! }),
    );
    if (written) return present && !full;
  }
  throw new Error(`posts/${postId} kept changing`);
}
