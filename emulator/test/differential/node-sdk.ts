import { deleteApp, initializeApp } from 'firebase/app';
import * as lite from 'firebase/firestore/lite';
import type { SdkHandle } from './page-interpreter';

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
  lite.connectFirestoreEmulator(db, hostname.replace(/^\[|\]$/g, ''), Number(port), {
    mockUserToken: 'owner',
  });
  return { app, db, fs: lite, stop: () => deleteApp(app) };
}
