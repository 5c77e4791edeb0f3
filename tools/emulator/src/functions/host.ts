// The process that runs firebase-tools' Functions emulator for the local backend (started by
// `startFunctionsEmulator`, launcher.ts). firebase-tools registers Firestore triggers only with a
// Firestore emulator in its own process's EmulatorRegistry, and its CLI would start Google's
// (Java 21 and a download); so this process uses firebase-tools' emulator classes directly and
// registers the Firestore, Auth and Storage emulators the backend already runs as "running
// elsewhere". With Google's Firestore emulator it also relays that emulator's deliveries, which it
// sends once and drops on failure, through the same at-least-once queue this emulator uses.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  DeliveryQueue,
  FUNCTION_DELIVERY_CONCURRENCY,
  Outbox,
  type Delivery,
} from '../firestore/triggers';
import { READY, type Endpoint, type HostConfig } from './hostConfig';

// firebase-tools has no typings for its emulator classes: the little used here.
interface EmulatorInstance {
  start(): Promise<void>;
  connect(): Promise<void>;
  stop(): Promise<void>;
  getInfo(): { name: string; host: string; port: number; timeout?: number };
  getName(): string;
}
/** The Functions emulator's own switch of its event triggers, which its hub's two routes call. */
interface TriggerSwitch {
  disableBackgroundTriggers(): Promise<void>;
  reloadTriggers(): Promise<void>;
}
interface Registry {
  start(instance: EmulatorInstance): Promise<void>;
  stopAll(): Promise<void>;
}
interface Winston {
  transports: { Console: new (options: Record<string, unknown>) => unknown };
  format: { printf(f: (info: Record<string | symbol, unknown>) => string): unknown };
}

const TOOLS = path.dirname(require.resolve('firebase-tools/package.json'));
/* eslint-disable @typescript-eslint/no-require-imports -- firebase-tools' internals, untyped */
const { EmulatorRegistry } = require(path.join(TOOLS, 'lib/emulator/registry')) as {
  EmulatorRegistry: Registry;
};
const { FunctionsEmulator } = require(path.join(TOOLS, 'lib/emulator/functionsEmulator')) as {
  FunctionsEmulator: new (args: Record<string, unknown>) => EmulatorInstance & TriggerSwitch;
};
const { logger } = require(path.join(TOOLS, 'lib/logger')) as { logger: { add(t: unknown): void } };
const versioning = require(path.join(TOOLS, 'lib/deploy/functions/runtimes/node/versioning')) as {
  getLatestSDKVersion: () => string | undefined;
};
const winston = require(require.resolve('winston', { paths: [TOOLS] })) as Winston;
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * How long firebase-tools waits for an emulator another process runs to listen: the Auth emulator
 * boots beside this host, and on a machine busy with builds and browsers it took over
 * firebase-tools' default minute, after which this host exited and no trigger ran. The backend
 * gives the Auth emulator as long (tools/scripts/lib/backend.mjs).
 */
const ELSEWHERE_START_TIMEOUT_MS = 600_000;

/** An emulator another process runs, named to firebase-tools so its env and triggers use it. */
function runningElsewhere(name: string, endpoint: Endpoint): EmulatorInstance {
  return {
    start: async () => undefined,
    connect: async () => undefined,
    stop: async () => undefined,
    getInfo: () => ({
      name,
      host: endpoint.host,
      port: endpoint.port,
      timeout: ELSEWHERE_START_TIMEOUT_MS,
    }),
    getName: () => name,
  };
}

/** firebase-tools' log lines: routine ones on stdout, warnings and errors on stderr. */
function logToConsole(): void {
  const SPLAT = Symbol.for('splat');
  logger.add(
    new winston.transports.Console({
      level: 'info',
      stderrLevels: ['error', 'warn'],
      format: winston.format.printf((info) =>
        [info['message'], ...((info[SPLAT] as unknown[] | undefined) ?? [])]
          .filter((part): part is string => typeof part === 'string')
          .join(' ')
          .trim(),
      ),
    }),
  );
}

/**
 * The Admin SDK's Firestore talks REST here (FIRESTORE_PREFER_REST): this project's emulator
 * serves Firestore's REST and WebChannel protocols, not gRPC. For REST the SDK asks
 * google-auth-library for a credential even with an emulator, so a throwaway service-account key
 * made at start signs its requests locally (no network); the SDK still sends the emulators' admin
 * token, which is what the emulators read. The same on both backends, so functions behave alike.
 */
function throwawayCredentials(dir: string, projectId: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const file = path.join(dir, 'local-service-account.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'local-emulator',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: `local-functions@${projectId}.iam.gserviceaccount.com`,
      client_id: '0',
      // Never reached: the SDK signs its own tokens for the scopes it asks.
      token_uri: 'http://127.0.0.1:9/token',
    }),
    { mode: 0o600 },
  );
  return file;
}

