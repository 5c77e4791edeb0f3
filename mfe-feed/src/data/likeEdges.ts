import { orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { COLLECTIONS, typedCollection, usePagedQuery } from 'shared-firebase';
import type { LikeEdge, PagedQuery } from 'shared-firebase';

/** Likers per page of a post whose `likes` is no longer complete. */
export const LIKE_EDGES_PAGE_SIZE = 20;

/**
 * Who likes `postId`, newest first, live, a page at a time, from the like edges: for a post whose
 * `likes` stopped at its bound (`likesComplete: false`), so its likers are read without any
 * document holding them all.
 */
export function useLikeEdges(postId: string): PagedQuery<LikeEdge> {
  const edges = useMemo(
    () =>
      query(
        typedCollection<LikeEdge>(COLLECTIONS.likes),
        where('postId', '==', postId),
        orderBy('createdAt', 'desc'),
      ),
    [postId],
  );
  return usePagedQuery(edges, LIKE_EDGES_PAGE_SIZE);
}
