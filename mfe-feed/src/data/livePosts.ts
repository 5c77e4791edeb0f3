import { onSnapshot } from 'firebase/firestore';
import type { FirestoreError } from 'firebase/firestore';
import { useEffect, useRef, useState } from 'react';
import { postCardRef, postRef } from 'shared-firebase';
import type { LiveDocument, PostCard } from 'shared-firebase';

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

/** Starts listening to one document by id, handing each read to `show`; returns the stop. */
export type ListenById<T> = (id: string, show: (read: LiveDocument<T>) => void) => () => void;

/**
 * Live documents by id, each `loading` until its first snapshot, through `listen`: one listener
 * per id, kept while the id is wanted. A new `restarts` listens to every id afresh.
 */
export function useLiveById<T>(
  ids: readonly string[],
  restarts: number,
  listen: ListenById<T>,
): Readonly<Record<string, LiveDocument<T>>> {
  const [reads, setReads] = useState<Readonly<Record<string, LiveDocument<T>>>>({});
  const listeners = useRef(new Map<string, () => void>());
  // Document ids hold no '/', so the joined ids stand for the set (a stable effect dependency).
  const wantedKey = ids.join('/');

  useEffect(() => {
    const wanted = new Set(wantedKey === '' ? [] : wantedKey.split('/'));
    for (const [id, stop] of listeners.current) {
      if (!wanted.has(id)) {
        stop();
        listeners.current.delete(id);
      }
    }
    for (const id of wanted) {
      if (listeners.current.has(id)) continue;
      const show = (read: LiveDocument<T>) => setReads((current) => ({ ...current, [id]: read }));
      listeners.current.set(id, listen(id, show));
    }
  }, [wantedKey, restarts, listen]);

  // A retry listens afresh; leaving the page stops every listener.
  useEffect(() => {
    const current = listeners.current;
    return () => {
      for (const stop of current.values()) stop();
      current.clear();
      setReads({});
    };
  }, [restarts]);

  return reads;
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
