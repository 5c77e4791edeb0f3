import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { processCpuMs, runQueueWaitMs } from '../cpu';
import { ListenerGroup } from './listenerGroup';
import type { ListenerReport } from './listenerProtocol';
import { DATABASE, docName, initHeaders, listenerLimit, setWrite } from './scenario';
import { percentile, runWrites, type WriteRun } from './writeLoad';
import { WriteStreamClient } from './writer';

/**
 * The server alone: single-document writes acknowledged per second over the Write stream with 10
 * listener sessions attached, from a Node client speaking the SDK's WebChannel protocol, against
 * any Firestore server that serves WebChannel (ours, Google's emulator) and enforces
 * `bench.firestore.rules`. Fails unless every listener received every change.
 */

export const LISTENERS = 10;
// The SDK keeps at most 10 writes outstanding on its Write stream (its remote store fills the
// write pipeline while fewer than 10 batches are unacknowledged), so the headline figure uses
// the same depth: it is what one SDK client can get from this server.
export const SDK_PIPELINE_DEPTH = 10;
// Not what the SDK does: shows how far the server goes when latency is hidden by more writes in
// flight (several writers, or a client without the SDK's limit).
export const DEEP_PIPELINE_DEPTH = 100;
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

/**
 * Every listener saw every commit: each written document reached it in a documentChange, and its
 * last snapshot is the exact window. (How a server says a document left a window differs: ours
 * sends one documentRemove, Google's emulator resets the target and sends the window again, so
 * removals are not counted.)
 */
function verifyListeners(reports: ListenerReport[], totalWrites: number): void {
  if (reports.length !== LISTENERS) throw new Error(`${reports.length} listener reports`);
  reports.forEach((report, i) => {
    const limit = listenerLimit(i);
    const expected = Array.from({ length: limit }, (_, k) => docName(totalWrites - 1 - k)).sort();
    const problems: string[] = [];
    if (report.distinctChanged !== totalWrites) {
      problems.push(`${report.distinctChanged} of the ${totalWrites} written documents arrived`);
    }
    if ([...report.names].sort().join() !== expected.join()) {
      problems.push(`final window ${report.names.length} documents, not the newest ${limit}`);
    }
    if (problems.length > 0) {
      throw new Error(`listener ${i} (limit ${limit}) missed changes: ${problems.join('; ')}`);
    }
  });
}

export interface WritePhase {
  run: WriteRun;
  serverCpuMs: number;
  /** Time the server's main thread was runnable but had no core. */
  serverWaitMs: number;
  clientCpuMs: number;
  /** From the last acknowledgement until every listener's snapshot holds the last write. */
  listenersLagMs: number;
}

export interface WriteStreamResult {
  /** At most SDK_PIPELINE_DEPTH writes outstanding: the headline figure. */
  sdkDepth: WritePhase;
  /** DEEP_PIPELINE_DEPTH outstanding, when asked for. */
  deep: WritePhase | null;
  /** Writes every listener was checked to have received (warm-up included). */
  written: number;
  /** documentChange messages the listeners received per write (ours sends one). */
  changesPerWrite: number;
}

export function writesPerSecond(phase: WritePhase): number {
  return phase.run.count / (phase.run.elapsedMs / 1000);
}

/** Two lines: writes/s, then where the CPU went and the latencies. */
export function describeWritePhase(label: string, m: WritePhase): string {
  const perWrite = (ms: number) => (ms / m.run.count).toFixed(2);
  const busy = (ms: number) => `${Math.round((100 * ms) / m.run.elapsedMs)}%`;
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  return (
    `${label}: ${Math.round(writesPerSecond(m))}/s\n` +
    `  CPU per write: server process ${perWrite(m.serverCpuMs)} ms (${busy(m.serverCpuMs)} of one core), ` +
    `load generator (both threads) ${perWrite(m.clientCpuMs)} ms (${busy(m.clientCpuMs)}); ` +
    `server threads waited for a core ${perWrite(m.serverWaitMs)} ms per write; ` +
    `ack latency median ${percentile(m.run.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(m.run.latencies, 0.99).toFixed(1)} ms; ` +
    `all listeners current ${m.listenersLagMs.toFixed(0)} ms after the last ack; ` +
    `load average ${load} on ${os.cpus().length} cores\n`
  );
}

export async function measureWriteStream(options: {
  /** `http://host:port` of a server enforcing bench.firestore.rules for project `bench-wire`. */
  firestoreUrl: string;
  /** The server's process, for its CPU. */
  pid: number;
  /** Writes sent first, not measured (JIT, caches, connections). */
  warmUp: number;
  writes: number;
  /** Also run DEEP_PIPELINE_DEPTH outstanding. */
  deep: boolean;
}): Promise<WriteStreamResult> {
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
        baseUrl: options.firestoreUrl,
        count: LISTENERS,
        onFailure: (error) => failWith(error),
      }),
      'listeners',
    );
    const uid = 'writer';
    writer = await guard(
      WriteStreamClient.open({
        baseUrl: options.firestoreUrl,
        database: DATABASE,
        initHeaders: initHeaders(uid),
        agent,
      }),
      'write stream',
    );
    let written = 0;
    const phase = async (count: number, depth: number): Promise<WritePhase> => {
      const first = written;
      const serverBefore = processCpuMs(options.pid);
      const waitBefore = runQueueWaitMs(options.pid);
      const clientBefore = process.cpuUsage();
      const run = await guard(
        runWrites(writer!, count, depth, (i) => setWrite(first + i, uid)),
        `${count} writes`,
      );
      const ackedAt = performance.now();
      const serverAfter = processCpuMs(options.pid);
      const waitAfter = runQueueWaitMs(options.pid);
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

    await phase(options.warmUp, SDK_PIPELINE_DEPTH);
    const sdkDepth = await phase(options.writes, SDK_PIPELINE_DEPTH);
    const deep = options.deep ? await phase(options.writes, DEEP_PIPELINE_DEPTH) : null;
    const reports = await guard(listeners.report(), 'listener report');
    verifyListeners(reports, written);
    const changes = reports.reduce((sum, report) => sum + report.changes, 0);
    return { sdkDepth, deep, written, changesPerWrite: changes / (LISTENERS * written) };
  } finally {
    await Promise.allSettled([listeners?.close(), writer?.close()]);
    agent.destroy();
  }
}
