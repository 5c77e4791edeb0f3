import { queryEqual, type Firestore, type Query } from 'firebase/firestore';
import { initFirebase, loadFirebase } from '../session/firebaseApp';
import { getDb } from '../db';

/**
 * Starts the Firebase app once before the file's tests, with no emulators and no backend: enough
 * to build queries and compare them (`queryEqual`), with nothing touching the network.
 */
export function offlineFirebaseApp(projectId: string): void {
  beforeAll(async () => {
    initFirebase({ firebase: { projectId, apiKey: 'demo-key' }, emulators: null });
    await loadFirebase();
  });
}

/** Whether `actual` (its converter dropped) is the query `build` makes on the app's Firestore. */
export function isQuery(actual: Query, build: (db: Firestore) => Query): boolean {
  return queryEqual(actual.withConverter(null), build(getDb()));
}
