import { getApp, getApps, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import type { Auth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, initializeFirestore } from 'firebase/firestore';
import type { Firestore } from 'firebase/firestore';
import { connectStorageEmulator, getStorage } from 'firebase/storage';
import type { FirebaseStorage } from 'firebase/storage';
import type { RuntimeConfig } from './config';
import { STORAGE_MAX_OPERATION_RETRY_MS, STORAGE_MAX_UPLOAD_RETRY_MS } from './constants';

export interface FirebaseHandles {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  storage: FirebaseStorage;
}

let handles: FirebaseHandles | null = null;

/**
 * Creates the page's one Firebase app, or returns it if it exists. This module is a federation
 * singleton, so the shell and every remote share the handles made here.
 */
export function initFirebase(config: RuntimeConfig): FirebaseHandles {
  if (handles) return handles;
  const existing = getApps().length > 0;
  const app = existing ? getApp() : initializeApp(config.firebase);
  const auth = getAuth(app);
  const db = existing ? getFirestore(app) : initializeFirestore(app, {});
  const storage = getStorage(app);
  storage.maxOperationRetryTime = STORAGE_MAX_OPERATION_RETRY_MS;
  storage.maxUploadRetryTime = STORAGE_MAX_UPLOAD_RETRY_MS;
  if (config.emulators && !existing) {
    connectAuthEmulator(auth, config.emulators.auth, { disableWarnings: true });
    connectFirestoreEmulator(db, config.emulators.firestore.host, config.emulators.firestore.port);
    connectStorageEmulator(storage, config.emulators.storage.host, config.emulators.storage.port);
  }
  handles = { app, auth, db, storage };
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
