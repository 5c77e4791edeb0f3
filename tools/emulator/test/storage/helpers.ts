import type { AddressInfo } from 'node:net';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Server } from 'node:http';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { compileRules, type CompiledRules } from '../../src/rules';
import { createStorageServer, type StorageServerOptions } from '../../src/storage/server';
import { openObjectStore, type ObjectStore } from '../../src/storage/store';
import { RequestGate } from '../../src/common/request-gate';

export const BUCKET = 'demo-social.appspot.com';

export interface RunningStorage {
  server: Server;
  store: ObjectStore;
  port: number;
  base: string;
  setRules(source: string | null): void;
  close(): Promise<void>;
}

export async function startStorage(
  options: Partial<Omit<StorageServerOptions, 'getRules' | 'setRules' | 'store'>> & {
    rules?: string;
    dataDir?: string | null;
  } = {},
): Promise<RunningStorage> {
  const store = openObjectStore(options.dataDir ?? null);
  let rules: CompiledRules | null = options.rules ? compileRules(options.rules) : null;
  const server = createStorageServer({
    store,
    host: '127.0.0.1',
    gate: new RequestGate(),
    maxObjectBytes: options.maxObjectBytes,
    getRules: () => rules,
    setRules: (source) => {
      try {
        rules = compileRules(source);
        return [];
      } catch (error) {
        const issues = (
          error as { issues?: Array<{ line: number; column: number; message: string }> }
        ).issues;
        if (issues) return issues;
        throw error;
      }
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    store,
    port,
    base: `http://127.0.0.1:${port}`,
    setRules: (source) => {
      rules = source === null ? null : compileRules(source);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let appCounter = 0;

/** A firebase app whose Storage talks to the emulator, optionally as a mock signed-in user. */
export function storageClient(
  port: number,
  user?: { sub: string } | 'owner',
): { app: FirebaseApp; storage: FirebaseStorage; close(): Promise<void> } {
  const app = initializeApp(
    { projectId: 'demo-social', storageBucket: BUCKET, apiKey: 'fake-api-key', appId: '1:1:web:1' },
    `storage-test-${++appCounter}`,
  );
  const storage = getStorage(app);
  connectStorageEmulator(storage, '127.0.0.1', port, user ? { mockUserToken: user } : {});
  return { app, storage, close: () => deleteApp(app) };
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
}

/** Bytes whose every position is distinguishable, so misplaced ranges show. */
export function patternBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

export const objectUrl = (base: string, name: string): string =>
  `${base}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`;
