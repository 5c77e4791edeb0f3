// Our emulator beside Google's Cloud Firestore emulator: the same figures, taken the same way on
// the same machine in one run, alternating between the two, with their ratios and the targets
// (docs/PERFORMANCE.md). Exits non-zero when a measurement fails; prints ours alone, with the
// one-line reason, when Google's emulator is not installed.
// Env: BENCH_STARTS (start-ups per emulator, default 3), BENCH_GOOGLE_WRITES (default 600: Google's
// emulator acknowledges tens of writes per second with ten listeners), BENCH_WIRE_WRITES (ours,
// default 5000).
import os from 'node:os';
import path from 'node:path';
import { measureDocumentsMemory, DOCUMENTS } from './compare/documentsMemory';
import { measureFeedQuery, type FeedQueryResult } from './compare/feedQuery';
import { measureListenerLatency, type ListenerLatencyResult } from './compare/listenerLatency';
import { mib, rssBytes } from './compare/memory';
import {
  findGoogle,
  startOurs,
  type BenchServer,
  type ServerKind,
  type StartServer,
} from './compare/servers';
import { median, sleep } from './compare/stats';
import {
  DEEP_PIPELINE_DEPTH,
  describeWritePhase,
  LISTENERS,
  measureWriteStream,
  SDK_PIPELINE_DEPTH,
  writesPerSecond,
  type WriteStreamResult,
} from './wire/measureWriteStream';
import { PROJECT } from './wire/scenario';

const RULES = path.join(__dirname, 'wire/bench.firestore.rules');
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const IDLE_SETTLE_MS = 2000;
const WARM_UP_WRITES: Record<ServerKind, number> = { ours: 500, google: 100 };
const WRITES: Record<ServerKind, number> = {
  ours: Number(process.env.BENCH_WIRE_WRITES ?? 5000),
  google: Number(process.env.BENCH_GOOGLE_WRITES ?? 600),
};
const NAMES: Record<ServerKind, string> = { ours: 'ours', google: "Google's" };

interface Figures {
  readyMs: number[];
  idleRss: number[];
  documentsRss?: number;
  documentsLoadMs?: number;
  writes?: WriteStreamResult;
  feed?: FeedQueryResult;
  latency?: ListenerLatencyResult;
}

