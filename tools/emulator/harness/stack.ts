import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type * as AppSdk from 'firebase/app';
import type * as AuthSdk from 'firebase/auth';
import type * as FirestoreSdk from 'firebase/firestore';
import type * as StorageSdk from 'firebase/storage';
import { startEmulator, type RunningEmulator } from '../src/index';
import { sdkBundlePath } from './sdk-bundle';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- build-config is CommonJS
export const { CHROMIUM_LAUNCH_OPTIONS } = require('build-config/chromium.cjs') as {
  CHROMIUM_LAUNCH_OPTIONS: { executablePath: string; args: string[] };
};

/** What a function passed to `client.run` receives inside the page. */
export interface PageFirebase {
  app: AppSdk.FirebaseApp;
  db: FirestoreSdk.Firestore;
  storage: StorageSdk.FirebaseStorage;
  /** The `firebase/firestore` module. */
  fs: typeof FirestoreSdk;
  /** The `firebase/storage` module. */
  st: typeof StorageSdk;
  /** The `firebase/auth` module (for tests that use the real Auth emulator). */
  auth: typeof AuthSdk;
  uid: string | null;
  /** Scratch space that survives between `run` calls (listeners put their snapshots here). */
  vars: Record<string, unknown>;
  /** `ok(value)` when `p` resolves; `code: message` when it is refused. */
  outcome<T>(p: Promise<T>, ok: (value: T) => string): Promise<string>;
  /** The ids `q` returns, comma-joined (in the answer's order unless `sorted`), or its refusal. */
  ids(q: FirestoreSdk.Query, options?: { sorted?: boolean }): Promise<string>;
  /** The server's answer to the aggregation `spec` over `q`. */
  aggregate<S extends FirestoreSdk.AggregateSpec>(
    q: FirestoreSdk.Query,
    spec: S,
  ): Promise<FirestoreSdk.AggregateSpecData<S>>;
  /**
   * `p`, held by the page until it settles. Chromium's inspector holds the promise an evaluation
   * returns only weakly: one whose settling the page no longer references (the SDK's pending reads
   * are reached only from inside it) can be collected mid-run, failing the call with "Resulting
   * promise was garbage collected".
   */
  keep<T>(p: Promise<T>): Promise<T>;
}

export interface ClientOptions {
  /** Signed in as this uid (an unsigned ID token, as the Auth emulator issues); none = signed out. */
  uid?: string;
  /** Extra ID-token claims (email, email_verified, custom claims). */
  claims?: Record<string, unknown>;
  /** The emulators' admin bypass (`Bearer owner`): rules do not apply. */
  admin?: boolean;
  /** `experimentalForceLongPolling` (CI=1 backchannels only). */
  longPolling?: boolean;
}

