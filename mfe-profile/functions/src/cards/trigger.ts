// Every write of a member's `usersData` (profile edits, counts, the posts list, suspension marks,
// the account's deletion) brings their card to it. Run by the profile's `usersData` write trigger
// (checkUserNameKey) rather than a trigger of its own: each function is one more worker for
// firebase-tools' Functions emulator and one more delivery of every write, which slowed every
// other function of a busy local run.
import type { Firestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { cardChanged, memberCardFields } from 'shared-firebase/server';
import { syncMemberCard } from './memberCard';

type Fields = Record<string, unknown>;

export async function copyMemberCard(
  db: Firestore,
  uid: string,
  before: Fields | undefined,
  after: Fields | undefined,
): Promise<void> {
  // A write of only the lists the card leaves out (connections) has nothing to copy.
  if (!cardChanged(before, after, memberCardFields)) return;
  const outcome = await syncMemberCard(db, uid);
  logger.debug(`member card ${uid}: ${outcome}`);
}
