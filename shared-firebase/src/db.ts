import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import type { Firestore } from 'firebase/firestore';
// Through the session entry, never a module inside it: the build shares that file by its path, so
// every app on the page gets the one session module and there is one set of handles.
import { getFirebase } from './session';

let db: Firestore | null = null;

/** The page's Firestore, created (and connected to the emulator) on first use. */
export function getDb(): Firestore {
  if (db) return db;
  const { app, emulatorsToConnect } = getFirebase();
  const firestore = getFirestore(app);
  if (emulatorsToConnect) {
    const { host, port } = emulatorsToConnect.firestore;
    connectFirestoreEmulator(firestore, host, port);
  }
  db = firestore;
  return db;
}
