// A member's actions on others (likes, comments, replies), written as the app writes them. Their
// activity items are the activity team's functions' to write (docs/DATA_MODEL.md "Activity"), as
// for the app's own actions: the seed writes none.
import { commitWithRetry } from './commit.mjs';
import { chunks, eachLimited } from './limited.mjs';

/*
 * Actions per batch: well within Firestore's 20 document reads per batch that the rules of each
 * action may make (a like's edge reads its post and the author's block: two).
 */
export const LIKES_PER_BATCH = 6;
export const COMMENTS_PER_BATCH = 6;
export const REPLIES_PER_BATCH = 10;

/**
 * Writes each member's actions (`perMember[index]`: likes, comments or replies) signed in as that
 * member, `size` to a batch: `write(batch, db, uid, action)` adds an action's writes. Counts the
 * actions in `run.created[kind]`.
 */
export function writeActions(run, perMember, size, kind, write) {
  return eachLimited(
    perMember.flatMap((list, member) => chunks(list, size).map((actions) => ({ member, actions }))),
    run.concurrency,
    async ({ member, actions }) => {
      const { db, uid } = run.sessions[member];
      await commitWithRetry(db, (batch) => {
        for (const action of actions) write(batch, db, uid, action);
      });
      run.created[kind] += actions.length;
    },
  );
}
