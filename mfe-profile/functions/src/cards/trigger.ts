// Every write of a member's `usersData` (profile edits, counts, the posts list, suspension marks,
// the account's deletion) brings their card to it.
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { cardChanged, memberCardFields } from 'shared-firebase/server';
import { syncMemberCard } from './memberCard';

export const copyMemberCard = onDocumentWritten(
  { document: 'usersData/{uid}', retry: true },
  async (event) => {
    // A write of only the lists the card leaves out has nothing to copy (the common case: likes,
    // follows, posts listed), so the function reads nothing for it.
    if (!cardChanged(event.data?.before.data(), event.data?.after.data(), memberCardFields)) return;
    const outcome = await syncMemberCard(getFirestore(), event.params.uid);
    logger.debug(`member card ${event.params.uid}: ${outcome}`);
  },
);
