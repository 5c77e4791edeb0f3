import { MESSAGES } from 'shared-firebase';
import type { ExplorePost, PagedQuery } from 'shared-firebase';
import { InfiniteList } from 'shared-ui';
import { ExploreTile } from './ExploreTile';

/** The grid's columns at every width (explore.css): its top row is always on the first screen. */
const TOP_ROW_TILES = 3;

const TEXT = {
  loading: 'Loading photos…',
  failed: 'Photos could not be loaded.',
  loadingMore: 'Loading more photos…',
  moreFailed: 'More photos could not be loaded.',
  empty: MESSAGES.noPosts,
};

export interface ExploreGridProps {
  /** Without the photos of members the viewer does not see (useExplorePosts leaves them out). */
  photos: PagedQuery<ExplorePost>;
}

/** The photo grid, read page by page as its last tile scrolls into view. */
export function ExploreGrid({ photos }: ExploreGridProps) {
  return (
    <InfiniteList
      list={photos}
      text={TEXT}
      label="Photo posts"
      className="explore-grid"
      itemClassName="explore-grid__cell"
    >
      {(photo, index) => (
        <ExploreTile
          postId={photo.id}
          authorUid={photo.uid}
          photo={photo}
          priority={index < TOP_ROW_TILES}
        />
      )}
    </InfiniteList>
  );
}
