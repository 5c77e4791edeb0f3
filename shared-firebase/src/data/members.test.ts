/** @jest-environment node */
import { collection, documentId, orderBy, query, queryEqual } from 'firebase/firestore';
import { initFirebase, loadFirebase } from '../app';
import { getDb } from '../db';
import { membersInReverseFetchOrder } from './members';

// Building a query needs the app but no backend: nothing here touches the network.
beforeAll(async () => {
  initFirebase({ firebase: { projectId: 'demo-members', apiKey: 'demo-key' }, emulators: null });
  await loadFirebase();
});

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
