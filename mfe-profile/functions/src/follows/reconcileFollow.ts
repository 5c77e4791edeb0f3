// One follow's server work (docs/DATA_MODEL.md "Follow edges"): whatever the event, the seed's
// lists and the target's posts are brought to what the edge says NOW, so the same event twice, an
// older event late, or a follow and its undo handled at once all end in the edge's state.
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from 'shared-firebase/server';
import { followEdgeId } from './bounds';
import { syncConnectionLists } from './connectionLists';
import { fanOutToPosts } from './postFanout';

/** Rounds before giving up while the member keeps toggling (the event is then retried). */
const ROUNDS = 5;

/**
 * Brings `Followers/{target}`, `Following/{follower}` and the target's posts in line with
 * `follows/{follower}_{target}`; returns the state it left them in. After the work, the edge is
 * read again: if it changed meanwhile, the work runs again for the new state, so the run that
 * finishes last always leaves the edge's final state.
 */
export async function reconcileFollow(
  db: Firestore,
  follower: string,
  target: string,
): Promise<{ follows: boolean; inAudience: boolean }> {
  const edge = db.collection(COLLECTIONS.follows).doc(followEdgeId(follower, target));
  let follows = (await edge.get()).exists;
  for (let round = 0; round < ROUNDS; round += 1) {
    const listed = await syncConnectionLists(db, follower, target, follows);
    const inAudience = follows && listed;
    await fanOutToPosts(db, follower, target, inAudience);
    const now = (await edge.get()).exists;
    if (now === follows) return { follows, inAudience };
    follows = now;
  }
  throw new Error(`follows/${followEdgeId(follower, target)} kept changing`);
}
