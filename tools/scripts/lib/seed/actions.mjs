// A member's actions on others (likes, comments, replies, follows), each written with the activity
// item it owes its recipient in the same batch, as the app does
// (shared-firebase/src/data/activityItems.ts), so only a new action makes an item.
import { doc, serverTimestamp } from 'firebase/firestore/lite';
import { commitWithRetry } from './commit.mjs';
import { chunks, eachLimited } from './limited.mjs';

/*
 * Actions per batch. Firestore's rules may read at most 20 documents per batch (get, exists and
 * getAfter, before and after counted apart), and an activity item makes them read the action's
 * documents: a like its post before and after (2), a comment its post and itself before and after
 * (3), a reply its comment before and after (2).
 */
export const LIKES_PER_BATCH = 10;
export const COMMENTS_PER_BATCH = 6;
export const REPLIES_PER_BATCH = 10;

/**
 * Adds the notice's item to `batch` as addActivityItem does (none about oneself). Returns how many
 * it added, to count once the batch is applied.
 */
export function addActivityItem(run, batch, db, notice) {
  const { COLLECTIONS, ACTIVITY_ITEMS } = run.model;
  const item = run.items.activityItemFields(notice, serverTimestamp());
  if (!item) return 0;
  batch.set(doc(db, COLLECTIONS.activity, notice.recipient, ACTIVITY_ITEMS, notice.itemId), item);
  return 1;
}

/**
 * Writes each member's actions (`perMember[index]`: likes, comments or replies) signed in as that
 * member, `size` to a batch: `write(batch, db, uid, action)` adds an action's own writes and
 * returns the notice it owes its recipient, whose item joins the same batch. Counts the actions in
 * `run.created[kind]` and their items in `run.created['activity items']`.
 */
export function writeActionsWithItems(run, perMember, size, kind, write) {
  return eachLimited(
    perMember.flatMap((list, member) => chunks(list, size).map((actions) => ({ member, actions }))),
    run.concurrency,
    async ({ member, actions }) => {
      const { db, uid } = run.sessions[member];
      const added = await commitWithRetry(db, (batch) => {
        let itemsAdded = 0;
        for (const action of actions)
          itemsAdded += addActivityItem(run, batch, db, {
            actor: uid,
            ...write(batch, db, uid, action),
          });
        return itemsAdded;
      });
      run.created['activity items'] += added;
      run.created[kind] += actions.length;
    },
  );
}
