/** @jest-environment node */
import { collection, documentId, orderBy, query, queryEqual } from 'firebase/firestore';
import { getDb } from '../db';
import { offlineFirebaseApp } from '../testing/offlineFirebase';
import { membersInReverseFetchOrder } from './members';

offlineFirebaseApp('demo-members');

describe('membersInReverseFetchOrder', () => {
  it('is the whole of usersData by user name descending: the reverse of the fetch by name', () => {
    const db = getDb();
    const expected = query(collection(db, 'usersData'), orderBy('userInfo.userName', 'desc'));
    expect(queryEqual(membersInReverseFetchOrder().withConverter(null), expected)).toBe(true);
  });

  it('is not the fetch order itself', () => {
    const db = getDb();
    const fetchOrder = query(collection(db, 'usersData'), orderBy('userInfo.userName', 'asc'));
    expect(queryEqual(membersInReverseFetchOrder().withConverter(null), fetchOrder)).toBe(false);
  });

  it("is no descending key scan, which Google's Firestore emulator refuses", () => {
    const db = getDb();
    const keyScan = query(collection(db, 'usersData'), orderBy(documentId(), 'desc'));
    expect(queryEqual(membersInReverseFetchOrder().withConverter(null), keyScan)).toBe(false);
  });
});
