import { orderBy, query } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { explorePostsCollection, usePagedQuery, useWithoutSuspended } from 'shared-firebase';
import type { ExplorePost, PagedQuery } from 'shared-firebase';

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

/** The explore grid: live pages of EXPLORE_PAGE_SIZE photo posts; `loadMore` reads the next. */
export function useExplorePosts(): PagedQuery<ExplorePost> {
  const base = useMemo(explorePostsNewestFirst, []);
  return useWithoutSuspended(usePagedQuery(base, EXPLORE_PAGE_SIZE));
}
