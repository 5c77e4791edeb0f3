// The server alone: single-document writes acknowledged per second over the Write stream with 10
// listeners attached, driven by a Node client that speaks the SDK's WebChannel protocol (no
// browser), against the built emulator in its own process on a durable data directory.
// Env: BENCH_WIRE_WRITES (default 5000), BENCH_CPU_PROF=<dir> (V8 profile of the emulator),
// BENCH_EMULATOR_CLI=<path of another build's cli.js> (to compare two servers).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { processCpuMs } from '../cpu';
import { startEmulatorProcess } from './emulatorProcess';
import { emulatorIdToken } from './idToken';
import { ListenClient } from './listener';
import { percentile, runWrites, type WriteRun } from './writeLoad';
import { WriteStreamClient } from './writer';

const PROJECT = 'bench-wire';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const DOCUMENTS = `${DATABASE}/documents`;
const COLLECTION = 'bench';
const LISTENERS = 10;
const WARM_UP_WRITES = 500;
const WRITES = Number(process.env.BENCH_WIRE_WRITES ?? 5000);
// The SDK keeps at most 10 writes outstanding on its Write stream (its remote store fills the
// write pipeline while fewer than 10 batches are unacknowledged), so the headline figure uses
// the same depth: it is what one SDK client can get from this server.
const SDK_PIPELINE_DEPTH = 10;
// Not what the SDK does: shows how far the server goes when latency is hidden by more writes in
// flight (several writers, or a client without the SDK's limit).
const DEEP_PIPELINE_DEPTH = 100;
const FIRST_QUERY_TARGET_ID = 2; // a fresh SDK instance numbers query targets 2, 4, 6, ...
const SDK_VERSION = '12.19.0';
const PHASE_TIMEOUT_MS = 180_000;
// Listeners are told of a commit before it is acknowledged: a listener still behind after this
// long has lost a change.
const LISTENER_TIMEOUT_MS = 30_000;

function initHeaders(uid: string): Record<string, string> {
  return {
    'X-Goog-Api-Client': `gl-js/ fire/${SDK_VERSION}`,
    'Content-Type': 'text/plain',
    Authorization: `Bearer ${emulatorIdToken(uid, PROJECT)}`,
  };
}

