// What every phase of a seed run shares: the plan, each member's signed-in session (opened by the
// members phase, used by every later one), the counts of what was created, the product's own
// definitions (account documents, image sizes, collection names) and the pictures.
import { deleteApp } from 'firebase/app';
import { collection, getDocs, query, where } from 'firebase/firestore/lite';
import { loadAccountDocuments } from '../account-documents.mjs';
import { importTypeScript } from '../typescript-module.mjs';
import { startEncoderPool } from './encoder-pool.mjs';
import { pictureSource } from './picture-source.mjs';

/**
 * @param {ReturnType<import('./community.mjs').planCommunity>} plan
 * @param {{ firebase: object, emulators: object | null }} config runtime-config.json's shape
 * @param {number} concurrency independent writes in flight at once
 */
export async function startRun(plan, config, concurrency) {
  const [{ newAccountDocuments }, imageSizes, model] = await Promise.all([
    loadAccountDocuments(),
    importTypeScript('shared-firebase/src/media/imageSizes.ts'),
    importTypeScript('shared-firebase/src/model.ts'),
  ]);
  const pool = startEncoderPool();
  /** Member index → { app, db, storage, uid }, filled by the members phase. */
  const sessions = new Array(plan.members.length);
  const uidOf = (index) => sessions[index].uid;

  // Each author's posts as they are now: one query per author (a rerun's existence check), read
  // once whichever phase asks first.
  const postsOf = new Map();
  const readPostsOf = (index) => {
    if (!postsOf.has(index)) {
      const { db } = sessions[index];
      postsOf.set(
        index,
        getDocs(query(collection(db, 'posts'), where('uid', '==', uidOf(index)))).then(
          (snapshot) => snapshot.docs,
        ),
      );
    }
    return postsOf.get(index);
  };

  return {
    plan,
    config,
    concurrency,
    sessions,
    uidOf,
    readPostsOf,
    newAccountDocuments,
    model,
    picture: pictureSource(plan, imageSizes, pool),
    created: {
      members: 0,
      pictures: 0,
      follows: 0,
      posts: 0,
      likes: 0,
      comments: 0,
      replies: 0,
    },
    encoders: () => ({ workers: pool.workers, busySeconds: pool.busyMs() / 1000 }),
    /** Stops the encoders and closes every member's app. */
    close: async () => {
      await pool.close();
      await Promise.all(sessions.filter(Boolean).map((session) => deleteApp(session.app)));
    },
  };
}
