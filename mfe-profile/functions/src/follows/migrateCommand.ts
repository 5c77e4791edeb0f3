// `npm run migrate -- follows` (tools/scripts/migrate.mjs runs this file): creates the follow
// edges of a database in the seed's shape, with the Admin SDK, against the local backend (the
// FIRESTORE_EMULATOR_HOST the script sets) or a production project (application default
// credentials). Resumable: run it again after a stop and it continues.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { migrateFollows } from './migrateFollows';

async function main(): Promise<void> {
  const projectId = process.env['FIREBASE_PROJECT_ID'] ?? 'demo-social';
  const db = getFirestore(initializeApp({ projectId }));
  const final = await migrateFollows(db, (progress) =>
    console.log(
      `  ${progress.listsRead} Followers lists read, ${progress.edgesCreated} edges created`,
    ),
  );
  console.log(
    `Follow edges migrated in ${projectId}: ${final.edgesCreated} created from ${final.listsRead} Followers lists.`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
