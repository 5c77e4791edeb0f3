// `npm run migrate -- likes` (tools/scripts/migrate.mjs runs this file): creates the like
// edges of a database in the seed's shape, with the Admin SDK, against the local backend (the
// FIRESTORE_EMULATOR_HOST the script sets) or a production project (application default
// credentials). Resumable: run it again after a stop and it continues.
import { generateKeyPairSync } from 'node:crypto';
import { cert, initializeApp, type AppOptions } from 'firebase-admin/app';
import { initializeFirestore } from 'firebase-admin/firestore';
import { migrateLikes } from './migrateLikes';

async function main(): Promise<void> {
  const projectId = process.env['FIREBASE_PROJECT_ID'] ?? 'demo-social';
  const options: AppOptions = { projectId };
  if (process.env['FIRESTORE_EMULATOR_HOST']) {
    // The local backend checks no credential; a throwaway key keeps the SDK from looking for one.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    options.credential = cert({
      projectId,
      clientEmail: `migrate@${projectId}.iam.gserviceaccount.com`,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
  }
  // REST: the project's emulator serves no gRPC (production accepts both).
  const db = initializeFirestore(initializeApp(options), { preferRest: true });
  const final = await migrateLikes(db, (progress) =>
    console.log(`  ${progress.postsRead} posts read, ${progress.edgesCreated} edges created`),
  );
  console.log(
    `Like edges migrated in ${projectId}: ${final.edgesCreated} created from ${final.postsRead} posts.`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
