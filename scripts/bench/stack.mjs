// The measured stack: a fresh in-memory backend, the six production builds served as a CDN would
// (serve-apps), and the single-bundle build served the same way, all on free ports.
import { startBackend } from '../lib/backend.mjs';
import { freePort } from '../lib/ports.mjs';
import { APPS, serveApps, serveDir } from '../lib/serve-apps.mjs';
import federation from 'tooling/federation.cjs';
import runtimeConfigs from 'tooling/runtime-config.cjs';
import { SINGLE_BUNDLE_DIR } from './builds.mjs';

const PROJECT_ID = 'demo-bench';

export async function startBenchStack() {
  const ports = {
    auth: await freePort(),
    firestore: await freePort(),
    storage: await freePort(),
    hub: await freePort(),
    logging: await freePort(),
  };
  const backend = await startBackend({ projectId: PROJECT_ID, ports, dataDir: null, quiet: true });
  const runtimeConfig = runtimeConfigs.localRuntimeConfig({
    FIREBASE_PROJECT_ID: PROJECT_ID,
    AUTH_EMULATOR_PORT: String(ports.auth),
    FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    STORAGE_EMULATOR_PORT: String(ports.storage),
  });
  const appPorts = {};
  for (const name of Object.keys(APPS)) appPorts[name] = await freePort();
  const remotes = federation.localRemotesJson('127.0.0.1', appPorts);
  const apps = await serveApps({
    ports: appPorts,
    runtimeConfig: () => runtimeConfig,
    remotesJson: () => remotes,
  });
  const singlePort = await freePort();
  const single = await serveDir({
    dir: SINGLE_BUNDLE_DIR,
    port: singlePort,
    files: { '/runtime-config.json': () => runtimeConfig },
  });
  return {
    projectId: PROJECT_ID,
    apiKey: runtimeConfig.firebase.apiKey,
    authUrl: backend.authUrl,
    firestoreUrl: backend.firestoreUrl,
    storageUrl: backend.storageUrl,
    storageBucket: runtimeConfig.firebase.storageBucket,
    appUrls: apps.urls,
    shellUrl: apps.urls.shell,
    singleBundleUrl: `http://127.0.0.1:${singlePort}`,
    async stop() {
      await new Promise((resolve) => {
        single.close(() => resolve());
        single.closeAllConnections();
      });
      await apps.stop();
      await backend.stop();
    },
  };
}
