/** @jest-environment node */
import { collection, orderBy, query, where, type Firestore } from 'firebase/firestore';
import { isQuery, offlineFirebaseApp } from 'shared-firebase/testing/offlineFirebase';
import { memberSearchQuery } from './search';

offlineFirebaseApp('demo-search');

describe('memberSearchQuery', () => {
  it('is the range of searchName that starts with the prefix, in searchName order', () => {
    const expected = (db: Firestore) =>
      query(
        collection(db, 'usersData'),
        where('searchName', '>=', 'an'),
        where('searchName', '<', 'an\uf8ff'),
        orderBy('searchName'),
      );
    expect(isQuery(memberSearchQuery('an'), expected)).toBe(true);
    expect(isQuery(memberSearchQuery('a'), expected)).toBe(false);
  });
});
