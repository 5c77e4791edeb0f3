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
  it('is the whole of usersData by document id descending: the reverse of a collection read', () => {
    const db = getDb();
    const expected = query(collection(db, 'usersData'), orderBy(documentId(), 'desc'));
    expect(queryEqual(membersInReverseFetchOrder().withConverter(null), expected)).toBe(true);
  });

  it('is not the fetch order itself', () => {
    const db = getDb();
    const fetchOrder = query(collection(db, 'usersData'), orderBy(documentId(), 'asc'));
    expect(queryEqual(membersInReverseFetchOrder().withConverter(null), fetchOrder)).toBe(false);
  });
});
