// The seed's two lists of a follow: `Followers/{target}.Followers` and
// `Following/{follower}.Following`, brought in line with the edge (docs/DATA_MODEL.md "Follow
// edges"). A list at its bound stops growing and says so with `complete: false`.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from 'shared-firebase/server';
import { FOLLOW_LIST_BOUND } from './bounds';
import { committedIfUnchanged, GUARDED_ATTEMPTS } from './versioned';

/** One list document of a member and its list field. */
interface ListPlace {
  collection: string;
  field: string;
}

const FOLLOWERS: ListPlace = { collection: COLLECTIONS.followers, field: 'Followers' };
const FOLLOWING: ListPlace = { collection: COLLECTIONS.following, field: 'Following' };

/**
 * Makes `uid` present in (or absent from) the member's list; returns whether it is listed after.
 * A missing document (an account being deleted) is left alone. Idempotent: a list already right
 * is not written.
 */
async function syncList(
  db: Firestore,
  place: ListPlace,
  owner: string,
  uid: string,
  present: boolean,
): Promise<boolean> {
  const ref = db.collection(place.collection).doc(owner);
  for (let attempt = 0; attempt < GUARDED_ATTEMPTS; attempt += 1) {
    const read = await ref.get();
    if (!read.exists) return false;
    const stored: unknown = read.get(place.field);
    const list = Array.isArray(stored) ? stored : [];
    const listed = list.includes(uid);
    if (listed === present) return listed;
    const full = present && list.length >= FOLLOW_LIST_BOUND;
    if (full && read.get('complete') === false) return false;
    const change = full
      ? { complete: false }
      : { [place.field]: present ? FieldValue.arrayUnion(uid) : FieldValue.arrayRemove(uid) };
    const written = await committedIfUnchanged(ref, read, () =>
      ref.update(change, { lastUpdateTime: read.updateTime! }),
    );
    if (written) return present && !full;
  }
  throw new Error(`${place.collection}/${owner} kept changing`);
}

/**
 * Both lists of the follow `follower` → `target`, towards `follows`; returns whether the follower
 * is in `Followers/{target}` afterwards (the posts' audience follows that list).
 */
export async function syncConnectionLists(
  db: Firestore,
  follower: string,
  target: string,
  follows: boolean,
): Promise<boolean> {
  const [listed] = await Promise.all([
    syncList(db, FOLLOWERS, target, follower, follows),
    syncList(db, FOLLOWING, follower, target, follows),
  ]);
  return listed;
}
