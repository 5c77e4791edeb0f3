// The runtime configuration the shell fetches as /runtime-config.json (shape: shared-firebase's
// RuntimeConfig). Production values come from the environment at deploy time, never from source;
// without them the config points at the local emulators.

/** Ports of the local backend; tests pass their own free ports through the environment. */
const LOCAL_BACKEND = {
  projectId: 'demo-social',
  authPort: 9099,
  firestorePort: 8080,
  storagePort: 9199,
  // The emulator's data browser (tools/emulator/README.md); the Firebase Emulator UI's usual port.
  dataBrowserPort: 4000,
  // firebase-tools' Functions emulator (its usual port), when firebase.json lists codebases.
  functionsPort: 5001,
};

function localRuntimeConfig(env = process.env) {
  const projectId = env.FIREBASE_PROJECT_ID || LOCAL_BACKEND.projectId;
  const host = env.EMULATOR_HOST || '127.0.0.1';
  return {
    firebase: {
      apiKey: 'demo-api-key',
      authDomain: `${projectId}.firebaseapp.com`,
      projectId,
      storageBucket: `${projectId}.appspot.com`,
      appId: 'demo-app',
    },
    emulators: {
      auth: `http://${host}:${env.AUTH_EMULATOR_PORT || LOCAL_BACKEND.authPort}`,
      firestore: { host, port: Number(env.FIRESTORE_EMULATOR_PORT || LOCAL_BACKEND.firestorePort) },
      storage: { host, port: Number(env.STORAGE_EMULATOR_PORT || LOCAL_BACKEND.storagePort) },
    },
  };
}

/** A production project's web config, when the environment names one; null otherwise. */
function productionRuntimeConfig(env = process.env) {
  if (!env.FIREBASE_API_KEY) return null;
  return {
    firebase: {
      apiKey: env.FIREBASE_API_KEY,
      authDomain: env.FIREBASE_AUTH_DOMAIN,
      projectId: env.FIREBASE_PROJECT_ID,
      storageBucket: env.FIREBASE_STORAGE_BUCKET,
      appId: env.FIREBASE_APP_ID,
      messagingSenderId: env.FIREBASE_MESSAGING_SENDER_ID,
    },
    emulators: null,
  };
}

function devRuntimeConfig(env = process.env) {
  return productionRuntimeConfig(env) ?? localRuntimeConfig(env);
}

module.exports = { LOCAL_BACKEND, localRuntimeConfig, productionRuntimeConfig, devRuntimeConfig };
