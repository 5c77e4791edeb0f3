// `npm run migrate -- follows` (tools/scripts/migrate.mjs runs `migrate` with the Admin SDK):
// creates the follow edges of a database in the seed's shape. Resumable: run it again after a
// stop and it continues.
import type { Firestore } from 'firebase-admin/firestore';
import { migrateFollows } from './migrateFollows';

export async function migrate(
  db: Firestore,
  progress: (line: string) => void,
  projectId: string,
): Promise<string> {
  const final = await migrateFollows(db, (step) =>
    progress(`${step.listsRead} Followers lists read, ${step.edgesCreated} edges created`),
  );
  return `Follow edges migrated in ${projectId}: ${final.edgesCreated} created from ${final.listsRead} Followers lists.`;
}
