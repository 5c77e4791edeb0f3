// The measured stack: the served stack (a fresh in-memory backend and the six production builds
// served as a CDN would), and the single-bundle build served the same way, all on free ports.
import { serveDir } from '../lib/serve-apps.mjs';
import { freePort } from '../lib/ports.mjs';
import { startServedStack } from '../lib/served-stack.mjs';
import { SINGLE_BUNDLE_DIR } from './builds.mjs';

export async function startBenchStack() {
  const stack = await startServedStack('demo-bench');
  const singlePort = await freePort();
  let single;
  try {
    single = await serveDir({
      dir: SINGLE_BUNDLE_DIR,
      port: singlePort,
      files: { '/runtime-config.json': () => stack.runtimeConfig },
    });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return {
    ...stack,
    singleBundleUrl: `http://127.0.0.1:${singlePort}`,
    async stop() {
      await new Promise((resolve) => {
        single.close(() => resolve());
        single.closeAllConnections();
      });
      await stack.stop();
    },
  };
}
