// The server alone, ours only: single-document writes acknowledged per second over the Write
// stream with 10 listeners attached, against the built emulator in its own process on a durable
// data directory (bench/compare.ts runs the same measurement against Google's emulator too).
// Env: BENCH_WIRE_WRITES (default 5000), BENCH_CPU_PROF=<dir> (V8 profile of the emulator),
// BENCH_EMULATOR_CLI=<path of another build's cli.js> (to compare two servers), BENCH_WIRE_DEEP=0
// (skip the deeper pipeline, e.g. to profile only the SDK-depth run).
import path from 'node:path';
import { startEmulatorProcess } from './emulatorProcess';
import {
  DEEP_PIPELINE_DEPTH,
  describeWritePhase,
  LISTENERS,
  measureWriteStream,
  SDK_PIPELINE_DEPTH,
} from './measureWriteStream';
import { PROJECT } from './scenario';

const WRITES = Number(process.env.BENCH_WIRE_WRITES ?? 5000);

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
  try {
    const result = await measureWriteStream({
      firestoreUrl: emulator.firestoreUrl,
      pid: emulator.pid,
      warmUp: 500,
      writes: WRITES,
      deep: process.env.BENCH_WIRE_DEEP !== '0',
    });
    const setup =
      `${WRITES} single-document setDoc writes, ${LISTENERS} listener sessions each with a live ` +
      `orderBy/limit query (in a worker thread), rules evaluated (signed-in ID tokens), fsync'd`;
    process.stdout.write(
      describeWritePhase(
        `writes acknowledged over the Write stream, server alone (Node wire client, no browser; ${setup}; ` +
          `at most ${SDK_PIPELINE_DEPTH} outstanding, as the SDK) (target >= 1000/s)`,
        result.sdkDepth,
      ) +
        (result.deep
          ? describeWritePhase(
              `  same, ${DEEP_PIPELINE_DEPTH} outstanding (deeper than the SDK allows; server capacity, not an SDK figure)`,
              result.deep,
            )
          : '') +
        `  every listener received all ${result.written} written documents (warm-up included) and holds the exact final window\n`,
    );
  } finally {
    await emulator.stop();
  }
  if (profileDir) process.stdout.write(`  emulator CPU profile written to ${profileDir}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`wire write-stream benchmark FAILED: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
