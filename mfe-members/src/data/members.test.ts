/** @jest-environment node */
import { collection, documentId, orderBy, query, type Firestore } from 'firebase/firestore';
import { isQuery, offlineFirebaseApp } from 'shared-firebase/testing/offlineFirebase';
import { membersInReverseFetchOrder } from './members';

offlineFirebaseApp('demo-members');

const usersDataBy =
  (...order: Parameters<typeof orderBy>) =>
  (db: Firestore) =>
    query(collection(db, 'usersData'), orderBy(...order));

describe('membersInReverseFetchOrder', () => {
  it('is the whole of usersData by user name descending: the reverse of the fetch by name', () => {
    expect(isQuery(membersInReverseFetchOrder(), usersDataBy('userInfo.userName', 'desc'))).toBe(
      true,
    );
  });

  it('is not the fetch order itself', () => {
    expect(isQuery(membersInReverseFetchOrder(), usersDataBy('userInfo.userName', 'asc'))).toBe(
      false,
    );
  });

  it("is no descending key scan, which Google's Firestore emulator refuses", () => {
    expect(isQuery(membersInReverseFetchOrder(), usersDataBy(documentId(), 'desc'))).toBe(false);
  });
});
