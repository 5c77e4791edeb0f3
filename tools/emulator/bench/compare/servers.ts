import { freePort } from 'build-config/free-port.cjs';
import {
  locateGoogleFirestore,
  ReferenceEmulatorMissing,
  startGoogleFirestore,
  type GoogleFirestoreInstall,
} from '../../src/reference/googleFirestore';
import { startEmulatorProcess } from '../wire/emulatorProcess';

/**
 * The two Firestore servers the comparison runs, each in its own process (so its RSS and CPU are
 * read alone from /proc), started as a developer starts them: ours is `dist/cli.js` on a fresh
 * durable data directory, Google's is its emulator's JVM (its data lives in memory).
 */

export type ServerKind = 'ours' | 'google';

export interface BenchServer {
  kind: ServerKind;
  /** The process that serves Firestore (Google's: the Java process itself). */
  pid: number;
  firestoreUrl: string;
  /** Spawn until the server said it is ready, ms. */
  readyMs: number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  projectId: string;
  /** Absolute path of the Firestore rules both servers enforce. */
  rulesPath: string;
}

export type StartServer = (options: ServerOptions) => Promise<BenchServer>;

export async function startOurs(options: ServerOptions): Promise<BenchServer> {
  const start = performance.now();
  const emulator = await startEmulatorProcess({
    projectId: options.projectId,
    firestoreRules: options.rulesPath,
  });
  return {
    kind: 'ours',
    pid: emulator.pid,
    firestoreUrl: emulator.firestoreUrl,
    readyMs: performance.now() - start,
    stop: () => emulator.stop(),
  };
}

// What Google's emulator prints once its HTTP server accepts requests.
const GOOGLE_READY_LINE = 'Dev App Server is now running';

function startGoogle(install: GoogleFirestoreInstall): StartServer {
  return async (options) => {
    const port = await freePort();
    const start = performance.now();
    let saidReady: number | null = null;
    const running = await startGoogleFirestore({
      projectId: options.projectId,
      port,
      rulesPath: options.rulesPath,
      dataDir: null,
      install,
      log: (line) => {
        if (saidReady === null && line.includes(GOOGLE_READY_LINE)) saidReady = performance.now();
      },
    });
    // The launcher polls HTTP every 100 ms; the emulator's own ready line is the sharper time,
    // and the same kind of moment as ours (its "emulator ready" line).
    const readyAt = saidReady ?? performance.now();
    return {
      kind: 'google',
      pid: running.pid,
      firestoreUrl: running.url,
      readyMs: readyAt - start,
      stop: () => running.stop(),
    };
  };
}

/** Google's emulator's starter, or the one-line reason it cannot run here. */
export function findGoogle(): { start: StartServer } | { missing: string } {
  try {
    return { start: startGoogle(locateGoogleFirestore()) };
  } catch (error) {
    if (error instanceof ReferenceEmulatorMissing) return { missing: error.message };
    throw error;
  }
}
