/** @jest-environment node */
import { collection, documentId, query, where, type Firestore } from 'firebase/firestore';
import { isQuery, offlineFirebaseApp } from 'shared-firebase/testing/offlineFirebase';
import { topTags, trendingDaysQuery, TRENDING_SHOWN } from './trending';

offlineFirebaseApp('demo-explore-trending');

describe('trendingDaysQuery', () => {
  it('reads the tagDays documents of the last seven UTC days, today included', () => {
    const now = new Date('2026-11-27T00:30:00Z');
    const from = (day: string) => (db: Firestore) =>
      query(collection(db, 'tagDays'), where(documentId(), '>=', day));
    expect(isQuery(trendingDaysQuery(now), from('2026-11-21'))).toBe(true);
    expect(isQuery(trendingDaysQuery(now), from('2026-11-20'))).toBe(false);
  });
});

describe('topTags', () => {
  it('sums each tag over the days, most used first, equal counts by tag', () => {
    const days = [
      {
        counts: [
          { tag: 'weekend', count: 2 },
          { tag: 'home', count: 1 },
        ],
      },
      {
        counts: [
          { tag: 'home', count: 2 },
          { tag: 'citylife', count: 3 },
        ],
      },
      {},
    ];
    expect(topTags(days)).toEqual([
      { tag: 'citylife', count: 3 },
      { tag: 'home', count: 3 },
      { tag: 'weekend', count: 2 },
    ]);
  });

  it('shows at most the ten most used', () => {
    const counts = Array.from({ length: 15 }, (_, n) => ({ tag: `t${n}`, count: n + 1 }));
    const top = topTags([{ counts }]);
    expect(top).toHaveLength(TRENDING_SHOWN);
    expect(top[0]).toEqual({ tag: 't14', count: 15 });
  });
});
