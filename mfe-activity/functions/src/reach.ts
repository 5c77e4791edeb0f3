import { COLLECTIONS } from 'shared-firebase/server';
import type { NoticeTransaction } from './notices';

/**
 * Whether `recipient` may be told about something `actor` did that names them (a mention): the
 * one place that decides who can reach whom, read in the notice's own transaction. Today: the
 * recipient is still a member (a deleted account is told nothing). Blocking does not exist yet;
 * when it does, the recipient's block list is read here, and a member who blocked the actor (or
 * whom the actor may not reach) is not told.
 */
export async function mayTell(
  tx: NoticeTransaction,
  recipient: string,
  actor: string,
): Promise<boolean> {
  if (recipient === actor) return false;
  return (await tx.get(`${COLLECTIONS.usersData}/${recipient}`)) !== null;
}
