// `npm run migrate -- follows`, its second half: counts every follow edge into the count shards
// (docs/DATA_MODEL.md "Migrating follows"). Resumable: run it again after a stop and it continues.
import type { Firestore } from 'firebase-admin/firestore';
import { migrateFollowCounts } from './migrateFollowCounts';

export async function migrate(
  db: Firestore,
  progress: (line: string) => void,
  projectId: string,
): Promise<string> {
  const final = await migrateFollowCounts(db, (step) =>
    progress(`${step.edgesRead} follow edges read, ${step.edgesCounted} counted`),
  );
  return `Follow counts migrated in ${projectId}: ${final.edgesCounted} edges counted of ${final.edgesRead}, ${final.membersRecounted} counts beyond a list's bound recounted.`;
}
