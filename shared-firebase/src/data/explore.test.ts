/** @jest-environment node */
import { collection, orderBy, query, queryEqual } from 'firebase/firestore';
import { initFirebase, loadFirebase } from '../app';
import { getDb } from '../db';
import { explorePostsNewestFirst } from './explore';

// Building a query needs the app but no backend: nothing here touches the network.
beforeAll(async () => {
  initFirebase({ firebase: { projectId: 'demo-explore', apiKey: 'demo-key' }, emulators: null });
  await loadFirebase();
});

describe('explorePostsNewestFirst', () => {
  it('reads explorePosts (never posts), newest first, with no filter', () => {
    const db = getDb();
    const expected = query(collection(db, 'explorePosts'), orderBy('createdAt', 'desc'));
    expect(queryEqual(explorePostsNewestFirst().withConverter(null), expected)).toBe(true);
    const fromPosts = query(collection(db, 'posts'), orderBy('createdAt', 'desc'));
    expect(queryEqual(explorePostsNewestFirst().withConverter(null), fromPosts)).toBe(false);
  });
});