interface Contender {
  kind: ServerKind;
  start: StartServer;
  figures: Figures;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () => os.loadavg()[0]!.toFixed(1);

async function withServer<T>(
  contender: Contender,
  measure: (server: BenchServer) => Promise<T>,
): Promise<T> {
  const server = await contender.start({ projectId: PROJECT, rulesPath: RULES });
  try {
    return await measure(server);
  } finally {
    await server.stop();
  }
}

async function startUp(contender: Contender): Promise<void> {
  await withServer(contender, async (server) => {
    contender.figures.readyMs.push(server.readyMs);
    await sleep(IDLE_SETTLE_MS);
    const rss = rssBytes(server.pid);
    if (rss !== null) contender.figures.idleRss.push(rss);
  });
}

/** Start-ups alternate between the two, so a busy moment of the machine hits both. */
async function startUps(contenders: Contender[], failures: string[]): Promise<void> {
  let running = contenders;
  for (let run = 0; run < STARTS && running.length > 0; run++) {
    running = await each('start-up', running, startUp, failures);
  }
}

function record(failures: string[], what: string, error: unknown): void {
  const line = `${what}: FAILED: ${(error as Error).message}`;
  failures.push(line);
  say(line);
}

/** On one server: write-to-listener latency, then the Write stream, then the feed query. */
async function traffic(contender: Contender, failures: string[]): Promise<void> {
  const { kind, figures } = contender;
  const attempt = async (what: string, measure: () => Promise<void>) => {
    try {
      await measure();
    } catch (error) {
      record(failures, `${what}, ${NAMES[kind]}`, error);
    }
  };
  await withServer(contender, async (server) => {
    await attempt('write-to-listener latency', async () => {
      figures.latency = await measureListenerLatency(server.firestoreUrl);
    });
    await attempt('Write stream', async () => {
      const writes = await measureWriteStream({
        firestoreUrl: server.firestoreUrl,
        pid: server.pid,
        warmUp: WARM_UP_WRITES[kind],
        writes: WRITES[kind],
        // Google's emulator takes long enough at the SDK's depth.
        deep: kind === 'ours',
      });
      figures.writes = writes;
      say(
        describeWritePhase(
          `  ${NAMES[kind]}: ${WRITES[kind]} writes after ${WARM_UP_WRITES[kind]} to warm up, ` +
            `at most ${SDK_PIPELINE_DEPTH} outstanding`,
          writes.sdkDepth,
        ).trimEnd(),
      );
      if (writes.deep) {
        say(
          describeWritePhase(
            `  ${NAMES[kind]}: same, ${DEEP_PIPELINE_DEPTH} outstanding (deeper than the SDK goes: server capacity)`,
            writes.deep,
          ).trimEnd(),
        );
      }
      say(
        `  ${NAMES[kind]}: every listener received all ${writes.written} written documents ` +
          `and holds the exact final window; ${writes.changesPerWrite.toFixed(1)} ` +
          `documentChange messages per write and listener`,
      );
    });
    await attempt('feed query', async () => {
      figures.feed = await measureFeedQuery(server.firestoreUrl, PROJECT);
    });
  });
}

async function documents(contender: Contender): Promise<void> {
  await withServer(contender, async (server) => {
    const result = await measureDocumentsMemory(server.firestoreUrl, PROJECT, server.pid);
    contender.figures.documentsRss = result.rssBytes;
    contender.figures.documentsLoadMs = result.loadMs;
  });
}

/**
 * Runs `step` for each contender; a failure is printed and remembered, the others go on.
 * Returns the contenders whose step succeeded.
 */
async function each(
  what: string,
  contenders: Contender[],
  step: (contender: Contender) => Promise<void>,
  failures: string[],
): Promise<Contender[]> {
  const succeeded: Contender[] = [];
  for (const contender of contenders) {
    try {
      await step(contender);
      succeeded.push(contender);
    } catch (error) {
      record(failures, `${what}, ${NAMES[contender.kind]}`, error);
    }
  }
  return succeeded;
}

interface Row {
  figure: string;
  ours: string;
  google: string;
  ratio: string;
  target: string;
  met: boolean | null;
}

/** Two significant digits, without exponents (0.0019, 0.43, 8.0, 26). */
function formatRatio(ratio: number): string {
  return ratio >= 100 ? ratio.toFixed(0) : ratio.toPrecision(2);
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

function rows(ours: Figures, google: Figures | null): Row[] {
  const result: Row[] = [];
  const add = (
    figure: string,
    pick: (f: Figures) => number | undefined,
    format: (value: number) => string,
    compare?: {
      ratio: (o: number, g: number) => number;
      label: string;
      target: string;
      met: (r: number) => boolean;
    },
  ) => {
    const o = pick(ours);
    const g = google ? pick(google) : undefined;
    const both = o !== undefined && g !== undefined && Number.isFinite(o) && Number.isFinite(g);
    const ratio = both && compare ? compare.ratio(o, g) : undefined;
    result.push({
      figure,
      ours: o === undefined ? 'n/a' : format(o),
      google: g === undefined ? 'n/a' : format(g),
      ratio: ratio === undefined ? '' : `${formatRatio(ratio)} ${compare!.label}`,
      target: compare?.target ?? '',
      met: ratio === undefined || !compare ? null : compare.met(ratio),
    });
  };
  /** Ours as a multiple of Google's, with the target it must meet (none: any ratio is fine). */
  const againstGoogle = (target = '', met: (r: number) => boolean = () => true) => ({
    ratio: (o: number, g: number) => o / g,
    label: "× Google's",
    target,
    met,
  });
  add('time to ready (median)', (f) => median(f.readyMs), ms, {
    ratio: (o, g) => g / o,
    label: '× faster',
    target: 'ours >= 5× faster',
    met: (r) => r >= 5,
  });
  add('idle RSS (median)', (f) => median(f.idleRss), mib, againstGoogle());
  add(
    `RSS after ${DOCUMENTS.toLocaleString('en')} small documents`,
    (f) => f.documentsRss,
    mib,
    againstGoogle("ours <= 1/3 of Google's", (r) => r <= 1 / 3),
  );
  add(
    `Write-stream acks/s, ${LISTENERS} listeners, ${SDK_PIPELINE_DEPTH} outstanding`,
    (f) => (f.writes ? writesPerSecond(f.writes.sdkDepth) : undefined),
    (v) => `${Math.round(v)}/s`,
    { ratio: (o, g) => o / g, label: '×', target: 'ours >= 2×', met: (r) => r >= 2 },
  );
  add('feed query over 10,000 posts, p50', (f) => f.feed?.p50Ms, ms, againstGoogle());
  add(
    'feed query over 10,000 posts, p99',
    (f) => f.feed?.p99Ms,
    ms,
    againstGoogle("ours <= Google's", (r) => r <= 1),
  );
  add('write-to-listener latency, p50', (f) => f.latency?.p50Ms, ms, againstGoogle());
  add('write-to-listener latency, p99', (f) => f.latency?.p99Ms, ms, againstGoogle());
  return result;
}

function table(all: Row[]): string {
  const header: Row = {
    figure: 'figure',
    ours: 'ours',
    google: "Google's",
    ratio: 'ratio',
    target: 'target',
    met: null,
  };
  const cells = (row: Row) => [
    row.figure,
    row.ours,
    row.google,
    row.ratio,
    row === header || row.target === ''
      ? row.target
      : `${row.target}: ${row.met === null ? 'not measured' : row.met ? 'met' : 'NOT met'}`,
  ];
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...[header, ...all].map((row) => cells(row)[i]!.length)),
  );
  return [header, ...all]
    .map((row) =>
      cells(row)
        .map((cell, i) =>
          i === 4 ? cell : i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main(): Promise<void> {
  const google = findGoogle();
  const contenders: Contender[] = [
    { kind: 'ours', start: startOurs, figures: { readyMs: [], idleRss: [] } },
  ];
  if ('start' in google) {
    contenders.push({ kind: 'google', start: google.start, figures: { readyMs: [], idleRss: [] } });
  } else {
    say(`Google's Cloud Firestore emulator is not measured: ${google.missing}`);
  }
  const setup =
    contenders.length > 1
      ? `ours (dist/cli.js, durable data directory, every write fdatasync'd) beside Google's Cloud ` +
        `Firestore emulator (its JVM; data in memory), alternating`
      : `ours alone (dist/cli.js, durable data directory, every write fdatasync'd)`;
  say(
    `${setup}, ${os.cpus().length} cores shared with other work (load average ${load()} at ` +
      `start): ratios are from this run`,
  );
  const failures: string[] = [];
  await startUps(contenders, failures);
  say(
    `Write stream, server alone (Node client on the SDK's WebChannel protocol, ${LISTENERS} ` +
      `listener sessions with a live orderBy/limit query, single-document setDoc writes, ` +
      `bench.firestore.rules evaluated, every listener checked to receive every change):`,
  );
  await each('traffic', contenders, (contender) => traffic(contender, failures), failures);
  await each('100,000 documents', contenders, documents, failures);

  const ours = contenders[0]!.figures;
  const theirs = contenders[1]?.figures ?? null;
  const all = rows(ours, theirs);
  say('');
  say(table(all));
  const targets = all.filter((row) => row.target !== '');
  const met = targets.filter((row) => row.met === true).length;
  const per = (describe: (figures: Figures) => string) =>
    contenders.map((c) => `${describe(c.figures)} (${NAMES[c.kind]})`).join(', ');
  const seconds = (value: number | undefined) => `${((value ?? Number.NaN) / 1000).toFixed(1)} s`;
  say(
    `targets met: ${met} of ${targets.length}` +
      (theirs ? '' : " (not measured: Google's emulator is missing)") +
      `. Start-ups: ${STARTS} each, idle RSS ${IDLE_SETTLE_MS / 1000} s after ready. ` +
      `${DOCUMENTS.toLocaleString('en')} documents loaded in ${per((f) => seconds(f.documentsLoadMs))}. ` +
      `Feed query over REST: 10,000 posts seeded in ${per((f) => seconds(f.feed?.seedMs))}, ` +
      `${per((f) => String(f.feed?.queries ?? 0))} timed queries (p99 of fewer than 100 is the slowest). ` +
      `Write-to-listener: ${ours.latency?.writes ?? 0} writes each, one at a time. ` +
      `Load average ${load()} at the end.`,
  );
  if (failures.length > 0) {
    throw new Error(`${failures.length} measurement(s) failed:\n${failures.join('\n')}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`emulator comparison FAILED: ${(error as Error).message ?? error}\n`);
  process.exit(1);
});
