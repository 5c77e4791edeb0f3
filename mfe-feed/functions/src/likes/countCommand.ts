// `npm run migrate -- likes`, its second half: counts every like edge into the count shards
// (docs/DATA_MODEL.md "Migrating likes"). Resumable: run it again after a stop and it continues.
import type { Firestore } from 'firebase-admin/firestore';
import { migrateLikeCounts } from './migrateLikeCounts';

export async function migrate(
  db: Firestore,
  progress: (line: string) => void,
  projectId: string,
): Promise<string> {
  const final = await migrateLikeCounts(db, (step) =>
    progress(`${step.edgesRead} like edges read, ${step.edgesCounted} counted`),
  );
  return `Like counts migrated in ${projectId}: ${final.edgesCounted} edges counted of ${final.edgesRead}, ${final.postsRecounted} posts beyond their list's bound recounted.`;
}
