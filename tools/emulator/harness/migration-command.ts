// The one way `npm run migrate -- <name>` (tools/scripts/migrate.mjs) runs a team's migration:
// `node harness/run-ts.cjs harness/migration-command.ts <the team's command file>`. That file
// exports `migrate`, given an Admin SDK Firestore and a progress line writer, resolving to its
// closing line. The Firestore is the local backend's (the FIRESTORE_EMULATOR_HOST the script
// sets) or a production project's (application default credentials).
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { cert, initializeApp, type AppOptions } from 'firebase-admin/app';
import { initializeFirestore, type Firestore } from 'firebase-admin/firestore';

interface MigrationModule {
  migrate(db: Firestore, progress: (line: string) => void, projectId: string): Promise<string>;
}

function adminFirestore(projectId: string): Firestore {
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
  return initializeFirestore(initializeApp(options), { preferRest: true });
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: migration-command.ts <command file>');
  const projectId = process.env['FIREBASE_PROJECT_ID'] ?? 'demo-social';
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { migrate } = require(path.resolve(file)) as MigrationModule;
  console.log(
    await migrate(adminFirestore(projectId), (line) => console.log(`  ${line}`), projectId),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
