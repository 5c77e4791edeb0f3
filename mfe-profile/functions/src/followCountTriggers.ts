// The triggers of the profile's counts (followCounts.ts): at-least-once, retried on failure, and
// idempotent because every run recounts the list.
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { listChanged, syncFollowCount, type FollowCount } from './followCounts';

function countOnWrite(which: FollowCount, document: 'Followers/{uid}' | 'Following/{uid}') {
  return onDocumentWritten({ document, retry: true }, async (event) => {
    if (!listChanged(which, event.data?.before, event.data?.after)) return;
    await syncFollowCount(getFirestore(), event.params.uid, which);
  });
}

/** `Followers/{uid}` written: the member's follower count. */
export const countFollowers = countOnWrite('followers', 'Followers/{uid}');

/** `Following/{uid}` written: how many members the member follows. */
export const countFollowing = countOnWrite('following', 'Following/{uid}');
