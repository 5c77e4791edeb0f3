// `npm run migrate -- <what>`: one-off data migrations, resumable and idempotent.
//   follows  the follow edges from the Followers lists, then every edge counted into the follow
//            count shards (docs/DATA_MODEL.md "Migrating follows")
//   likes    the like edges from the posts' likes arrays, then every edge counted into the like
//            count shards (docs/DATA_MODEL.md "Migrating likes")
//   timelines  the members' timelines from the follow edges and posts (after `follows`;
//            docs/DATA_MODEL.md "Migrating timelines")
//   cards    the post and member cards from the posts and usersData (docs/DATA_MODEL.md "Migrating cards")
// Against the local backend by default (its ports from the same environment variables as
// npm start); with FIREBASE_PROJECT_ID and GOOGLE_APPLICATION_CREDENTIALS (no FIREBASE_API_KEY
// needed) and MIGRATE_PRODUCTION=1, against that project.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localRuntimeConfig } from 'build-config/runtime-config.cjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Each migration is one or more teams' command files, run in order.
const MIGRATIONS = {
  follows: [
    'mfe-profile/functions/src/follows/migrateCommand.ts',
    'mfe-profile/functions/src/follows/countCommand.ts',
  ],
  likes: [
    'mfe-feed/functions/src/likes/migrateCommand.ts',
    'mfe-feed/functions/src/likes/countCommand.ts',
  ],
  timelines: ['mfe-feed/functions/src/timelines/migrateCommand.ts'],
  cards: [
    'mfe-feed/functions/src/cards/migrateCommand.ts',
    'mfe-profile/functions/src/cards/migrateCommand.ts',
  ],
};

const what = process.argv[2];
if (!(what in MIGRATIONS)) {
  console.error(`Usage: npm run migrate -- <${Object.keys(MIGRATIONS).join('|')}>`);
  process.exit(2);
}
const env = { ...process.env };
if (process.env.MIGRATE_PRODUCTION !== '1') {
  const config = localRuntimeConfig(process.env);
  const { host, port } = config.emulators.firestore;
  env.FIRESTORE_EMULATOR_HOST = `${host}:${port}`;
  env.FIREBASE_PROJECT_ID = config.firebase.projectId;
  console.log(
    `Migrating ${what} in ${config.firebase.projectId} on the local backend (${host}:${port})…`,
  );
}
for (const command of MIGRATIONS[what]) {
  const run = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'tools/emulator/harness/run-ts.cjs'),
      path.join(ROOT, 'tools/emulator/harness/migration-command.ts'),
      path.join(ROOT, command),
    ],
    { stdio: 'inherit', env, cwd: ROOT },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
