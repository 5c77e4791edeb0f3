// Every write of a post (its create, the author's edit, a like's list, a follow's fan-out, the
// counts, tags and suspension marks, its delete) brings its card to it.
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { cardChanged, postCardFields } from 'shared-firebase/server';
import { syncPostCard } from './postCard';

export const copyPostCard = onDocumentWritten(
  { document: 'posts/{postId}', retry: true },
  async (event) => {
    // A write of only the lists the card leaves out has nothing to copy (the common case: likes,
    // follows, posts listed), so the function reads nothing for it.
    if (!cardChanged(event.data?.before.data(), event.data?.after.data(), postCardFields)) return;
    const outcome = await syncPostCard(getFirestore(), event.params.postId);
    logger.debug(`post card ${event.params.postId}: ${outcome}`);
  },
);
