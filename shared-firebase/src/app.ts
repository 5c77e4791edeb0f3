import { getApp, getApps, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import type { Auth } from 'firebase/auth';
import type { RuntimeConfig } from './config';

export interface FirebaseHandles {
  app: FirebaseApp;
  auth: Auth;
  /**
   * The emulators that Firestore and Storage connect to when first used, or null (production, or
   * an app that was already set up — its services are connected already).
   */
  emulatorsToConnect: RuntimeConfig['emulators'];
}

let handles: FirebaseHandles | null = null;

/**
 * Creates the page's one Firebase app and its Auth, or returns them if they exist. This module is
 * part of the `shared-firebase/session` federation singleton, so the shell and every remote share
 * the handles made here. Firestore and Storage are not created here: their code loads with the
 * first screen that needs them (`getDb`, `loadStorage` in the data layer), so `/login` needs
 * neither.
 */
export function initFirebase(config: RuntimeConfig): FirebaseHandles {
  if (handles) return handles;
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
  handles = { app, auth, emulatorsToConnect: existing ? null : config.emulators };
  return handles;
}

/** The handles made by initFirebase; the shell (or a remote's standalone page) calls that first. */
export function getFirebase(): FirebaseHandles {
  if (!handles) throw new Error('Firebase is not initialised: call initFirebase(config) first.');
  return handles;
}

export function isFirebaseInitialised(): boolean {
  return handles !== null;
}
