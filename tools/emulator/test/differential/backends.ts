import net from 'node:net';
import {
  SHORT_RUN_JVM_OPTIONS,
  startGoogleFirestore,
  type GoogleFirestoreInstall,
} from '../../src/reference/googleFirestore';
import { startStack, type HarnessClient, type Stack } from '../harness';
import { sendThroughNodeHttp } from './node-http';
import { installInterpreter } from './page-runner';
import { OUTSIDE_FUNCTION, answerOutside, startNodeSdk, type NodeSdk } from './node-sdk';

export type Side = 'ours' | 'google';

/** One browser page with the real SDK per emulator, both admin (the `owner` token) unless rules are tested. */
export interface Pair {
  /** The first lane's pages. */
  clients: Record<Side, HarnessClient>;
  /**
   * One page per emulator per lane: lanes run different episodes at once, so the run spends its
   * time on both emulators' work rather than on one operation's round trips at a time.
   */
  lanes: Array<Record<Side, HarnessClient>>;
  stacks: Record<Side, Stack>;
  /** The REST build in Node per emulator (admin), when asked for: runs what needs no page. */
  node?: Record<Side, NodeSdk>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A free port is only free until someone binds it: this emulator's own servers start beside
 * Google's and take ports of their own, so a port Google's was given can be gone by the time its
 * JVM binds it. Such a start is tried again on another port.
 */
async function startGoogleOnFreePort(
  options: Omit<Parameters<typeof startGoogleFirestore>[0], 'port'>,
): Promise<Awaited<ReturnType<typeof startGoogleFirestore>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startGoogleFirestore({ ...options, port: await freePort() });
    } catch (error) {
      if (attempt >= 3 || !String((error as Error).message).includes('Address already in use')) {
        throw error;
      }
    }
  }
}

/**
 * Starts this emulator in-process and Google's as a child process, each behind the harness's
 * stack, so the same page code runs against both. Google's is reached through the harness's
 * external mode (the variables `firebase emulators:exec` sets); Storage, which the differential
 * test never touches, points at this emulator's.
 */
export async function startPair(options: {
  projectId: string;
  install: GoogleFirestoreInstall;
  firestoreRules?: string;
  client?: { uid?: string; admin?: boolean };
  /** Pages per emulator (default 1). */
  lanes?: number;
  /** Also the REST build in Node, as admin (differ.ts runsInPage says what runs where). */
  nodeSdk?: boolean;
}): Promise<Pair> {
  const { projectId } = options;
  const [oursStart, googleStart] = await Promise.allSettled([
    // Google's emulator checks no indexes: neither does ours here, so their answers compare.
    startStack({ projectId, firestoreRules: options.firestoreRules, indexes: false }),
    startGoogleOnFreePort({
      projectId,
      dataDir: null,
      install: options.install,
      jvmOptions: SHORT_RUN_JVM_OPTIONS,
    }),
  ]);
  // When one fails, the other is stopped: a stack left running (its servers and browser) keeps
  // jest from ever exiting after the run.
  if (oursStart.status === 'rejected' || googleStart.status === 'rejected') {
    if (oursStart.status === 'fulfilled') await oursStart.value.stop();
    if (googleStart.status === 'fulfilled') await googleStart.value.stop();
    throw oursStart.status === 'rejected'
      ? oursStart.reason
      : (googleStart as PromiseRejectedResult).reason;
  }
  const ours = oursStart.value;
  const google = googleStart.value;
  const saved = {
    firestore: process.env['FIRESTORE_EMULATOR_HOST'],
    storage: process.env['FIREBASE_STORAGE_EMULATOR_HOST'],
  };
  let googleStack: Stack;
  try {
    process.env['FIRESTORE_EMULATOR_HOST'] = `${google.host}:${google.port}`;
    process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = ours.storageUrl.replace('http://', '');
    googleStack = await startStack({ projectId, firestoreRules: options.firestoreRules });
  } catch (error) {
    await Promise.all([ours.stop(), google.stop()]);
    throw error;
  } finally {
    for (const [name, value] of [
      ['FIRESTORE_EMULATOR_HOST', saved.firestore],
      ['FIREBASE_STORAGE_EMULATOR_HOST', saved.storage],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  const clientOptions = options.client ?? { admin: true };
  const node = options.nodeSdk
    ? {
        ours: startNodeSdk(projectId, ours.firestoreUrl),
        google: startNodeSdk(projectId, googleStack.firestoreUrl),
      }
    : undefined;
  const undoHttp = node
    ? sendThroughNodeHttp([ours.firestoreUrl, googleStack.firestoreUrl])
    : () => {};
  const stopAll = async () => {
    if (node) await Promise.all([node.ours.stop(), node.google.stop()]);
    undoHttp();
    await Promise.all([googleStack.stop(), ours.stop()]);
    await google.stop();
  };
  // Pages open one lane after another: a dozen at once can miss page-load time-outs on a busy machine.
  const lanes: Array<Record<Side, HarnessClient>> = [];
  try {
    for (let lane = 0; lane < (options.lanes ?? 1); lane++) {
      const [oursClient, googleClient] = await Promise.all([
        ours.openClient(clientOptions),
        googleStack.openClient(clientOptions),
      ]);
      await Promise.all([installInterpreter(oursClient), installInterpreter(googleClient)]);
      if (node) {
        await oursClient.page.exposeFunction(
          OUTSIDE_FUNCTION,
          answerOutside(node.ours, ours.firestoreUrl),
        );
        await googleClient.page.exposeFunction(
          OUTSIDE_FUNCTION,
          answerOutside(node.google, googleStack.firestoreUrl),
        );
      }
      lanes.push({ ours: oursClient, google: googleClient });
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    clients: lanes[0]!,
    lanes,
    stacks: { ours, google: googleStack },
    ...(node ? { node } : {}),
    stop: stopAll,
  };
}
