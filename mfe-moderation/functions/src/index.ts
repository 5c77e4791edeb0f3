// The moderation team's Cloud Functions (firebase.json codebase `moderation`). Deployed alone with
// `firebase deploy --only functions:moderation`; run locally by firebase-tools' Functions emulator
// under npm start, npm run emulators and every test backend.
//
// A member's report is their own client write; `gatherReports` counts it into its case. A
// moderator's action is a document the moderator writes; `carryOutModeration` checks the claim
// again and carries it out (docs/DATA_MODEL.md "Reports and moderation"). Both are retried when
// they throw and are safe to run again.
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { carryOutAction } from './carryOut';
import { gatherReport } from './gather';

initializeApp();

/** A new report: counted into the case of the thing it reports. */
export const gatherReports = onDocumentCreated(
  { document: 'reports/{reportId}', retry: true },
  async (event) => {
    await gatherReport(getFirestore(), event.params.reportId);
  },
);

/** A moderator's action on a case: carried out and logged on the action itself. */
export const carryOutModeration = onDocumentCreated(
  // A suspension marks all of a member's content, page by page (resumed where it stopped when
  // retried): minutes for a member of many thousands of documents.
  { document: 'moderationCases/{caseId}/actions/{actionId}', retry: true, timeoutSeconds: 300 },
  async (event) => {
    await carryOutAction(
      { db: getFirestore(), auth: getAuth(), bucket: getStorage().bucket() },
      event.params.caseId,
      event.params.actionId,
    );
  },
);
