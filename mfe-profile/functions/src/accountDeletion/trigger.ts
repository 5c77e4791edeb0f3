// The deletion job's and the reply index's triggers (docs/DATA_MODEL.md "Deleting an account").
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import * as logger from 'firebase-functions/logger';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import type { DeletionContext } from './context';
import { onRequestWritten } from './job';
import { reconcileReplyIndex } from './replyIndex';

/** The Admin SDK's services, made on first use (index.ts initialises the app at load). */
function adminContext(): DeletionContext {
  return { db: getFirestore(), auth: getAuth(), bucket: getStorage().bucket() };
}

/**
 * Runs the account deletion job, one slice per write of `accountDeletions/{uid}`: the member's
 * request starts it, and each slice's own progress write starts the next, until the Auth account
 * is gone and the request deleted. A slice that throws is retried (`retry`), from the progress
 * the last finished slice recorded.
 */
export const deleteAccountJob = onDocumentWritten(
  { document: 'accountDeletions/{uid}', retry: true, timeoutSeconds: 120 },
  async (event) => {
    const uid = event.params.uid;
    const outcome = await onRequestWritten(adminContext(), uid, event.data?.after.data());
    if (outcome === 'finished') logger.info(`account deletion: ${uid} deleted`);
    else if (outcome === 'stale') logger.debug(`account deletion: stale event ${event.id}`);
  },
);

/** Keeps `repliesByMember` in line with the replies of each comment. Idempotent. */
export const indexReplies = onDocumentWritten(
  { document: 'comments/{commentId}', retry: true },
  async (event) => {
    await reconcileReplyIndex(
      getFirestore(),
      event.params.commentId,
      event.data?.before.data(),
      event.data?.after.data(),
    );
  },
);
