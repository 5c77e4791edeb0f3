import { documentId, query, where } from 'firebase/firestore';
import type { Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { firstTrendingDay, tagDaysCollection, useLiveQuery } from 'shared-firebase';
import type { TagCount, TagDay } from 'shared-firebase';

/** How many tags the trending list shows. */
export const TRENDING_SHOWN = 10;

/** The day counts of the last TRENDING_DAYS (UTC) days, today's included, as of `now`. */
export function trendingDaysQuery(now: Date): Query<TagDay, TagDay> {
  return query(tagDaysCollection(), where(documentId(), '>=', firstTrendingDay(now)));
}

/** The `shown` most used tags over `days`: summed, most used first, equal counts by tag. */
export function topTags(days: ReadonlyArray<Partial<TagDay>>, shown = TRENDING_SHOWN): TagCount[] {
  const sums = new Map<string, number>();
  for (const day of days) {
    for (const { tag, count } of day.counts ?? []) sums.set(tag, (sums.get(tag) ?? 0) + count);
  }
  return [...sums]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
    .slice(0, shown);
}

/** The trending tags, live: loading, the top tags, or the read's error. `attempt` reads again. */
export function useTrendingTags(
  attempt: number,
): { status: 'loading' } | { status: 'ready'; tags: TagCount[] } | { status: 'error' } {
  // The week is fixed when the list is read (or read again): a page open past midnight keeps it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const base = useMemo(() => trendingDaysQuery(new Date()), [attempt]);
  const days = useLiveQuery(base);
  return useMemo(() => {
    if (days.status === 'ready') return { status: 'ready', tags: topTags(days.items) };
    return { status: days.status };
  }, [days]);
}
