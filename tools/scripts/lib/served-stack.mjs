// The product as the e2e suite, the seed spec and the benchmarks run it: a fresh in-memory backend
// and the production builds served as a CDN would (serve-apps), all on free ports so a running
// `npm start` is never disturbed.
import { localRemotesJson } from 'build-config/federation.cjs';
import { localRuntimeConfig } from 'build-config/runtime-config.cjs';
import { startBackend } from './backend.mjs';
import { freeBackendPorts, freePort } from './ports.mjs';
import { APPS, serveApps } from './serve-apps.mjs';

/**
 * Starts the backend for `projectId` (on FIRESTORE_BACKEND's Firestore), then serves every app's
 * build pointing at it. A backend that cannot start rejects before anything is served (the
 * caller tells BackendUnavailable apart); apps that cannot be served stop the backend first.
 * `onFunctionsLine` gets every line the Functions emulator prints (its functions' logs included).
 * @param {string} projectId
 * @param {{ onFunctionsLine?: (line: string) => void }} [options]
 */
export async function startServedStack(projectId, options = {}) {
  const ports = await freeBackendPorts();
  const backend = await startBackend({
    projectId,
    ports,
    dataDir: null,
    quiet: true,
    ...(options.onFunctionsLine ? { onFunctionsLine: options.onFunctionsLine } : {}),
  });
  /** What a script pointed at this backend reads (the variables runtime-config.json reads). */
  const env = {
    FIREBASE_PROJECT_ID: projectId,
    AUTH_EMULATOR_PORT: String(ports.auth),
    FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    STORAGE_EMULATOR_PORT: String(ports.storage),
  };
  const runtimeConfig = localRuntimeConfig(env);
  let apps;
  try {
    const appPorts = {};
    for (const name of Object.keys(APPS)) appPorts[name] = await freePort();
    const remotes = localRemotesJson('127.0.0.1', appPorts);
    apps = await serveApps({
      ports: appPorts,
      runtimeConfig: () => runtimeConfig,
      remotesJson: () => remotes,
    });
  } catch (error) {
    await backend.stop();
    throw error;
  }
  return {
    projectId,
    env,
    runtimeConfig,
    apiKey: runtimeConfig.firebase.apiKey,
    storageBucket: runtimeConfig.firebase.storageBucket,
    authUrl: backend.authUrl,
    firestoreUrl: backend.firestoreUrl,
    storageUrl: backend.storageUrl,
    appUrls: apps.urls,
    shellUrl: apps.urls.shell,
    async stop() {
      await apps.stop();
      await backend.stop();
    },
  };
}
