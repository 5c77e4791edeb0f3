import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type * as AuthSdk from './authSdk';
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

/** The Firebase app and Auth, with the Auth functions the session uses. */
export interface LoadedFirebase {
  handles: FirebaseHandles;
  sdk: typeof AuthSdk;
}

let config: RuntimeConfig | null = null;
let loading: Promise<LoadedFirebase> | null = null;
let loaded: LoadedFirebase | null = null;

/**
 * Sets the backend the page's one Firebase app will use (the first call wins). Nothing is loaded
 * yet: `loadFirebase` fetches the SDK when the page first needs it. This module is part of the
 * `shared-firebase/session` federation singleton, so the shell and every remote share one app.
 * Firestore and Storage are created later still, by the data layer (`getDb`, `loadStorage`).
 */
export function initFirebase(runtimeConfig: RuntimeConfig): void {
  config ??= runtimeConfig;
}

/** Loads the Firebase app and Auth once (a failed load is tried again at the next call). */
export function loadFirebaseSdk(): Promise<LoadedFirebase> {
  if (!loading) {
    const runtimeConfig = config;
    if (!runtimeConfig) {
      return Promise.reject(new Error('Firebase is not set up: call initFirebase(config) first.'));
    }
    const attempt = import('./authSdk').then((sdk) => {
      loaded = { handles: sdk.createFirebase(runtimeConfig), sdk };
      return loaded;
    });
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading;
}

/** The page's Firebase app and Auth, loading their code on first call. */
export async function loadFirebase(): Promise<FirebaseHandles> {
  return (await loadFirebaseSdk()).handles;
}

/**
 * The handles, once loaded. Every caller runs for a signed-in member, and the session is only
 * signed in after Firebase has loaded.
 */
export function getFirebase(): FirebaseHandles {
  if (!loaded) throw new Error('Firebase is not loaded: await loadFirebase() first.');
  return loaded.handles;
}
