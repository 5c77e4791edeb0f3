import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { STACK_FILE } from './stack';
import type { Stack } from './stack';

const ROOT = path.resolve(__dirname, '..');
const PROJECT_ID = 'demo-e2e';

/**
 * Builds every app for production (unless E2E_SKIP_BUILD=1), then starts the served stack (a fresh
 * in-memory backend and the builds, on free ports) and writes where it runs for the workers.
 */
export default async function globalSetup() {
  const { startServedStack } = await import('../tools/scripts/lib/served-stack.mjs');
  const { BackendUnavailable } = await import('../tools/scripts/lib/backend.mjs');

  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }

  // What the functions log, for tests that check what a function did (support/functions-log.ts).
  const functionsLog = path.join(path.dirname(STACK_FILE), 'functions.log');
  fs.mkdirSync(path.dirname(functionsLog), { recursive: true });
  fs.writeFileSync(functionsLog, '');
  const onFunctionsLine = (line: string) => fs.appendFileSync(functionsLog, `${line}\n`);

  // FIRESTORE_BACKEND=google runs the suite on Google's Firestore emulator (`npm run test:e2e:google`).
  const running = await startServedStack(PROJECT_ID, { onFunctionsLine }).catch(
    (error: unknown) => {
      // A developer's machine without Java or Google's emulator skips that run, saying why; CI
      // machines have both, so there it fails.
      if (!(error instanceof BackendUnavailable) || process.env.CI === 'true') throw error;
      console.warn(`Skipping the e2e run on Google's Firestore emulator: ${error.message}`);
      process.exit(0);
    },
  );

  const stack: Stack = {
    projectId: running.projectId,
    apiKey: running.apiKey,
    shellUrl: running.shellUrl as string,
    appUrls: running.appUrls as Stack['appUrls'],
    authUrl: running.authUrl,
    firestoreUrl: running.firestoreUrl,
    storageUrl: running.storageUrl,
    storageBucket: running.storageBucket,
    functionsLog,
  };
  fs.mkdirSync(path.dirname(STACK_FILE), { recursive: true });
  fs.writeFileSync(STACK_FILE, JSON.stringify(stack, null, 2));

  return () => running.stop();
}
