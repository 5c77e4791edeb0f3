import { orderBy, query } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useCallback, useMemo } from 'react';
import {
  explorePostsCollection,
  isBlockedEitherWay,
  useHiddenMembers,
  usePagedQuery,
  useWithoutSuspended,
} from 'shared-firebase';
import type { ExplorePost, PagedQuery, WithId } from 'shared-firebase';

/** Tiles per page of the explore grid. */
export const EXPLORE_PAGE_SIZE = 9;

/**
 * Photo posts for the explore grid, newest first. Every page reads `explorePosts`: reading later
 * pages from `posts`, as the first version of the app did, would put text-only posts into a photo
 * grid (see mfe-explore/README.md).
 */
export function explorePostsNewestFirst(): Query<ExplorePost, ExplorePost> {
  return query(explorePostsCollection(), orderBy('createdAt', 'desc'));
}

/**
 * The explore grid: live pages of EXPLORE_PAGE_SIZE photo posts; `loadMore` reads the next.
 * Without the posts of members the viewer does not see (suspended, blocked either way), and
 * loading until the viewer's blocks are known.
 */
export function useExplorePosts(): PagedQuery<ExplorePost> {
  const base = useMemo(explorePostsNewestFirst, []);
  const hidden = useHiddenMembers();
  const blocked = useCallback(
    (photo: WithId<ExplorePost>) => isBlockedEitherWay(hidden, photo.uid),
    [hidden],
  );
  return useWithoutSuspended(usePagedQuery(base, EXPLORE_PAGE_SIZE), blocked, hidden.loaded);
}
