// `npm run migrate -- timelines` (tools/scripts/migrate.mjs runs `migrate` with the Admin SDK):
// fills the members' timelines of a database whose follow edges and posts exist. Resumable: run it
// again after a stop and it continues.
import type { Firestore } from 'firebase-admin/firestore';
import { migrateTimelines } from './migrateTimelines';

export async function migrate(
  db: Firestore,
  progress: (line: string) => void,
  projectId: string,
): Promise<string> {
  const final = await migrateTimelines(db, (step) =>
    progress(
      `${step.phase}: ${step.membersRead} members, ${step.followsRead} follows, ${step.postsRead} posts read`,
    ),
  );
  return `Timelines migrated in ${projectId}: ${final.followsRead} follows and ${final.postsRead} posts read.`;
}
