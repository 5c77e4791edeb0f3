import { onSnapshot } from 'firebase/firestore';
import type { DocumentReference, FirestoreError } from 'firebase/firestore';
import { useEffect, useRef, useState } from 'react';
import { postRef } from 'shared-firebase';
import type { LiveDocument, Post } from 'shared-firebase';

/**
 * The one document a card of a listed post (the home feed's timeline, the saved posts) is read
 * from: the lists name posts by id and read each here, so what a card downloads is decided once.
 */
export function feedPostRef(postId: string): DocumentReference<Post, Post> {
  return postRef(postId);
}

/** Live posts by id, each `loading` until its first snapshot; a deleted post is `missing`. */
export function useLivePosts(postIds: readonly string[], restarts: number) {
  const [posts, setPosts] = useState<Readonly<Record<string, LiveDocument<Post>>>>({});
  const listeners = useRef(new Map<string, () => void>());
  // Post ids hold no '/', so the joined ids stand for the set (a stable effect dependency).
  const wantedKey = postIds.join('/');

  useEffect(() => {
    const wanted = new Set(wantedKey === '' ? [] : wantedKey.split('/'));
    for (const [postId, stop] of listeners.current) {
      if (!wanted.has(postId)) {
        stop();
        listeners.current.delete(postId);
      }
    }
    for (const postId of wanted) {
      if (listeners.current.has(postId)) continue;
      const show = (post: LiveDocument<Post>) =>
        setPosts((current) => ({ ...current, [postId]: post }));
      listeners.current.set(
        postId,
        onSnapshot(
          feedPostRef(postId),
          (snapshot) => {
            const data = snapshot.data({ serverTimestamps: 'estimate' });
            show(data ? { status: 'ready', data } : { status: 'missing' });
          },
          (error: FirestoreError) => show({ status: 'error', error }),
        ),
      );
    }
  }, [wantedKey, restarts]);

  // A retry listens afresh; leaving the page stops every listener.
  useEffect(() => {
    const current = listeners.current;
    return () => {
      for (const stop of current.values()) stop();
      current.clear();
      setPosts({});
    };
  }, [restarts]);

  return posts;
}
