// Single-document writes acknowledged per second over the Write stream, with 10 listeners attached:
// the real browser SDK in Chromium and a durable data directory (acknowledged = on disk). End to
// end: on a small machine the browser's CPU bounds it; bench/wire/ measures the server alone.
import fs from 'node:fs';
import os from 'node:os';
import { startStack } from '../harness';
import { sampleCpu } from './cpu';

const WRITES = 2000;
const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 10);

async function main(): Promise<void> {
  const stack = await startStack({ dataDir: process.env.BENCH_IN_MEMORY ? null : 'temp' });
  try {
    // Ten live queries (ten targets) in one other browser page: the emulator does the fan-out work of
    // ten listeners while the browser side stays small enough for a 2-core machine.
    const listener = await stack.openClient({});
    await listener.run((fb, count) => {
      const f = fb.fs;
      for (let i = 0; i < count; i += 1) {
        const newest = f.query(
          f.collection(fb.db, 'bench'),
          f.orderBy('n', 'desc'),
          f.limit(3 + i),
        );
        f.onSnapshot(newest, (snapshot) => {
          fb.vars[`newest${i}`] = snapshot.docs[0]?.data()['n'] ?? -1;
        });
      }
    }, LISTENERS);
    const writer = await stack.openClient({});
    const cpuBefore = sampleCpu();
    const elapsedMs = await writer.run(async (fb, count) => {
      const f = fb.fs;
      const start = performance.now();
      const acknowledged: Array<Promise<void>> = [];
      for (let i = 0; i < count; i += 1) {
        acknowledged.push(f.setDoc(f.doc(fb.db, 'bench', `d${i}`), { n: i }));
      }
      await Promise.all(acknowledged);
      return performance.now() - start;
    }, WRITES);
    await listener.waitFor(
      (fb, { last, count }) =>
        Array.from({ length: count }, (_, i) => fb.vars[`newest${i}`]).every((n) => n === last),
      { last: WRITES - 1, count: LISTENERS },
      60_000,
    );
    const cpuAfter = sampleCpu();
    const perSecond = Math.round(WRITES / (elapsedMs / 1000));
    process.stdout.write(
      `writes acknowledged over the Write stream, end to end (the firebase SDK in headless Chromium: ${WRITES} setDoc calls, at most 10 outstanding as the SDK keeps them, ${LISTENERS} live queries in another page, no rules, ${process.env.BENCH_IN_MEMORY ? 'in memory' : "fsync'd"}; the CPU line shows where the time goes): ${perSecond}/s (target >= 1000/s)\n`,
    );
    if (cpuBefore && cpuAfter) {
      const perWrite = (ms: number) => (ms / WRITES).toFixed(2);
      process.stdout.write(
        `  CPU per write: emulator process (with the Playwright driver) ${perWrite(cpuAfter.self - cpuBefore.self)} ms, ` +
          `browser (all Chromium processes) ${perWrite(cpuAfter.descendants - cpuBefore.descendants)} ms; ` +
          `load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]} on ${os.cpus().length} cores\n`,
      );
    }
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
