import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { STACK_FILE } from './stack';
import type { Stack } from './stack';

const ROOT = path.resolve(__dirname, '..');
const PROJECT_ID = 'demo-e2e';

/**
 * Builds every app for production (unless E2E_SKIP_BUILD=1), starts a fresh in-memory backend and
 * serves the builds, all on free ports so a running `npm start` is never disturbed.
 */
export default async function globalSetup() {
  const { freePort } = await import('../scripts/lib/ports.mjs');
  const { startBackend, BackendUnavailable } = await import('../scripts/lib/backend.mjs');
  const { serveApps, APPS } = await import('../scripts/lib/serve-apps.mjs');
  const { localRuntimeConfig } = await import('tooling/runtime-config.cjs');
  const { localRemotesJson } = await import('tooling/federation.cjs');

  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }

  const ports = {
    auth: await freePort(),
    firestore: await freePort(),
    storage: await freePort(),
    hub: await freePort(),
    logging: await freePort(),
  };
  // FIRESTORE_BACKEND=google runs the suite on Google's Firestore emulator (`npm run test:e2e:google`).
  const backend = await startBackend({
    projectId: PROJECT_ID,
    ports,
    dataDir: null,
    quiet: true,
  }).catch((error: unknown) => {
    // A developer's machine without Java or Google's emulator skips that run, saying why; CI
    // machines have both, so there it fails.
    if (!(error instanceof BackendUnavailable) || process.env.CI === 'true') throw error;
    console.warn(`Skipping the e2e run on Google's Firestore emulator: ${error.message}`);
    process.exit(0);
  });

  const appPorts: Record<string, number> = {};
  for (const name of Object.keys(APPS)) appPorts[name] = await freePort();
  const env = {
    FIREBASE_PROJECT_ID: PROJECT_ID,
    AUTH_EMULATOR_PORT: String(ports.auth),
    FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    STORAGE_EMULATOR_PORT: String(ports.storage),
  };
  const runtimeConfig = localRuntimeConfig(env);
  const remotes = localRemotesJson('127.0.0.1', appPorts);
  const apps = await serveApps({
    ports: appPorts as never,
    runtimeConfig: () => runtimeConfig,
    remotesJson: () => remotes,
  });

  const stack: Stack = {
    projectId: PROJECT_ID,
    apiKey: runtimeConfig.firebase.apiKey,
    shellUrl: apps.urls.shell as string,
    appUrls: apps.urls as Stack['appUrls'],
    authUrl: backend.authUrl,
    firestoreUrl: backend.firestoreUrl,
    storageUrl: backend.storageUrl,
    storageBucket: runtimeConfig.firebase.storageBucket,
  };
  fs.mkdirSync(path.dirname(STACK_FILE), { recursive: true });
  fs.writeFileSync(STACK_FILE, JSON.stringify(stack, null, 2));

  return async () => {
    await apps.stop();
    await backend.stop();
  };
}
