// The Firebase app and Auth code. Only `loadFirebaseSdk` (firebaseApp.ts) imports this module, on
// first need, so a visitor with no session sees the sign-in screens without it
// (docs/PERFORMANCE.md).
import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import type { FirebaseHandles, RuntimeConfig } from './firebaseApp';

export { onIdTokenChanged, signOut } from 'firebase/auth';

/** Creates the page's Firebase app and its Auth, connected to the emulators when configured. */
export function createFirebase(config: RuntimeConfig): FirebaseHandles {
  const existing = getApps().length > 0;
  const app = existing ? getApp() : initializeApp(config.firebase);
  // getAuth's defaults without the popup/redirect sign-in code the product has no use for (email and
  // password only): the same persistence order, so members stay signed in across the change.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  if (config.emulators && !existing) {
    connectAuthEmulator(auth, config.emulators.auth, { disableWarnings: true });
  }
  return { app, auth, emulatorsToConnect: existing ? null : config.emulators };
}
