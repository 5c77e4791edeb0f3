// `npm run migrate -- likes` (tools/scripts/migrate.mjs runs `migrate` with the Admin SDK):
// creates the like edges of a database in the seed's shape. Resumable: run it again after a stop
// and it continues.
import type { Firestore } from 'firebase-admin/firestore';
import { migrateLikes } from './migrateLikes';

export async function migrate(
  db: Firestore,
  progress: (line: string) => void,
  projectId: string,
): Promise<string> {
  const final = await migrateLikes(db, (step) =>
    progress(`${step.postsRead} posts read, ${step.edgesCreated} edges created`),
  );
  return `Like edges migrated in ${projectId}: ${final.edgesCreated} created from ${final.postsRead} posts.`;
}
