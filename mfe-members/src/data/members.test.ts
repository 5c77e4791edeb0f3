/** @jest-environment node */
import { collection, documentId, orderBy, query, type Firestore } from 'firebase/firestore';
import { isQuery, offlineFirebaseApp } from 'shared-firebase/testing/offlineFirebase';
import { usersDataCollection } from 'shared-firebase';
import { membersInReverseFetchOrder } from './members';

offlineFirebaseApp('demo-members');

const cardsBy =
  (...order: Parameters<typeof orderBy>) =>
  (db: Firestore) =>
    query(collection(db, 'memberCards'), orderBy(...order));
const usersDataBy =
  (...order: Parameters<typeof orderBy>) =>
  (db: Firestore) =>
    query(collection(db, 'usersData'), orderBy(...order));

describe('membersInReverseFetchOrder', () => {
  it('is every member card by user name descending: the reverse of the fetch by name', () => {
    expect(isQuery(membersInReverseFetchOrder(), cardsBy('userInfo.userName', 'desc'))).toBe(true);
  });

  it('is the same query over usersData for a database without cards', () => {
    expect(
      isQuery(
        membersInReverseFetchOrder(usersDataCollection()),
        usersDataBy('userInfo.userName', 'desc'),
      ),
    ).toBe(true);
  });

  it('is not the fetch order itself', () => {
    expect(isQuery(membersInReverseFetchOrder(), cardsBy('userInfo.userName', 'asc'))).toBe(false);
  });

  it("is no descending key scan, which Google's Firestore emulator refuses", () => {
    expect(isQuery(membersInReverseFetchOrder(), cardsBy(documentId(), 'desc'))).toBe(false);
  });
});
