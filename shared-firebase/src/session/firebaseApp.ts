import type { FirebaseApp, FirebaseOptions } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type * as FirebaseSdk from './firebaseSdk';

/** The shape of /runtime-config.json: which backend the page talks to, decided at deploy time. */
export interface RuntimeConfig {
  firebase: FirebaseOptions;
  /** Local emulators; null in production. */
  emulators: {
    auth: string;
    firestore: { host: string; port: number };
    storage: { host: string; port: number };
  } | null;
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/** Reads /runtime-config.json: the Firebase web config and, locally, the emulator addresses. */
export async function fetchRuntimeConfig(
  url: string = RUNTIME_CONFIG_PATH,
): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

/** The page's one Firebase app and its Auth, the handles every team's calls take. */
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
  sdk: typeof FirebaseSdk;
}

let config: RuntimeConfig | null = null;
let loading: Promise<LoadedFirebase> | null = null;
let loaded: LoadedFirebase | null = null;

/**
 * Sets the backend the page's one Firebase app will use (the first call wins). Nothing is loaded
 * yet: `loadFirebase` fetches the SDK when the page first needs it. This module is part of the
 * `shared-firebase/session` federation singleton, so the shell and every remote share one app.
 * Firestore and Storage are created later still, on first use (`getDb`, `loadStorage`).
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
    const attempt = import('./firebaseSdk').then((sdk) => {
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

/**
 * The page's Firebase app and Auth, loading their code on first call. A team's own Auth calls
 * (`signInWithEmailAndPassword(auth, …)` from `firebase/auth`) take this `auth`.
 */
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