export interface HarnessClient {
  page: Page;
  uid: string | null;
  /** Runs `fn(fb, arg)` in the page; `fn` must be self-contained (it is sent as source text). */
  run<T, A = undefined>(fn: (fb: PageFirebase, arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  /** Polls `fn(fb, arg)` in the page until it returns a truthy value, which is returned. */
  waitFor<T, A = undefined>(
    fn: (fb: PageFirebase, arg: A) => T,
    arg?: A,
    timeoutMs?: number,
  ): Promise<T>;
  close(): Promise<void>;
}

export interface StackOptions {
  /** Default `demo-test`; against external emulators, a fresh `demo-test-<random>` per stack. */
  projectId?: string;
  /** A data directory (kept across `restartEmulator`); default: in memory. Use `'temp'` for a fresh temp dir. */
  dataDir?: string | null | 'temp';
  /** Firestore rules source to install at start (default: none, everything allowed). */
  firestoreRules?: string;
  /** Storage rules source to install at start. */
  storageRules?: string;
  /** A firebase.json to read rules files from (as the CLI does). */
  firebaseJsonPath?: string;
  /** Start the data browser on this port (0: a free one); see `stack.emulator.dataBrowserUrl`. */
  dataBrowserPort?: number;
  /** `host:port` of firebase-tools' Auth emulator (`startAuthEmulator`), for the Auth page. */
  authEmulator?: string;
  /**
   * The firestore.indexes.json that queries are checked against, as production checks them
   * (default: the repository's, so a missing index fails a test here); false: no checks.
   */
  indexes?: string | false;
}

export interface Stack {
  projectId: string;
  /**
   * True when FIRESTORE_EMULATOR_HOST names a running Firestore emulator (e.g. Google's under
   * `firebase emulators:exec`): Firestore is that one, and Storage the one
   * FIREBASE_STORAGE_EMULATOR_HOST names, else this emulator's in-process.
   */
  external: boolean;
  /** This emulator in-process; throws in external mode. */
  emulator: RunningEmulator;
  /** `http://127.0.0.1:<port>` of the Firestore and Storage servers. */
  firestoreUrl: string;
  storageUrl: string;
  dataDir: string | null;
  browser: Browser;
  openClient(options?: ClientOptions): Promise<HarnessClient>;
  /** Stops the emulator and starts it again on the same ports and data directory. */
  restartEmulator(): Promise<void>;
  /** Replaces the Firestore rules (rejects on compile issues). */
  setFirestoreRules(source: string): Promise<void>;
  setStorageRules(source: string): Promise<void>;
  /** Deletes every document of the project (the emulators' clear-data endpoint). */
  clearFirestore(): Promise<void>;
  /** Deletes every object of this stack's bucket (`<projectId>.appspot.com`). */
  clearStorage(): Promise<void>;
  stop(): Promise<void>;
}

const REPOSITORY_INDEXES = path.resolve(__dirname, '../../../firestore.indexes.json');

const PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>harness</title>
<script src="/sdk.js"></script></head><body></body></html>`;

/** Serves the harness page and the SDK bundle from their own origin (so calls are cross-origin). */
async function startPageServer(bundle: string): Promise<{ url: string; close(): Promise<void> }> {
  const sdk = fs.readFileSync(bundle);
  const server = http.createServer((req, res) => {
    if (req.url === '/sdk.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(sdk);
    } else if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(PAGE_HTML);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function assertNoIssues(issues: Array<{ line: number; column: number; message: string }>): void {
  if (issues.length > 0) {
    throw new Error(issues.map((i) => `L${i.line}:${i.column} ${i.message}`).join('\n'));
  }
}

interface PageInit {
  projectId: string;
  firestoreHost: string;
  firestorePort: number;
  storageHost: string;
  storagePort: number;
  uid: string | null;
  claims: Record<string, unknown>;
  admin: boolean;
  longPolling: boolean;
}

/** Runs in the page: one Firebase app wired to the emulator, exposed as `window.fb`. */
function initPage(init: PageInit): void {
  const w = window as unknown as {
    firebaseSdk: {
      app: typeof AppSdk;
      auth: typeof AuthSdk;
      firestore: typeof FirestoreSdk;
      storage: typeof StorageSdk;
    };
    fb: PageFirebase;
  };
  const { app, auth, firestore, storage } = w.firebaseSdk;
  const firebaseApp = app.initializeApp({
    projectId: init.projectId,
    apiKey: 'demo-api-key',
    appId: '1:000000000000:web:0000000000000000',
    storageBucket: `${init.projectId}.appspot.com`,
  });
  const db = firestore.initializeFirestore(
    firebaseApp,
    init.longPolling ? { experimentalForceLongPolling: true } : {},
  );
  const token = init.admin
    ? 'owner'
    : init.uid
      ? { ...init.claims, sub: init.uid, user_id: init.uid }
      : undefined;
  const emulatorOptions = token ? { mockUserToken: token } : {};
  firestore.connectFirestoreEmulator(db, init.firestoreHost, init.firestorePort, emulatorOptions);
  const st = storage.getStorage(firebaseApp);
  storage.connectStorageEmulator(st, init.storageHost, init.storagePort, emulatorOptions);
  const kept = new Set<Promise<unknown>>();
  const keep = <T>(p: Promise<T>) => {
    kept.add(p);
    const release = () => kept.delete(p);
    p.then(release, release);
    return p;
  };
  const outcome = <T>(p: Promise<T>, ok: (value: T) => string) =>
    p.then(ok, (e: { code: string; message: string }) => `${e.code}: ${e.message}`);
  w.fb = {
    app: firebaseApp,
    db,
    storage: st,
    fs: firestore,
    st: storage,
    auth,
    uid: init.uid,
    vars: {},
    outcome,
    ids: (q, { sorted = false } = {}) =>
      outcome(firestore.getDocs(q), (s) => {
        const ids = s.docs.map((d) => d.id);
        return (sorted ? ids.sort() : ids).join(',');
      }),
    aggregate: async (q, spec) => (await firestore.getAggregateFromServer(q, spec)).data(),
    keep,
  };
}

async function makeTempDir(): Promise<string> {
  const base = path.resolve(__dirname, '../.tmp/data');
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, 'run-'));
}

interface Endpoint {
  host: string;
  port: number;
}

/** `host:port` as the emulator variables hold it (`127.0.0.1:8080`, `[::1]:8080`). */
function parseHostPort(value: string, variable: string): Endpoint {
  const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(value.trim());
  if (!match) throw new Error(`${variable}=${value} is not host:port`);
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

function urlOf({ host, port }: Endpoint): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Running emulators named by the environment, as `firebase emulators:exec` sets it; null when
 * FIRESTORE_EMULATOR_HOST is not set. Storage is external only when its variable is set too;
 * without it each stack runs this emulator's Storage in-process, so that test files running at
 * once never share its global rules or its reset.
 */
function externalEndpoints(): { firestore: Endpoint; storage: Endpoint | null } | null {
  const firestore = process.env['FIRESTORE_EMULATOR_HOST'];
  const storage =
    process.env['FIREBASE_STORAGE_EMULATOR_HOST'] ?? process.env['STORAGE_EMULATOR_HOST'];
  if (!firestore) {
    if (storage) {
      throw new Error('FIREBASE_STORAGE_EMULATOR_HOST needs FIRESTORE_EMULATOR_HOST beside it.');
    }
    return null;
  }
  return {
    firestore: parseHostPort(firestore, 'FIRESTORE_EMULATOR_HOST'),
    // STORAGE_EMULATOR_HOST may carry a scheme (firebase-admin's form).
    storage: storage
      ? parseHostPort(storage.replace(/^https?:\/\//, ''), 'FIREBASE_STORAGE_EMULATOR_HOST')
      : null,
  };
}

/** The two servers the browser talks to, and how rules are installed on them. */
interface Backend {
  firestore: Endpoint;
  storage: Endpoint;
  setFirestoreRules(source: string): Promise<void>;
  setStorageRules(source: string): Promise<void>;
  emulator(): RunningEmulator;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function putRules(url: string, name: string, content: string): Promise<void> {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name, content }] } }),
  });
  if (!res.ok) throw new Error(`${name} not installed: ${res.status} ${await res.text()}`);
}

/** Emulators run by someone else (official ones): rules go through their public endpoints. */
function externalBackend(
  endpoints: { firestore: Endpoint; storage: Endpoint },
  projectId: string,
): Backend {
  const unavailable = (what: string) => () => {
    throw new Error(`${what} is not available against external emulators`);
  };
  return {
    ...endpoints,
    setFirestoreRules: (source) =>
      putRules(
        `${urlOf(endpoints.firestore)}/emulator/v1/projects/${projectId}:securityRules`,
        'firestore.rules',
        source,
      ),
    setStorageRules: (source) =>
      putRules(`${urlOf(endpoints.storage)}/internal/setRules`, 'storage.rules', source),
    emulator: unavailable('stack.emulator'),
    restart: unavailable('restartEmulator()'),
    stop: async () => undefined,
  };
}

/** Firestore external, Storage this emulator's in-process one (its Firestore left unused). */
function withOwnStorage(firestore: Endpoint, own: Backend, projectId: string): Backend {
  const external = externalBackend({ firestore, storage: own.storage }, projectId);
  return {
    ...external,
    setStorageRules: (source) => own.setStorageRules(source),
    stop: () => own.stop(),
  };
}

/** This emulator in-process on free ports. */
async function ownBackend(projectId: string, options: StackOptions, dataDir: string | null) {
  const launch = (firestorePort: number, storagePort: number) =>
    startEmulator({
      projectId,
      firestorePort,
      storagePort,
      dataDir,
      firebaseJsonPath: options.firebaseJsonPath,
      watchRules: false,
      log: () => undefined,
      ...(options.dataBrowserPort === undefined
        ? {}
        : { dataBrowserPort: options.dataBrowserPort }),
      authEmulator: options.authEmulator ?? null,
      requireIndexes: options.indexes !== false,
      indexesFile: options.indexes || REPOSITORY_INDEXES,
    });
  let emulator = await launch(0, 0);
  const rules: { firestore?: string; storage?: string } = {};
  const install = () => {
    if (rules.firestore) assertNoIssues(emulator.setFirestoreRules(rules.firestore));
    if (rules.storage) assertNoIssues(emulator.setStorageRules(rules.storage));
  };
  const backend: Backend = {
    firestore: { host: '127.0.0.1', port: emulator.firestorePort },
    storage: { host: '127.0.0.1', port: emulator.storagePort },
    async setFirestoreRules(source) {
      assertNoIssues(emulator.setFirestoreRules(source));
      rules.firestore = source;
    },
    async setStorageRules(source) {
      assertNoIssues(emulator.setStorageRules(source));
      rules.storage = source;
    },
    emulator: () => emulator,
    async restart() {
      const { firestorePort, storagePort } = emulator;
      await emulator.stop();
      emulator = await launch(firestorePort, storagePort);
      install();
    },
    stop: () => emulator.stop(),
  };
  return backend;
}

/**
 * Starts the emulator in-process on free ports (or uses the external emulators the environment
 * names, see `Stack.external`), a page server and headless Chromium. Every `openClient` is a
 * fresh browser context (its own tab, storage and Firebase app).
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const external = externalEndpoints();
  // Shared external emulators serve every test file at once: each stack gets its own project there,
  // as clearing data and installing rules are per project.
  const projectId =
    options.projectId ?? (external ? `demo-test-${randomUUID().slice(0, 8)}` : 'demo-test');
  const ownsDataDir = !external && options.dataDir === 'temp';
  const dataDir = external
    ? null
    : options.dataDir === 'temp'
      ? await makeTempDir()
      : (options.dataDir ?? null);
  const bundle = await sdkBundlePath();
  const pageServer = await startPageServer(bundle);
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH_OPTIONS,
  });
  const contexts = new Set<BrowserContext>();

  let backend: Backend;
  try {
    backend = !external
      ? await ownBackend(projectId, options, dataDir)
      : external.storage
        ? externalBackend({ firestore: external.firestore, storage: external.storage }, projectId)
        : withOwnStorage(
            external.firestore,
            await ownBackend(projectId, { ...options, indexes: false }, null),
            projectId,
          );
    if (options.firestoreRules) await backend.setFirestoreRules(options.firestoreRules);
    if (options.storageRules) await backend.setStorageRules(options.storageRules);
  } catch (err) {
    await browser.close();
    await pageServer.close();
    throw err;
  }

  const stack: Stack = {
    projectId,
    external: external !== null,
    get emulator() {
      return backend.emulator();
    },
    dataDir,
    browser,
    firestoreUrl: urlOf(backend.firestore),
    storageUrl: urlOf(backend.storage),

    async openClient(clientOptions: ClientOptions = {}): Promise<HarnessClient> {
      // The SDK sends its token in the WebChannel body, where this emulator never takes the
      // admin token (a plain form can write it there): admin clients send it as a real header,
      // as admin tools do.
      const context = await browser.newContext(
        clientOptions.admin ? { extraHTTPHeaders: { Authorization: 'Bearer owner' } } : {},
      );
      contexts.add(context);
      const page = await context.newPage();
      page.on('pageerror', (err) => process.stderr.write(`[harness page] ${err.message}\n`));
      await page.goto(pageServer.url);
      const init: PageInit = {
        projectId,
        firestoreHost: backend.firestore.host,
        firestorePort: backend.firestore.port,
        storageHost: backend.storage.host,
        storagePort: backend.storage.port,
        uid: clientOptions.uid ?? null,
        claims: clientOptions.claims ?? {},
        admin: clientOptions.admin ?? false,
        longPolling: clientOptions.longPolling ?? false,
      };
      await page.evaluate(initPage, init);
      const client: HarnessClient = {
        page,
        uid: init.uid,
        run<T, A>(fn: (fb: PageFirebase, arg: A) => T | Promise<T>, arg?: A): Promise<T> {
          return page.evaluate(
            ([source, a]) => {
              const f = (0, eval)(`(${source})`) as (fb: PageFirebase, arg: unknown) => unknown;
              const fb = (window as unknown as { fb: PageFirebase }).fb;
              return fb.keep(Promise.resolve().then(() => f(fb, a)));
            },
            [fn.toString(), arg] as const,
          ) as Promise<T>;
        },
        async waitFor<T, A>(fn: (fb: PageFirebase, arg: A) => T, arg?: A, timeoutMs = 10_000) {
          const handle = await page.waitForFunction(
            ([source, a]) => {
              const f = (0, eval)(`(${source})`) as (fb: unknown, arg: unknown) => unknown;
              return f((window as unknown as { fb: unknown }).fb, a);
            },
            [fn.toString(), arg] as const,
            { timeout: timeoutMs, polling: 20 },
          );
          return (await handle.jsonValue()) as T;
        },
        async close() {
          contexts.delete(context);
          await context.close();
        },
      };
      return client;
    },

    restartEmulator: () => backend.restart(),
    setFirestoreRules: (source) => backend.setFirestoreRules(source),
    setStorageRules: (source) => backend.setStorageRules(source),

    async clearFirestore() {
      const res = await fetch(
        `${stack.firestoreUrl}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
        { method: 'DELETE' },
      );
      if (!res.ok) throw new Error(`clear failed: ${res.status}`);
    },

    async clearStorage() {
      // Only this stack's bucket, through the Admin API: an external Storage emulator serves
      // other test files at the same time, and a global reset would delete their objects too.
      const objects = `${stack.storageUrl}/storage/v1/b/${projectId}.appspot.com/o`;
      const admin = { Authorization: 'Bearer owner' };
      for (;;) {
        const res = await fetch(objects, { headers: admin });
        if (!res.ok) throw new Error(`storage list failed: ${res.status}`);
        const page = (await res.json()) as { items?: { name: string }[] };
        if (!page.items?.length) return;
        for (const { name } of page.items) {
          const gone = await fetch(`${objects}/${encodeURIComponent(name)}`, {
            method: 'DELETE',
            headers: admin,
          });
          if (!gone.ok && gone.status !== 404)
            throw new Error(`storage delete failed: ${gone.status}`);
        }
      }
    },

    async stop() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await pageServer.close();
      await backend.stop();
      if (ownsDataDir && dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}
