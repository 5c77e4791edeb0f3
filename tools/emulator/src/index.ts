import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  RequestLog,
  startDataBrowser,
  type BrowserSources,
  type RunningDataBrowser,
} from './browser';
import { browserSourcesOf } from './browserSources';
import { RequestGate } from './common/request-gate';
import { RulesSlot } from './rules';
import { indexesFileOf, rulesFilesOf } from './config';
import { CollectionUsage, FirestoreEngine, readIndexCatalog } from './firestore/engine';
import {
  createFirestoreServer,
  type FirestoreServer,
  type FirestoreServerOptions,
} from './firestore/server';
import {
  DeliveryQueue,
  Outbox,
  TriggerDispatcher,
  TriggerRegistry,
  type RetryPolicy,
} from './firestore/triggers';
import {
  createStorageServer,
  StorageFunctionEvents,
  type StorageServerOptions,
} from './storage/server';
import { openObjectStore } from './storage/store';

export interface StartEmulatorOptions {
  projectId: string;
  host?: string;
  /**
   * Host names that also mean this machine (besides localhost, 127.0.0.1, [::1] and `host`), for
   * a device on the network reaching a non-loopback `host` by name. Requests naming any other
   * Host are refused (421); see common/request-gate.ts.
   */
  allowedHosts?: readonly string[];
  /** 0 picks a free port. */
  firestorePort: number;
  storagePort: number;
  /** null keeps everything in memory. */
  dataDir: string | null;
  /** firebase.json naming `firestore.rules` and `storage.rules`; without it no rules apply. */
  firebaseJsonPath?: string;
  /** Reload rules files when they change (default true). */
  watchRules?: boolean;
  /** An export (`exportTo`) to load at start: `firestore_export/` and/or `storage_export/`. */
  importDir?: string;
  /** Where messages go (default stderr). */
  log?: (line: string) => void;
  /** Serve the data browser on this loopback port (0: a free one); off when absent. */
  dataBrowserPort?: number;
  /**
   * Refuse queries that no index serves, as production does: the indexes come from `indexesFile`,
   * else from the file firebase.json names in `firestore.indexes` (read once, at start).
   */
  requireIndexes?: boolean;
  indexesFile?: string;
  /** Hardening limits of the Firestore server (README "Limits"); tests pass small ones. */
  firestoreLimits?: Pick<FirestoreServerOptions, 'webChannel' | 'listen' | 'connections'>;
  /** Hardening limits of the Storage server (README "Limits"). */
  storageLimits?: Pick<StorageServerOptions, 'connections' | 'maxObjectBytes' | 'uploads'>;
  /**
   * `host:port` of firebase-tools' Functions emulator: the events of the Firestore triggers it
   * registers, and every Storage object event, are delivered there, at least once (README "Cloud
   * Functions triggers"). None: triggers never fire.
   */
  functionsEmulator?: string | null;
  /** How failed deliveries are tried again (tests pass short waits). */
  triggerRetry?: Partial<RetryPolicy>;
  /**
   * `host:port` of firebase-tools' Auth emulator, whose users the data browser's Auth page lists
   * and edits. None: that page says how to tell it.
   */
  authEmulator?: string | null;
}

export interface RunningEmulator {
  projectId: string;
  host: string;
  firestorePort: number;
  storagePort: number;
  engine: FirestoreEngine;
  /** The data browser's address (`dataBrowserPort`), or null when it is off. */
  dataBrowserUrl: string | null;
  /** What the data browser shows (data, sessions, requests, coverage, usage) and changes. */
  browserSources: BrowserSources;
  /** Installs Firestore rules as the `:securityRules` endpoint does; returns the issues. */
  setFirestoreRules(source: string): Array<{ line: number; column: number; message: string }>;
  setStorageRules(source: string): Array<{ line: number; column: number; message: string }>;
  /** Writes Firestore data to `<dir>/firestore_export/` and Storage objects to `<dir>/storage_export/`. */
  exportTo(dir: string): Promise<void>;
  /** Resolves once every trigger event made so far (Firestore and Storage) is delivered (or given up). */
  triggersIdle(): Promise<void>;
  stop(): Promise<void>;
}

export class RulesLoadError extends Error {}
/** Index checks are on but the index file is missing or malformed. */
export class IndexesLoadError extends Error {}

const STORAGE_EXPORT_FOLDER = 'storage_export';
const FIRESTORE_EXPORT_FOLDER = 'firestore_export';

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function loadInitialRules(slot: RulesSlot, file: string | null): void {
  if (!file) return;
  const issues = slot.loadFile(file);
  if (issues.length > 0) {
    throw new RulesLoadError(
      issues.map((i) => `${file}:${i.line}:${i.column}: ${i.message}`).join('\n'),
    );
  }
}

function loadIndexCatalog(options: StartEmulatorOptions, log: (line: string) => void) {
  const file = options.indexesFile ?? indexesFileOf(options.firebaseJsonPath);
  if (!file) {
    throw new IndexesLoadError(
      'index checks are on, but no index file: name it in firebase.json ("firestore": { "indexes": "firestore.indexes.json" })',
    );
  }
  try {
    const catalog = readIndexCatalog(file);
    log(`index checks on: ${catalog.indexes.length} composite indexes from ${file}`);
    return catalog;
  } catch (error) {
    throw new IndexesLoadError((error as Error).message);
  }
}