/** Google's emulator's deliveries, accepted at once and delivered again until acknowledged. */
function startRelay(config: HostConfig, log: (line: string) => void) {
  const relay = config.relay!;
  const queue = new DeliveryQueue({
    target: `${config.host}:${config.port}`,
    outbox: Outbox.open(relay.outboxDir),
    retry: config.retry,
    concurrency: FUNCTION_DELIVERY_CONCURRENCY,
    log,
  });
  /** While paused (the triggers turned off), deliveries are acknowledged and dropped. */
  const control = { paused: false, lastDeliveryAt: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/functions/projects/')) {
        res.writeHead(404);
        res.end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if ((name.startsWith('ce-') || name === 'content-type') && typeof value === 'string') {
          headers[name] = value;
        }
      }
      const delivery: Delivery = {
        id: headers['ce-id'] ?? legacyEventId(body) ?? randomUUID(),
        path: req.url,
        headers,
        body,
        createdAt: Date.now(),
      };
      control.lastDeliveryAt = Date.now();
      if (!control.paused) queue.enqueue([delivery]);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"status":"acknowledged"}');
    });
  });
  return new Promise<{ paused: boolean; quiet(): Promise<void>; close(): Promise<void> }>(
    (resolve, reject) => {
      server.once('error', reject);
      server.listen(relay.port, config.host, () =>
        resolve({
          get paused() {
            return control.paused;
          },
          set paused(paused: boolean) {
            control.paused = paused;
          },
          /** Resolves once Google's emulator has sent nothing for a second (its events trail its writes). */
          quiet: async () => {
            while (Date.now() - control.lastDeliveryAt < 1000) {
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
          },
          close: async () => {
            await new Promise<void>((done) => {
              server.close(() => done());
              server.closeAllConnections();
            });
            await queue.close();
          },
        }),
      );
    },
  );
}

/**
 * The launcher's `{ backgroundTriggers: boolean }` messages: what the emulator hub's
 * `PUT /functions/disableBackgroundTriggers` and `/enableBackgroundTriggers` do, for this host,
 * which runs without a hub (the Auth emulator's process holds it). Events arriving while disabled
 * are dropped, as with the hub. Answered with the same message once done.
 */
function switchTriggersOnRequest(
  functions: TriggerSwitch,
  config: HostConfig,
  relay: { paused: boolean; quiet(): Promise<void> } | null,
): void {
  process.on('message', (message: unknown) => {
    const enabled = (message as { backgroundTriggers?: unknown } | null)?.backgroundTriggers;
    if (typeof enabled !== 'boolean') return;
    void (async () => {
      if (enabled) {
        // Google's emulator sends a bulk load's events well after its writes: dropped too.
        await relay?.quiet();
        if (relay) relay.paused = false;
        await functions.reloadTriggers();
      } else {
        await functions.disableBackgroundTriggers();
        // Dropped one by one at the Functions emulator, a bulk load's events would still queue
        // for minutes: our Firestore forgets the registrations (reloadTriggers registers them
        // again) and the relay drops Google's deliveries as they come.
        if (relay) relay.paused = true;
        await forgetFirestoreTriggers(config);
      }
      process.send?.({ backgroundTriggers: enabled });
    })();
  });
}

/** Our Firestore's `DELETE …/triggers`; Google's emulator has none (404), its relay drops instead. */
async function forgetFirestoreTriggers(config: HostConfig): Promise<void> {
  const { host, port } = config.firestore;
  await fetch(`http://${host}:${port}/emulator/v1/projects/${config.projectId}/triggers`, {
    method: 'DELETE',
  }).catch(() => undefined);
}

function legacyEventId(body: string): string | null {
  try {
    const id = (JSON.parse(body) as { context?: { eventId?: unknown } }).context?.eventId;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '{}') as HostConfig;
  // No probing for Google's metadata server, no update checks: everything here is local.
  process.env['METADATA_SERVER_DETECTION'] = 'none';
  process.env['FIREBASE_CLI_DISABLE_UPDATE_CHECK'] = 'true';
  logToConsole();
  // Before loading each codebase, firebase-tools asks the npm registry (`npm show
  // firebase-functions`, about a second) for the newest SDK, only to suggest an upgrade: a network
  // call on every start of a local backend. The installed version is still checked against the
  // minimum it supports.
  versioning.getLatestSDKVersion = () => undefined;
  const log = (line: string) => process.stderr.write(`${line}\n`);

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'social-functions-'));
  const credentials = throwawayCredentials(scratch, config.projectId);
  const relay = config.relay ? await startRelay(config, log) : null;

  await EmulatorRegistry.start(runningElsewhere('firestore', config.firestore));
  if (config.auth) await EmulatorRegistry.start(runningElsewhere('auth', config.auth));
  if (config.storage) await EmulatorRegistry.start(runningElsewhere('storage', config.storage));

  const functions = new FunctionsEmulator({
    projectId: config.projectId,
    projectDir: config.projectDir,
    host: config.host,
    port: config.port,
    verbosity: 'INFO',
    adminSdkConfig: {
      projectId: config.projectId,
      storageBucket: `${config.projectId}.appspot.com`,
    },
    emulatableBackends: config.codebases.map((codebase) => ({
      functionsDir: codebase.source,
      codebase: codebase.codebase,
      ...(codebase.ignore ? { ignore: codebase.ignore } : {}),
      env: { FIRESTORE_PREFER_REST: 'true', GOOGLE_APPLICATION_CREDENTIALS: credentials },
      secretEnv: [],
    })),
  });
  await EmulatorRegistry.start(functions);
  await functions.connect();
  switchTriggersOnRequest(functions, config, relay);
  process.stdout.write(`${READY} http://${config.host}:${config.port}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await EmulatorRegistry.stopAll();
      await relay?.close();
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // The launcher's process is gone (even by kill -9): nothing is left running.
  process.on('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
