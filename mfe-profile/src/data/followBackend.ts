import {
  arrayRemove,
  arrayUnion,
  getDoc,
  getDocs,
  query,
  where,
  writeBatch,
} from 'firebase/firestore';
import {
  followersRef,
  followingRef,
  getDb,
  postRef,
  postsCollection,
  waitUntilBrowserOnline,
} from 'shared-firebase';
import type { FollowState, FollowWrite } from './followPlan';

/** The backend the fan-out talks to; the real one is Firestore, tests pass a fake. */
export interface FollowBackend {
  read(me: string, target: string): Promise<FollowState>;
  /** Commits the writes atomically: arrayUnion when `follow`, arrayRemove otherwise. */
  commit(me: string, target: string, follow: boolean, writes: FollowWrite[]): Promise<void>;
}

/** The fan-out's reads and batched writes in Firestore. */
export const firestoreFollowBackend: FollowBackend = {
  async read(me, target) {
    // Offline, the cache could hold only some of target's posts and the fan-out would miss the
    // rest: the plan is made from the server's answer, so it waits for the connection.
    await waitUntilBrowserOnline();
    const [followers, following, posts] = await Promise.all([
      getDoc(followersRef(target)),
      getDoc(followingRef(me)),
      getDocs(query(postsCollection(), where('uid', '==', target))),
    ]);
    return {
      followers: followers.data()?.Followers ?? [],
      following: following.data()?.Following ?? [],
      posts: posts.docs.map((post) => ({ id: post.id, followers: post.data().followers ?? [] })),
    };
  },
  async commit(me, target, follow, writes) {
    const change = (uid: string) => (follow ? arrayUnion(uid) : arrayRemove(uid));
    const batch = writeBatch(getDb());
    for (const write of writes) {
      if (write.kind === 'followers') batch.update(followersRef(target), { Followers: change(me) });
      else if (write.kind === 'following') {
        batch.update(followingRef(me), { Following: change(target) });
      } else batch.update(postRef(write.postId), { followers: change(me) });
    }
    await batch.commit();
  },
};
