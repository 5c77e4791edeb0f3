import type { RuntimeConfig } from './firebaseApp';

/** An origin the Firebase SDK talks to, and whether its requests are CORS (credentialless) ones. */
export interface BackendOrigin {
  origin: string;
  /** Auth's and Firestore's calls are CORS requests; a photo in an `<img>` is not. */
  cors: boolean;
}

/**
 * The origins a signed-in member's first view reaches: Auth (the session check), Firestore (the
 * first listen) and Storage (the photos), in production Google's hosts the SDK uses by default.
 */
export function backendOrigins(config: RuntimeConfig): BackendOrigin[] {
  const { emulators } = config;
  if (!emulators) {
    return [
      { origin: 'https://identitytoolkit.googleapis.com', cors: true },
      { origin: 'https://firestore.googleapis.com', cors: true },
      { origin: 'https://firebasestorage.googleapis.com', cors: false },
    ];
  }
  return [
    { origin: new URL(emulators.auth).origin, cors: true },
    { origin: `http://${emulators.firestore.host}:${emulators.firestore.port}`, cors: true },
    { origin: `http://${emulators.storage.host}:${emulators.storage.port}`, cors: false },
  ];
}
