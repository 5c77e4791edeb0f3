import { MESSAGES } from 'shared-firebase';
import type { ExplorePost, PagedQuery } from 'shared-firebase';
import { EmptyState, LoadFailure, Spinner, useOnVisible } from 'shared-ui';
import { ExploreTile } from './ExploreTile';

/** The grid's columns at every width (explore.css): its top row is always on the first screen. */
const TOP_ROW_TILES = 3;

export interface ExploreGridProps {
  photos: PagedQuery<ExplorePost>;
}

/**
 * The photo grid. The last tile is the infinite-scroll trigger: when it scrolls into view the next
 * page is read. A freshly loaded page brings a new last tile, which is observed afresh, so a page
 * that still leaves the end on screen reads the next one too.
 */
export function ExploreGrid({ photos }: ExploreGridProps) {
  const { items, status, hasMore, loadingMore, loadMore, loadMoreError, retry } = photos;
  const lastTileRef = useOnVisible<HTMLLIElement>(loadMore);

  if (status === 'loading') return <Spinner label="Loading photos…" />;
  if (status === 'error') {
    return <LoadFailure message="Photos could not be loaded." onRetry={retry} />;
  }
  if (items.length === 0) return <EmptyState>{MESSAGES.noPosts}</EmptyState>;

  return (
    <>
      <ul className="explore-grid" aria-label="Photo posts">
        {items.map((photo, index) => (
          <li
            key={photo.id}
            className="explore-grid__cell"
            ref={hasMore && index === items.length - 1 ? lastTileRef : undefined}
          >
            <ExploreTile
              postId={photo.id}
              authorUid={photo.uid}
              photo={photo}
              priority={index < TOP_ROW_TILES}
            />
          </li>
        ))}
      </ul>
      {loadingMore && <Spinner label="Loading more photos…" />}
      {loadMoreError ? (
        <LoadFailure message="More photos could not be loaded." onRetry={retry} />
      ) : null}
    </>
  );
}
