// Every write of a post (its create, the author's edit, a like's list, a follow's fan-out, the
// counts, tags and suspension marks, its delete) brings its card to it. Run by the post's write
// trigger (countPostWrites) rather than a trigger of its own: each function is one more worker
// for firebase-tools' Functions emulator and one more delivery of every post write, which slowed
// every other function of a busy local run.
import type { Firestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { cardChanged, postCardFields } from 'shared-firebase/server';
import { syncPostCard } from './postCard';

type Fields = Record<string, unknown>;

export async function copyPostCard(
  db: Firestore,
  postId: string,
  before: Fields | undefined,
  after: Fields | undefined,
): Promise<void> {
  // A write of only the lists the card leaves out (likes, follows) has nothing to copy.
  if (!cardChanged(before, after, postCardFields)) return;
  const outcome = await syncPostCard(db, postId);
  logger.debug(`post card ${postId}: ${outcome}`);
}
