import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TRENDING_DAYS } from 'shared-firebase';
import { EmptyState, LoadFailure, Spinner } from 'shared-ui';
import { useTrendingTags } from '../data';
import { tagPath } from '../paths';

const postsOf = (count: number) => (count === 1 ? '1 post' : `${count} posts`);

/** The most used tags of the last TRENDING_DAYS days, as the explore function counted them. */
export function TrendingTags() {
  const [attempt, setAttempt] = useState(0);
  const trending = useTrendingTags(attempt);
  return (
    <section className="explore-trending" aria-labelledby="explore-trending-heading">
      <h2 id="explore-trending-heading" className="explore-trending__heading">
        Trending tags
      </h2>
      {trending.status === 'loading' ? <Spinner label="Loading tags…" /> : null}
      {trending.status === 'error' ? (
        <LoadFailure
          message="Trending tags could not be loaded."
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : null}
      {trending.status === 'ready' && trending.tags.length === 0 ? (
        <EmptyState>No tags used in the last {TRENDING_DAYS} days.</EmptyState>
      ) : null}
      {trending.status === 'ready' && trending.tags.length > 0 ? (
        <ol
          className="explore-trending__list"
          aria-label={`Trending tags, last ${TRENDING_DAYS} days`}
        >
          {trending.tags.map(({ tag, count }) => (
            <li key={tag}>
              <Link className="explore-trending__tag" to={tagPath(tag)}>
                <span className="explore-trending__name">#{tag}</span>
                <span className="explore-trending__count">{postsOf(count)}</span>
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
