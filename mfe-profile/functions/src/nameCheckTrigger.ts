// The trigger of the name check (nameCheck.ts): at-least-once, retried on failure, idempotent.
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { copyMemberCard } from './cards/trigger';
import { applyNameCheck, planNameCheck } from './nameCheck';

/**
 * `usersData/{uid}` written: its name key checked, or a deleted account's claims released; and its
 * card copied.
 */
export const checkUserNameKey = onDocumentWritten(
  { document: 'usersData/{uid}', retry: true },
  async (event) => {
    const db = getFirestore();
    const plan = planNameCheck(event.data?.before, event.data?.after);
    await applyNameCheck(db, event.params.uid, plan);
    // The member's card (docs/DATA_MODEL.md "Member cards") follows the same write.
    await copyMemberCard(db, event.params.uid, event.data?.before.data(), event.data?.after.data());
  },
);
