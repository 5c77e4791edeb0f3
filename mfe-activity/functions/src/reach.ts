import { COLLECTIONS } from 'shared-firebase/server';
import type { NoticeTransaction } from './notices';

/**
 * Whether `recipient` may be told about something `actor` did: the one place that decides who
 * can reach whom, read in the notice's own transaction. Never about oneself; a deleted account
 * is told nothing; and nothing passes a block, either way (docs/DATA_MODEL.md "Blocks and
 * mutes"): a member who blocked the actor, or whom the actor blocked, is not told. A mute is the
 * muter's own view and hides items in their page and bell, so it is not read here.
 */
export async function mayTell(
  tx: NoticeTransaction,
  recipient: string,
  actor: string,
): Promise<boolean> {
  if (recipient === actor) return false;
  const [member, blockedActor, blockedByActor] = await Promise.all([
    tx.get(`${COLLECTIONS.usersData}/${recipient}`),
    tx.get(`${COLLECTIONS.blocks}/${recipient}_${actor}`),
    tx.get(`${COLLECTIONS.blocks}/${actor}_${recipient}`),
  ]);
  return member !== null && blockedActor === null && blockedByActor === null;
}
