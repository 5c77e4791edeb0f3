import { commit, documentsPath, runQuery } from './rest';
import { percentile } from './stats';

/**
 * The home feed's query (`where('followers', 'array-contains', uid), orderBy('createdAt',
 * 'desc')`, a page of 3) over 10,000 posts, timed from a client over REST: what a page load asks
 * of the server. The same posts as the engine benchmark (200 members, each post with 20 followers).
 */

const POSTS = 10_000;
const MEMBERS = 200;
const BATCH = 500;
const WARM_UP = 50;
const QUERIES = 300;
const PAGE = 3;

function post(documents: string, i: number): unknown {
  const followers = Array.from({ length: 20 }, (_, k) => ({
    stringValue: `u${(i * 7 + k * 13) % MEMBERS}`,
  }));
  return {
    update: {
      name: `${documents}/posts/p${String(i).padStart(6, '0')}`,
      fields: {
        text: { stringValue: `post number ${i}` },
        uid: { stringValue: `u${i % MEMBERS}` },
        followers: { arrayValue: { values: followers } },
        createdAt: { timestampValue: new Date(1_700_000_000_000 + i * 1000).toISOString() },
        likes: { arrayValue: { values: [] } },
      },
    },
  };
}

function feedQuery(viewer: string): unknown {
  return {
    from: [{ collectionId: 'posts' }],
    where: {
      fieldFilter: {
        field: { fieldPath: 'followers' },
        op: 'ARRAY_CONTAINS',
        value: { stringValue: viewer },
      },
    },
    orderBy: [
      { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
      { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
    ],
    limit: PAGE,
  };
}

export interface FeedQueryResult {
  p50Ms: number;
  p99Ms: number;
  queries: number;
}

export async function measureFeedQuery(
  firestoreUrl: string,
  projectId: string,
): Promise<FeedQueryResult> {
  const documents = documentsPath(projectId);
  for (let i = 0; i < POSTS; i += BATCH) {
    const writes = Array.from({ length: BATCH }, (_, k) => post(documents, i + k));
    await commit(firestoreUrl, projectId, writes);
  }
  const times: number[] = [];
  for (let r = 0; r < WARM_UP + QUERIES; r++) {
    const start = performance.now();
    const found = await runQuery(firestoreUrl, projectId, feedQuery(`u${r % MEMBERS}`));
    const ms = performance.now() - start;
    if (found.length !== PAGE) throw new Error(`feed query returned ${found.length} posts`);
    if (r >= WARM_UP) times.push(ms);
  }
  return { p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99), queries: QUERIES };
}
