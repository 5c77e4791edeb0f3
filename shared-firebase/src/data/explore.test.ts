/** @jest-environment node */
import { collection, orderBy, query, queryEqual } from 'firebase/firestore';
import { getDb } from '../db';
import { offlineFirebaseApp } from '../testing/offlineFirebase';
import { explorePostsNewestFirst } from './explore';

offlineFirebaseApp('demo-explore');

describe('explorePostsNewestFirst', () => {
  it('reads explorePosts (never posts), newest first, with no filter', () => {
    const db = getDb();
    const expected = query(collection(db, 'explorePosts'), orderBy('createdAt', 'desc'));
    expect(queryEqual(explorePostsNewestFirst().withConverter(null), expected)).toBe(true);
    const fromPosts = query(collection(db, 'posts'), orderBy('createdAt', 'desc'));
    expect(queryEqual(explorePostsNewestFirst().withConverter(null), fromPosts)).toBe(false);
  });
});
