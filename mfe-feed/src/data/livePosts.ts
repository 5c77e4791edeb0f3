import { onSnapshot } from 'firebase/firestore';
import type { FirestoreError } from 'firebase/firestore';
import { postCardRef, postRef } from 'shared-firebase';
import type { LiveDocument, PostCard } from 'shared-firebase';
import { useLiveById } from './liveById';

/**
 * Listens to the one document a card of a listed post (the home feed's timeline, the saved posts)
 * is read from: its slim card, without the follower and liker lists (docs/DATA_MODEL.md "Post
 * cards"), and the post itself only while the card does not exist (a post the feed's function
 * has not copied yet, or a database the cards migration has not reached). The lists name posts by
 * id and read each here, so what a card downloads is decided once.
 */
function listenToPostCard(postId: string, show: (post: LiveDocument<PostCard>) => void) {
  let stopFallback: (() => void) | null = null;
  const failed = (error: FirestoreError) => show({ status: 'error', error });
  const stopCard = onSnapshot(
    postCardRef(postId),
    (snapshot) => {
      const card = snapshot.data({ serverTimestamps: 'estimate' });
      if (card) {
        stopFallback?.();
        stopFallback = null;
        show({ status: 'ready', data: card });
      } else {
        stopFallback ??= onSnapshot(
          postRef(postId),
          (post) => {
            const data = post.data({ serverTimestamps: 'estimate' });
            show(data ? { status: 'ready', data } : { status: 'missing' });
          },
          failed,
        );
      }
    },
    failed,
  );
  return () => {
    stopCard();
    stopFallback?.();
  };
}

/**
 * Live post cards by id, each `loading` until its first snapshot; a deleted post is `missing` (once
 * its card is gone too: the feed's function deletes it with the post).
 */
export function useLivePosts(
  postIds: readonly string[],
  restarts: number,
): Readonly<Record<string, LiveDocument<PostCard>>> {
  return useLiveById(postIds, restarts, listenToPostCard);
}
