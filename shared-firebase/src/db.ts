import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import type { Firestore } from 'firebase/firestore';
// Through the package name, not './app': the federation runtime then hands every build the one
// shared session module, so there is exactly one set of handles on the page.
import { getFirebase } from 'shared-firebase/session';

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
