// `npm run bench:upload-check`: what the product's Cloud Functions codebases (firebase.json's
// `functions`) cost the local backend, and how soon the upload check deletes a picture larger
// than the app makes. For each Firestore backend, the backend of `npm start` (in memory, free
// ports): the codebases' build (both bundles side by side, as every start does), the Functions
// emulator's start with them (from its launch, after the other emulators answer, to its ready
// line), then a member's uploads of the 16000×16000 PNG through the Storage API: the first one
// (each function's worker starts) and RUNS more, one at a time, each timed from the upload's
// answer to the deletion seen (the object's metadata polled every 10 ms). Prints one table.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { ROOT, startBackend } from '../lib/backend.mjs';
import { freeBackendPorts } from '../lib/ports.mjs';
import { hugePng } from '../lib/huge-png.mjs';
import { signUpBenchAccount } from './bench-account.mjs';
import { describeMachine } from './machine.mjs';
import { percentile } from './stats.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PROJECT = 'demo-upload-check-bench';
const BUCKET = `${PROJECT}.appspot.com`;
const log = (line) => console.log(`[bench] ${line}`);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Uploads `bytes` as the member (the Storage API's one-request upload); resolves on its answer. */
async function upload(storageUrl, member, name, bytes) {
  const response = await fetch(`${storageUrl}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${member.idToken}`, 'Content-Type': 'image/png' },
    body: bytes,
  });
  if (response.status !== 200) throw new Error(`upload refused: ${response.status}`);
}

/** Milliseconds from now until `name` is gone (polled every 10 ms, for at most 5 minutes). */
async function untilDeleted(storageUrl, member, name) {
  const started = performance.now();
  const url = `${storageUrl}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`;
  while (performance.now() - started < 300_000) {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${member.idToken}` } });
    await response.arrayBuffer();
    if (response.status === 404) return performance.now() - started;
    await sleep(10);
  }
  throw new Error(`${name} was not deleted in 5 minutes`);
}

async function measure(firestore) {
  const functionsModule = await import(
    pathToFileURL(path.join(ROOT, 'tools/emulator/dist/functions/index.js')).href
  );
  const codebases = functionsModule.functionsCodebases(path.join(ROOT, 'firebase.json'));
  const buildStarted = performance.now();
  await functionsModule.buildCodebases(codebases);
  const buildMs = performance.now() - buildStarted;

  const ready = {};
  const ports = await freeBackendPorts();
  const backend = await startBackend({
    projectId: PROJECT,
    ports,
    dataDir: null,
    quiet: true,
    firestore,
    onReady: (service) => (ready[service] = performance.now()),
    log: () => undefined,
  });
  try {
    if (!backend.functionsUrl) throw new Error('the Functions emulator did not start');
    // It is launched once the other emulators answer.
    const launched = Math.max(ready.firestore, ready.storage, ready.auth);
    const functionsStartMs = ready.functions - launched;
    const member = await signUpBenchAccount(backend.authUrl, 'bench');
    const bytes = hugePng();
    const delays = [];
    for (let run = 0; run <= RUNS; run++) {
      const name = `${member.uid}/posts/${Date.now()}-bench-${run}.png`;
      await upload(backend.storageUrl, member, name, bytes);
      delays.push(await untilDeleted(backend.storageUrl, member, name));
    }
    const [first, ...warm] = delays;
    return { buildMs, functionsStartMs, first, warm, bytes: bytes.length };
  } finally {
    await backend.stop();
  }
}

const machine = describeMachine();
log(
  `${machine.cpus} × ${machine.cpuModel}, load ${machine.load}, ${machine.date}; ${RUNS} uploads after the first`,
);
const rows = [];
for (const firestore of ['emulator', 'google']) {
  log(`backend with Firestore ${firestore}…`);
  const figures = await measure(firestore);
  rows.push(
    `| ${firestore === 'google' ? "Google's" : 'ours'} | ${Math.round(figures.buildMs)} ms | ${Math.round(figures.functionsStartMs)} ms | ${Math.round(figures.first)} ms | ${Math.round(percentile(figures.warm, 50))} ms | ${Math.round(percentile(figures.warm, 90))} ms | ${Math.round(Math.max(...figures.warm))} ms |`,
  );
  log(`PNG ${figures.bytes} bytes; ${rows.at(-1)}`);
}
console.log(`
Load average at the end: ${describeMachine().load}

| Firestore | codebases built (bundles) | Functions emulator start | first upload to deletion (workers start) | upload to deletion p50 (${RUNS}) | p90 | max |
|---|--:|--:|--:|--:|--:|--:|
${rows.join('\n')}`);
process.exit(0);
