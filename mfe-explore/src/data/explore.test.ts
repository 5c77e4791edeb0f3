/** @jest-environment node */
import { collection, orderBy, query, type Firestore } from 'firebase/firestore';
import { isQuery, offlineFirebaseApp } from 'shared-firebase/testing/offlineFirebase';
import { explorePostsNewestFirst } from './explore';

offlineFirebaseApp('demo-explore');

describe('explorePostsNewestFirst', () => {
  it('reads explorePosts (never posts), newest first, with no filter', () => {
    const newestFirst = (name: string) => (db: Firestore) =>
      query(collection(db, name), orderBy('createdAt', 'desc'));
    expect(isQuery(explorePostsNewestFirst(), newestFirst('explorePosts'))).toBe(true);
    expect(isQuery(explorePostsNewestFirst(), newestFirst('posts'))).toBe(false);
  });
});
