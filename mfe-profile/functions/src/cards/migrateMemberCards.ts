// The member cards' migration: `memberCards/{uid}` for every member, pages in id order with the
// progress in `migrations/memberCards` (docs/DATA_MODEL.md "Migrating cards").
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, migrateCards, type CardMigration } from 'shared-firebase/server';
import { syncMemberCard } from './memberCard';

export const MEMBER_CARDS_MIGRATION = { collection: 'migrations', id: 'memberCards' } as const;

export function migrateMemberCards(
  db: Firestore,
  onPage?: (progress: CardMigration) => void,
  pageSize?: number,
): Promise<CardMigration> {
  const progressRef = db
    .collection(MEMBER_CARDS_MIGRATION.collection)
    .doc(MEMBER_CARDS_MIGRATION.id);
  return migrateCards(
    {
      async sourceIds(cursor, size) {
        // Ids only: a member's `posts` may list 5,000 ids.
        let page = db
          .collection(COLLECTIONS.usersData)
          .orderBy(FieldPath.documentId())
          .select()
          .limit(size);
        if (cursor !== null) page = page.startAfter(cursor);
        return (await page.get()).docs.map((member) => member.id);
      },
      sync: (uid) => syncMemberCard(db, uid),
      readProgress: async () => (await progressRef.get()).data() as CardMigration | undefined,
      writeProgress: (progress) => progressRef.set(progress),
    },
    onPage,
    pageSize,
  );
}
