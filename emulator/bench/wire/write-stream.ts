// The server alone: single-document writes acknowledged per second over the Write stream with 10
// listeners attached, driven by a Node client that speaks the SDK's WebChannel protocol (no
// browser), against the built emulator in its own process on a durable data directory.
// Env: BENCH_WIRE_WRITES (default 5000), BENCH_CPU_PROF=<dir> (V8 profile of the emulator),
// BENCH_EMULATOR_CLI=<path of another build's cli.js> (to compare two servers), BENCH_WIRE_DEEP=0
// (skip the deeper pipeline, e.g. to profile only the SDK-depth run).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { processCpuMs, runQueueWaitMs } from '../cpu';
import { startEmulatorProcess } from './emulatorProcess';
import { ListenerGroup } from './listenerGroup';
import type { ListenerReport } from './listenerProtocol';
import { DATABASE, PROJECT, docName, initHeaders, listenerLimit, setWrite } from './scenario';
import { percentile, runWrites, type WriteRun } from './writeLoad';
import { WriteStreamClient } from './writer';

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
const PHASE_TIMEOUT_MS = 180_000;
// Listeners are told of a commit before it is acknowledged: a listener still behind after this
// long has lost a change.
const LISTENER_TIMEOUT_MS = 30_000;

function withTimeout<T>(promise: Promise<T>, what: string, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Every listener saw every commit: one documentChange per write, the exact final window. */
function verifyListeners(reports: ListenerReport[], totalWrites: number): void {
  if (reports.length !== LISTENERS) throw new Error(`${reports.length} listener reports`);
  reports.forEach((report, i) => {
    const limit = listenerLimit(i);
    const expected = Array.from({ length: limit }, (_, k) => docName(totalWrites - 1 - k)).sort();
    const problems: string[] = [];
    if (report.changes !== totalWrites) {
      problems.push(`${report.changes} documentChange for ${totalWrites} writes`);
    }
    if (report.removals !== totalWrites - limit) {
      problems.push(`${report.removals} documentRemove, expected ${totalWrites - limit}`);
    }
    if ([...report.names].sort().join() !== expected.join()) {
      problems.push(`final window ${report.names.length} documents, not the newest ${limit}`);
    }
    if (problems.length > 0) {
      throw new Error(`listener ${i} (limit ${limit}) missed changes: ${problems.join('; ')}`);
    }
  });
}

interface Measured {
  run: WriteRun;
  serverCpuMs: number;
  /** Time the emulator's event-loop thread was runnable but had no core. */
  serverWaitMs: number;
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
    `load generator (both threads) ${perWrite(m.clientCpuMs)} ms (${busy(m.clientCpuMs)}); ` +
    `emulator waited for a core ${perWrite(m.serverWaitMs)} ms per write; ` +
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

  const agent = new http.Agent({ keepAlive: true });
  let listeners: ListenerGroup | null = null;
  let writer: WriteStreamClient | null = null;
  try {
    listeners = await guard(
      ListenerGroup.open({
        baseUrl: emulator.firestoreUrl,
        count: LISTENERS,
        onFailure: (error) => failWith(error),
      }),
      'listeners',
    );
    const uid = 'writer';
    writer = await guard(
      WriteStreamClient.open({
        baseUrl: emulator.firestoreUrl,
        database: DATABASE,
        initHeaders: initHeaders(uid),
        agent,
      }),
      'write stream',
    );
    let written = 0;
    const phase = async (count: number, depth: number): Promise<Measured> => {
      const first = written;
      const serverBefore = processCpuMs(emulator.pid);
      const waitBefore = runQueueWaitMs(emulator.pid);
      const clientBefore = process.cpuUsage();
      const run = await guard(
        runWrites(writer!, count, depth, (i) => setWrite(first + i, uid)),
        `${count} writes`,
      );
      const ackedAt = performance.now();
      const serverAfter = processCpuMs(emulator.pid);
      const waitAfter = runQueueWaitMs(emulator.pid);
      const client = process.cpuUsage(clientBefore);
      written += count;
      const last = written - 1;
      await guard(listeners!.waitFor(last), 'listeners catching up', LISTENER_TIMEOUT_MS);
      return {
        run,
        serverCpuMs:
          serverBefore !== null && serverAfter !== null ? serverAfter - serverBefore : Number.NaN,
        serverWaitMs:
          waitBefore !== null && waitAfter !== null ? waitAfter - waitBefore : Number.NaN,
        clientCpuMs: (client.user + client.system) / 1000,
        listenersLagMs: performance.now() - ackedAt,
      };
    };

    await phase(WARM_UP_WRITES, SDK_PIPELINE_DEPTH);
    const sdkDepth = await phase(WRITES, SDK_PIPELINE_DEPTH);
    const deep =
      process.env.BENCH_WIRE_DEEP === '0' ? null : await phase(WRITES, DEEP_PIPELINE_DEPTH);
    verifyListeners(await guard(listeners.report(), 'listener report'), written);

    const setup =
      `${WRITES} single-document setDoc writes, ${LISTENERS} listener sessions each with a live ` +
      `orderBy/limit query (in a worker thread), rules evaluated (signed-in ID tokens), fsync'd`;
    process.stdout.write(
      describe(
        `writes acknowledged over the Write stream, server alone (Node wire client, no browser; ${setup}; ` +
          `at most ${SDK_PIPELINE_DEPTH} outstanding, as the SDK) (target >= 1000/s)`,
        sdkDepth,
      ) +
        (deep
          ? describe(
              `  same, ${DEEP_PIPELINE_DEPTH} outstanding (deeper than the SDK allows; server capacity, not an SDK figure)`,
              deep,
            )
          : '') +
        `  every listener received all ${written} changes (warm-up included) and holds the exact final window\n`,
    );
  } finally {
    await Promise.allSettled([listeners?.close(), writer?.close()]);
    agent.destroy();
    await emulator.stop();
  }
  if (profileDir) process.stdout.write(`  emulator CPU profile written to ${profileDir}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`wire write-stream benchmark FAILED: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
