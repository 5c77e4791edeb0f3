import type { Firestore } from 'firebase-admin/firestore';
import type { NoticeStore } from './notices';

/**
 * The notices' transactions on Firestore through the Admin SDK, which the rules do not apply to
 * (the rules refuse every client write of another member's items). `runTransaction` runs the
 * work again when another write to what it read got in first.
 */
export function adminStore(db: Firestore): NoticeStore {
  return {
    run: (work) =>
      db.runTransaction(async (transaction) => {
        await work({
          get: async (path) => (await transaction.get(db.doc(path))).data() ?? null,
          set: (path, data) => {
            transaction.set(db.doc(path), data);
          },
          delete: (path) => {
            transaction.delete(db.doc(path));
          },
        });
      }),
  };
}
