// `npm run migrate -- cards` (tools/scripts/migrate.mjs), the posts' half: the card of every post
// (docs/DATA_MODEL.md "Migrating cards"). Resumable: run it again after a stop and it continues.
import type { Firestore } from 'firebase-admin/firestore';
import { migratePostCards } from './migratePostCards';

export async function migrate(
  db: Firestore,
  progress: (line: string) => void,
  projectId: string,
): Promise<string> {
  const final = await migratePostCards(db, (step) =>
    progress(`${step.read} posts read, ${step.written} cards written`),
  );
  return `Post cards migrated in ${projectId}: ${final.written} written for ${final.read} posts.`;
}
