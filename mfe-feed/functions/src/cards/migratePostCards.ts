// The post cards' migration: `postCards/{postId}` for every post, pages in id order with the
// progress in `migrations/postCards` (docs/DATA_MODEL.md "Migrating cards").
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, migrateCards, type CardMigration } from 'shared-firebase/server';
import { syncPostCard } from './postCard';

export const POST_CARDS_MIGRATION = { collection: 'migrations', id: 'postCards' } as const;

export function migratePostCards(
  db: Firestore,
  onPage?: (progress: CardMigration) => void,
  pageSize?: number,
): Promise<CardMigration> {
  const progressRef = db.collection(POST_CARDS_MIGRATION.collection).doc(POST_CARDS_MIGRATION.id);
  return migrateCards(
    {
      async sourceIds(cursor, size) {
        // Ids only: a post's follower list may be 2,001 uids.
        let page = db
          .collection(COLLECTIONS.posts)
          .orderBy(FieldPath.documentId())
          .select()
          .limit(size);
        if (cursor !== null) page = page.startAfter(cursor);
        return (await page.get()).docs.map((post) => post.id);
      },
      sync: (postId) => syncPostCard(db, postId),
      readProgress: async () => (await progressRef.get()).data() as CardMigration | undefined,
      writeProgress: (progress) => progressRef.set(progress),
    },
    onPage,
    pageSize,
  );
}
