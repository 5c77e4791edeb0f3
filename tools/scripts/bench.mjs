// `npm run bench`: the performance figures of docs/PERFORMANCE.md in one run. Production builds
// (built first when missing or stale; BENCH_BUILD=1 forces a rebuild) served as a CDN would, a
// fresh in-memory backend, Debian's Chromium. Prints the report and writes it into the doc.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureBuilds, SINGLE_BUNDLE_DIR } from './bench/builds.mjs';
import { startBenchStack } from './bench/stack.mjs';
import { startServedStack } from './lib/served-stack.mjs';
import { createMember, createPost } from './bench/seed.mjs';
import { launchChromium } from './bench/browser.mjs';
import { measureRouteBytes } from './bench/route-bytes.mjs';
import { measureDuplicates } from './bench/duplicates.mjs';
import { measureTimings } from './bench/timings.mjs';
import { measureRemoteStart } from './bench/remote-start.mjs';
import { checkBuilds } from './bench/build-checks.mjs';
import { runEmulatorBench } from './bench/emulator-figures.mjs';
import { describeMachine } from './bench/machine.mjs';
import { renderReport, renderRouteBytes, writePerformanceDoc } from './bench/report.mjs';
import { kb } from './bench/js-collector.mjs';
import { measureImages } from './bench/images.mjs';
import { measureLighthouse } from './bench/lighthouse.mjs';
import { renderImageReport, writeImageFigures } from './bench/images-report.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const log = (line) => console.log(`[bench] ${line}`);

function singleBundleSize() {
  const main = fs.readdirSync(SINGLE_BUNDLE_DIR).find((f) => /^main\..*\.js$/.test(f));
  const body = fs.readFileSync(path.join(SINGLE_BUNDLE_DIR, main));
  return { raw: kb(body.length), gzip: kb(zlib.gzipSync(body, { level: 6 }).length) };
}

/**
 * The image figures (picture bytes, layout shift, Lighthouse, processing + upload),
 * on their own stack so their photo posts stay out of the other measurements.
 */
async function imageFigures(machine) {
  const stack = await startBenchStack();
  const browser = await launchChromium();
  try {
    const figures = await measureImages(browser, stack, log, {
      lighthouse:
        process.env.BENCH_LIGHTHOUSE === '0'
          ? undefined
          : (member) => measureLighthouse(stack, member, log),
    });
    const markdown = renderImageReport(figures, {
      date: machine.date,
      machine: `${machine.cpus} CPUs, load ${machine.load}`,
    });
    console.log(`\n${markdown}\n`);
    log(`image figures written to ${writeImageFigures(markdown)}`);
  } catch (error) {
    // The image figures are the newest part of the bench: a failure there is reported and
    // recorded, and never costs the figures measured before them.
    console.error(error);
    process.exitCode = 1;
    writeImageFigures(`_Not measured: the last run failed (${String(error).split('\n')[0]})._`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/** JS bytes per route alone, printed and not written into the doc: a check of a bundle change. */
async function routeBytesOnly() {
  const stack = await startServedStack('demo-bench');
  const browser = await launchChromium();
  try {
    const member = await createMember(stack);
    await createPost(stack, member, 'The first post of the benchmark feed');
    const routeBytes = await measureRouteBytes(browser, stack, member);
    console.log(`\n${renderRouteBytes(routeBytes).join('\n')}\n`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

async function main() {
  // `npm run bench -- scale`: the social graph at size, alone (bench/scale.mjs; no builds).
  if (process.argv[2] === 'scale') {
    await import('./bench/scale.mjs');
    return;
  }
  const started = Date.now();
  const only = process.env.BENCH_ONLY;
  ensureBuilds({ force: process.env.BENCH_BUILD === '1', log, singleBundle: only !== 'bytes' });
  // BENCH_ONLY=bytes: the JS bytes of each route alone (a minute once the apps are built).
  if (only === 'bytes') {
    await routeBytesOnly();
    return;
  }
  // BENCH_ONLY=images: the image figures alone (a few minutes instead of the emulator's twenty).
  if (only === 'images') {
    await imageFigures(describeMachine());
    return;
  }
  const machine = describeMachine();
  // The emulator's figures run first, alone, so the browser measurements do not disturb them.
  log('emulator figures (npm run bench -w emulator)…');
  const emulator = await runEmulatorBench();
  log('starting backend and servers…');
  const stack = await startBenchStack();
  const browser = await launchChromium();
  try {
    const member = await createMember(stack);
    await createPost(stack, member, 'The first post of the benchmark feed');
    log('build checks…');
    const builds = await checkBuilds(stack);
    log('JS bytes per route…');
    const routeBytes = await measureRouteBytes(browser, stack, member);
    log('duplicated shared libraries…');
    const duplicates = await measureDuplicates(browser, stack, member);
    log(`federated vs single bundle, ${RUNS} runs each…`);
    const timings = await measureTimings(
      browser,
      [
        { name: 'federated', url: stack.shellUrl },
        { name: 'single', url: stack.singleBundleUrl },
      ],
      member,
      RUNS,
    );
    log('remote start cost…');
    const remoteStart = await measureRemoteStart(browser, stack, member);
    const report = renderReport({
      machine,
      seconds: Math.round((Date.now() - started) / 1000),
      routeBytes,
      duplicates,
      timings,
      singleBundleKb: singleBundleSize(),
      remoteStart,
      builds,
      emulator,
    });
    console.log(`\n${report}\n`);
    log(`written to ${writePerformanceDoc(report)}`);
  } finally {
    await browser.close();
    await stack.stop();
  }
  log('image figures…');
  await imageFigures(machine);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