/** `onSnapshot(query(collection(db, 'bench'), orderBy('n', 'desc'), limit(limit)))`. */
function newestQuery(limit: number): unknown {
  return {
    structuredQuery: {
      from: [{ collectionId: COLLECTION }],
      orderBy: [
        { field: { fieldPath: 'n' }, direction: 'DESCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
      ],
      limit,
    },
    parent: DOCUMENTS,
  };
}

/** `setDoc(doc(db, 'bench', 'd<n>'), { n, by: uid })`. */
function setWrite(n: number, uid: string): unknown {
  return {
    update: {
      name: `${DOCUMENTS}/${COLLECTION}/d${n}`,
      fields: { n: { integerValue: String(n) }, by: { stringValue: uid } },
    },
  };
}

function withTimeout<T>(promise: Promise<T>, what: string, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Every listener saw every commit: one documentChange per write, the exact final window. */
function verifyListeners(listeners: ListenClient[], totalWrites: number): void {
  listeners.forEach((listener, i) => {
    const limit = 3 + i;
    const view = listener.view;
    const expected = Array.from(
      { length: limit },
      (_, k) => `${DOCUMENTS}/${COLLECTION}/d${totalWrites - 1 - k}`,
    );
    const problems: string[] = [];
    if (view.changes !== totalWrites)
      problems.push(`${view.changes} documentChange for ${totalWrites} writes`);
    if (view.removals !== totalWrites - limit) {
      problems.push(`${view.removals} documentRemove, expected ${totalWrites - limit}`);
    }
    const names = [...view.snapshot.keys()].sort();
    if (names.join() !== [...expected].sort().join())
      problems.push(`final window ${names.length} documents, not the newest ${limit}`);
    if (problems.length > 0)
      throw new Error(`listener ${i} (limit ${limit}) missed changes: ${problems.join('; ')}`);
  });
}

function newestN(listener: ListenClient): number {
  let newest = -1;
  for (const doc of listener.view.snapshot.values()) {
    const n = Number((doc.fields?.['n'] as { integerValue?: string } | undefined)?.integerValue);
    if (n > newest) newest = n;
  }
  return newest;
}

interface Measured {
  run: WriteRun;
  serverCpuMs: number;
  clientCpuMs: number;
  /** From the last acknowledgement until every listener's snapshot holds the last write. */
  listenersLagMs: number;
}

function describe(label: string, m: Measured): string {
  const perSecond = Math.round(m.run.count / (m.run.elapsedMs / 1000));
  const perWrite = (ms: number) => (ms / m.run.count).toFixed(2);
  const busy = (ms: number) => `${Math.round((100 * ms) / m.run.elapsedMs)}%`;
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  return (
    `${label}: ${perSecond}/s\n` +
    `  CPU per write: emulator process ${perWrite(m.serverCpuMs)} ms (${busy(m.serverCpuMs)} of one core), ` +
    `load generator ${perWrite(m.clientCpuMs)} ms (${busy(m.clientCpuMs)}); ` +
    `ack latency median ${percentile(m.run.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(m.run.latencies, 0.99).toFixed(1)} ms; ` +
    `all listeners current ${m.listenersLagMs.toFixed(0)} ms after the last ack; ` +
    `load average ${load} on ${os.cpus().length} cores\n`
  );
}

async function main(): Promise<void> {
  const profileDir = process.env.BENCH_CPU_PROF
    ? path.resolve(process.env.BENCH_CPU_PROF)
    : undefined;
  const emulator = await startEmulatorProcess({
    projectId: PROJECT,
    firestoreRules: path.join(__dirname, 'bench.firestore.rules'),
    cpuProfileDir: profileDir,
    cliPath: process.env.BENCH_EMULATOR_CLI
      ? path.resolve(process.env.BENCH_EMULATOR_CLI)
      : undefined,
  });
  let failWith: (error: Error) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => (failWith = reject));
  failure.catch(() => undefined);
  const guard = <T>(promise: Promise<T>, what: string, ms = PHASE_TIMEOUT_MS) =>
    withTimeout(Promise.race([promise, failure]), what, ms);

  const agents: http.Agent[] = [];
  const tab = () => {
    const agent = new http.Agent({ keepAlive: true });
    agents.push(agent);
    return agent;
  };
  const listeners: ListenClient[] = [];
  let writer: WriteStreamClient | null = null;
  try {
    for (let i = 0; i < LISTENERS; i++) {
      listeners.push(
        await guard(
          ListenClient.open({
            baseUrl: emulator.firestoreUrl,
            database: DATABASE,
            initHeaders: initHeaders(`reader${i}`),
            agent: tab(),
            targetId: FIRST_QUERY_TARGET_ID,
            query: newestQuery(3 + i),
            onFailure: (error) => failWith(error),
          }),
          `listener ${i}`,
        ),
      );
    }
    const uid = 'writer';
    writer = await guard(
      WriteStreamClient.open({
        baseUrl: emulator.firestoreUrl,
        database: DATABASE,
        initHeaders: initHeaders(uid),
        agent: tab(),
      }),
      'write stream',
    );
    let written = 0;
    const phase = async (count: number, depth: number): Promise<Measured> => {
      const first = written;
      const serverBefore = processCpuMs(emulator.pid);
      const clientBefore = process.cpuUsage();
      const run = await guard(
        runWrites(writer!, count, depth, (i) => setWrite(first + i, uid)),
        `${count} writes`,
      );
      const ackedAt = performance.now();
      const serverAfter = processCpuMs(emulator.pid);
      const client = process.cpuUsage(clientBefore);
      written += count;
      const last = written - 1;
      await guard(
        Promise.all(listeners.map((l) => l.until(() => newestN(l) === last))),
        'listeners catching up',
        LISTENER_TIMEOUT_MS,
      );
      return {
        run,
        serverCpuMs:
          serverBefore !== null && serverAfter !== null ? serverAfter - serverBefore : Number.NaN,
        clientCpuMs: (client.user + client.system) / 1000,
        listenersLagMs: performance.now() - ackedAt,
      };
    };

    await phase(WARM_UP_WRITES, SDK_PIPELINE_DEPTH);
    const sdkDepth = await phase(WRITES, SDK_PIPELINE_DEPTH);
    const deep = await phase(WRITES, DEEP_PIPELINE_DEPTH);
    verifyListeners(listeners, written);

    const setup =
      `${WRITES} single-document setDoc writes, ${LISTENERS} listener sessions each with a live ` +
      `orderBy/limit query, rules evaluated (signed-in ID tokens), fsync'd`;
    process.stdout.write(
      describe(
        `writes acknowledged over the Write stream, server alone (Node wire client, no browser; ${setup}; ` +
          `at most ${SDK_PIPELINE_DEPTH} outstanding, as the SDK) (target >= 1000/s)`,
        sdkDepth,
      ) +
        describe(
          `  same, ${DEEP_PIPELINE_DEPTH} outstanding (deeper than the SDK allows; server capacity, not an SDK figure)`,
          deep,
        ) +
        `  every listener received all ${written} changes (warm-up included) and holds the exact final window\n`,
    );
  } finally {
    await Promise.allSettled([...listeners.map((l) => l.close()), writer?.close()]);
    for (const agent of agents) agent.destroy();
    await emulator.stop();
  }
  if (profileDir) process.stdout.write(`  emulator CPU profile written to ${profileDir}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`wire write-stream benchmark FAILED: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
