// `npm run migrate -- cards` (tools/scripts/migrate.mjs), the members' half: the card of every
// member (docs/DATA_MODEL.md "Migrating cards"). Resumable: run it again after a stop and it
// continues.
import type { Firestore } from 'firebase-admin/firestore';
import { migrateMemberCards } from './migrateMemberCards';

export async function migrate(
  db: Firestore,
  progress: (line: string) => void,
  projectId: string,
): Promise<string> {
  const final = await migrateMemberCards(db, (step) =>
    progress(`${step.read} members read, ${step.written} cards written`),
  );
  return `Member cards migrated in ${projectId}: ${final.written} written for ${final.read} members.`;
}
