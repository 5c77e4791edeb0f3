/** @jest-environment node */
import { collection, orderBy, query, where, type Firestore } from 'firebase/firestore';
import { usersDataCollection } from 'shared-firebase';
import { isQuery, offlineFirebaseApp } from 'shared-firebase/testing/offlineFirebase';
import { memberSearchQuery } from './search';

offlineFirebaseApp('demo-search');

describe('memberSearchQuery', () => {
  const range = (collectionId: string) => (db: Firestore) =>
    query(
      collection(db, collectionId),
      where('searchName', '>=', 'an'),
      where('searchName', '<', 'an\uf8ff'),
      orderBy('searchName'),
    );

  it('is the range of searchName that starts with the prefix, in searchName order, over the cards', () => {
    expect(isQuery(memberSearchQuery('an'), range('memberCards'))).toBe(true);
    expect(isQuery(memberSearchQuery('a'), range('memberCards'))).toBe(false);
  });

  it('is the same range over usersData for a database without cards', () => {
    expect(isQuery(memberSearchQuery('an', usersDataCollection()), range('usersData'))).toBe(true);
  });
});