/** Opens the data, compiles the rules named in firebase.json and starts both servers. */
export async function startEmulator(options: StartEmulatorOptions): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => process.stderr.write(`[emulator] ${line}\n`));
  const rulesFiles = rulesFilesOf(options.firebaseJsonPath);
  const firestoreRules = new RulesSlot('cloud.firestore', 'firestore.rules');
  const storageRules = new RulesSlot('firebase.storage', 'storage.rules');
  loadInitialRules(firestoreRules, rulesFiles.firestore);
  loadInitialRules(storageRules, rulesFiles.storage);

  const requests = new RequestLog();
  firestoreRules.observeDecisions((d) => requests.add(d));
  storageRules.observeDecisions((d) => requests.add(d));
  const usage = new CollectionUsage();
  const indexCatalog = options.requireIndexes ? loadIndexCatalog(options, log) : null;

  const engine = await FirestoreEngine.open({ dataDir: options.dataDir, fsync: 'group' });
  engine.requireIndexes(indexCatalog);
  engine.onCommit((event) => usage.changed(event));
  const objects = openObjectStore(options.dataDir);
  const triggerRegistry = new TriggerRegistry();
  let triggers: TriggerDispatcher | null = null;
  let storageTriggers: DeliveryQueue | null = null;
  const unwatch: Array<() => void> = [];
  let firestoreServer: FirestoreServer | null = null;
  let storageServer: Server | null = null;
  let dataBrowser: RunningDataBrowser | null = null;
  const gate = new RequestGate([host, ...(options.allowedHosts ?? [])]);
  try {
    firestoreServer = createFirestoreServer({
      ...options.firestoreLimits,
      gate,
      engine,
      getRules: () => firestoreRules.get(),
      setRules: (source) => firestoreRules.set(source),
      triggers: triggerRegistry,
      usage,
      coverage: () => firestoreRules.coverage(),
    });
    // Storage events have no registrations to wait for: firebase-tools' Functions emulator keeps
    // its Storage triggers itself, so every object event goes to it (as its Storage emulator does).
    storageTriggers = options.functionsEmulator
      ? new DeliveryQueue({
          target: options.functionsEmulator,
          outbox: Outbox.open(options.dataDir && path.join(options.dataDir, 'triggers', 'storage')),
          retry: options.triggerRetry,
          log,
        })
      : null;
    storageServer = createStorageServer({
      ...options.storageLimits,
      ...(storageTriggers
        ? { functionEvents: StorageFunctionEvents.to(options.projectId, storageTriggers) }
        : {}),
      store: objects,
      host,
      gate,
      getRules: () => storageRules.get(),
      setRules: (source) => storageRules.set(source),
    });
    if (options.importDir) {
      const dir = options.importDir;
      if (!fs.existsSync(dir)) throw new Error(`Import directory not found: ${dir}`);
      if (fs.existsSync(path.join(dir, FIRESTORE_EXPORT_FOLDER))) await engine.importFrom(dir);
      if (fs.existsSync(path.join(dir, STORAGE_EXPORT_FOLDER))) {
        await objects.importFrom(path.join(dir, STORAGE_EXPORT_FOLDER));
      }
    }
    // After the import: loading data fires no trigger (Google's emulator imports before any
    // trigger can be registered).
    triggers = new TriggerDispatcher(engine, triggerRegistry, {
      functionsEmulator: options.functionsEmulator ?? null,
      dataDir: options.dataDir,
      retry: options.triggerRetry,
      log,
    });
    const dispatcher = triggers;
    const storageQueue = storageTriggers;
    const firestorePort = await listen(firestoreServer, options.firestorePort, host);
    const storagePort = await listen(storageServer, options.storagePort, host);
    if (options.watchRules !== false) {
      if (rulesFiles.firestore) unwatch.push(firestoreRules.watch(rulesFiles.firestore, log));
      if (rulesFiles.storage) unwatch.push(storageRules.watch(rulesFiles.storage, log));
    }
    const fsServer = firestoreServer;
    const stServer = storageServer;
    const browserSources: BrowserSources = browserSourcesOf({
      engine,
      objects,
      firestoreServer: fsServer,
      firestoreRules,
      storageRules,
      requests,
      usage,
      projectId: options.projectId,
      authEmulator: options.authEmulator ?? null,
    });
    if (options.dataBrowserPort !== undefined) {
      dataBrowser = await startDataBrowser(browserSources, {
        port: options.dataBrowserPort,
        projectId: options.projectId,
        firestorePort,
      });
    }
    const browser = dataBrowser;
    let stopping: Promise<void> | null = null;
    return {
      projectId: options.projectId,
      host,
      firestorePort,
      storagePort,
      engine,
      dataBrowserUrl: browser?.url ?? null,
      browserSources,
      setFirestoreRules: (source) => firestoreRules.set(source),
      setStorageRules: (source) => storageRules.set(source),
      exportTo: async (dir) => {
        await engine.exportTo(dir);
        await objects.exportTo(path.join(dir, STORAGE_EXPORT_FOLDER));
      },
      triggersIdle: async () => {
        await Promise.all([dispatcher.idle(), storageQueue?.idle()]);
      },
      stop: () =>
        (stopping ??= (async () => {
          for (const u of unwatch) u();
          fsServer.closeStreams();
          await Promise.all([closeServer(fsServer), closeServer(stServer), browser?.close()]);
          await dispatcher.close();
          await storageQueue?.close();
          await engine.close();
        })()),
    };
  } catch (err) {
    for (const u of unwatch) u();
    await dataBrowser?.close();
    if (firestoreServer) {
      firestoreServer.closeStreams();
      await closeServer(firestoreServer);
    }
    if (storageServer) await closeServer(storageServer);
    await triggers?.close();
    await storageTriggers?.close();
    await engine.close();
    throw err;
  }
}

export { resolveConfig, type EmulatorConfig } from './config';
