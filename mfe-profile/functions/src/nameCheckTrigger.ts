// The trigger of the name check (nameCheck.ts): at-least-once, retried on failure, idempotent.
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { applyNameCheck, planNameCheck } from './nameCheck';

/** `usersData/{uid}` written: its name key checked, or a deleted account's claims released. */
export const checkUserNameKey = onDocumentWritten(
  { document: 'usersData/{uid}', retry: true },
  async (event) => {
    const plan = planNameCheck(event.data?.before, event.data?.after);
    await applyNameCheck(getFirestore(), event.params.uid, plan);
  },
);
