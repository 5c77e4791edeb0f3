import { deleteApp, initializeApp } from 'firebase/app';
import * as lite from 'firebase/firestore/lite';
import type { Op, Outcome } from './model';
import { serverCodeOf } from './node-http';
import { interpretInPage, type SdkHandle } from './page-interpreter';

/**
 * The real `firebase` SDK's REST build (`firebase/firestore/lite`) in Node, as the emulators'
 * admin (`Bearer owner`, as the pages are). Operations that need no listener run here: each is
 * one HTTP request to the emulator, where the browser build would open a watch target or a
 * write stream in Chromium (test/differential/README.md, "Size").
 */
export interface NodeSdk extends SdkHandle {
  stop(): Promise<void>;
}

let apps = 0;

export function startNodeSdk(projectId: string, firestoreUrl: string): NodeSdk {
  const { hostname, port } = new URL(firestoreUrl);
  apps += 1;
  const app = initializeApp({ projectId, apiKey: 'differential' }, `differential-node-${apps}`);
  const db = lite.getFirestore(app);
  // Every failed request is an outcome here, and the SDK would also log it, which jest prints
  // with a stack trace: a thousand of them cost seconds of the test process's CPU per run.
  lite.setLogLevel('silent');
  lite.connectFirestoreEmulator(db, hostname.replace(/^\[|\]$/g, ''), Number(port), {
    mockUserToken: 'owner',
  });
  return { app, db, fs: lite, stop: () => deleteApp(app) };
}

/**
 * A REST build outcome with the error code the emulator sent (node-http.ts), or null when a
 * server error's code is not certain: then only the browser build can tell it (differ.ts runs the
 * operation again in the page). Other outcomes, and the SDK's own errors, are exact as they are.
 */
export function withServerCode(firestoreUrl: string, outcome: Outcome): Outcome | null {
  if (!('error' in outcome) || outcome.error === 'timeout' || outcome.message === undefined)
    return outcome;
  if (!outcome.message.startsWith('Request failed with error: ')) return outcome;
  const code = serverCodeOf(firestoreUrl, outcome.message);
  return code ? { ...outcome, error: code } : null;
}

/** The name under which a page gets `answerOutside` (PageRun.outside). */
export const OUTSIDE_FUNCTION = 'differentialOutside';

/**
 * What a page's listener asks Node for: its writes, made as another client would, so the
 * listener sees them only through the emulator's watch stream; and the server's answer to its
 * query, one request that shares nothing with the listener's target. A write and the answer
 * after it come in one call (`ops`, run in order until one fails), to save a round trip.
 */
export function answerOutside(
  node: NodeSdk,
  restBase: string,
): (request: string) => Promise<string> {
  return async (request) => {
    const asked = JSON.parse(request) as { ops: Op[]; ns: string; now: number; timeoutMs: number };
    const result = await interpretInPage(node, {
      ops: asked.ops,
      ns: asked.ns,
      restBase,
      now: asked.now,
      timeoutMs: asked.timeoutMs,
      stopOnError: true,
    });
    // A write error's code must be exact for the listener to record it; `inexact` tells the page
    // to make the write itself instead.
    return JSON.stringify(
      result.outcomes.map(
        (outcome) => withServerCode(restBase, outcome) ?? { ...outcome, inexact: true },
      ),
    );
  };
}
