// `npm run bench:functions -w emulator`: what firebase-tools' Functions emulator costs the local
// backend. For each Firestore backend: time from starting the host process to its functions being
// loaded and their triggers registered (median of 3), the host's RSS 2 s after that, then the time
// of a first event (a commit until its function's record is written: worker cold start) and the
// RSS of the host and its function workers after it. Runs the test fixture codebase (8 functions).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from 'build-config/free-port.cjs';
import { startEmulator } from '../src/index';
import { buildCodebases, startFunctionsEmulator } from '../src/functions';
import { locateGoogleFirestore, startGoogleFirestore } from '../src/reference/googleFirestore';

const FIXTURE = path.resolve(__dirname, '../test/functions/fixture');
// The compiled host, as npm start runs it (the script builds the package first).
const HOST = path.resolve(__dirname, '../dist/functions/host.js');
const PROJECT = 'demo-functions-bench';
const CODEBASES = [{ codebase: 'fixture', source: FIXTURE }];

/** VmRSS of `pid` and of every descendant, in MB. */
function rssMb(pid: number): { own: number; withChildren: number } {
  const rss = (p: number) => {
    const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  const children = (p: number): number[] => {
    try {
      const ids = fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim();
      return ids === '' ? [] : ids.split(/\s+/).map(Number);
    } catch {
      return [];
    }
  };
  const all = (p: number): number[] => [p, ...children(p).flatMap(all)];
  return { own: rss(pid), withChildren: all(pid).reduce((sum, p) => sum + rss(p), 0) };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function deliveryCount(firestoreUrl: string): Promise<number> {
  const parent = `projects/${PROJECT}/databases/(default)/documents`;
  const response = await fetch(`${firestoreUrl}/v1/${parent}:runQuery`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'deliveries' }] } }),
  });
  const rows = (await response.json()) as Array<{ document?: unknown }>;
  return rows.filter((row) => row.document).length;
}

async function measure(backend: 'emulator' | 'google', run: number) {
  const functionsPort = await freePort();
  const relayPort = await freePort();
  const storage = await startEmulator({
    projectId: PROJECT,
    firestorePort: 0,
    storagePort: 0,
    dataDir: null,
    watchRules: false,
    log: () => undefined,
    ...(backend === 'emulator' ? { functionsEmulator: `127.0.0.1:${functionsPort}` } : {}),
  });
  const google =
    backend === 'google'
      ? await startGoogleFirestore({
          projectId: PROJECT,
          port: await freePort(),
          dataDir: null,
          functionsEmulator: `127.0.0.1:${relayPort}`,
        })
      : null;
  const firestorePort = google?.port ?? storage.firestorePort;
  const firestoreUrl = `http://127.0.0.1:${firestorePort}`;
  const started = Date.now();
  const functions = await startFunctionsEmulator({
    projectId: PROJECT,
    projectDir: FIXTURE,
    host: '127.0.0.1',
    port: functionsPort,
    codebases: CODEBASES,
    firestore: { host: '127.0.0.1', port: firestorePort },
    storage: { host: '127.0.0.1', port: storage.storagePort },
    ...(google ? { relay: { port: relayPort, outboxDir: null } } : {}),
    hostEntry: [HOST],
  });
  const readyMs = Date.now() - started;
  await sleep(2000);
  const idle = rssMb(functions.pid);
  const commitAt = Date.now();
  const database = `projects/${PROJECT}/databases/(default)`;
  await fetch(`${firestoreUrl}/v1/${database}/documents:commit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({
      writes: [{ update: { name: `${database}/documents/rooms/r/messages/m${run}`, fields: {} } }],
    }),
  });
  while ((await deliveryCount(firestoreUrl)) < 2) await sleep(50);
  const firstEventMs = Date.now() - commitAt;
  await sleep(2000);
  const busy = rssMb(functions.pid);
  await functions.stop();
  await google?.stop();
  await storage.stop();
  return { readyMs, idle, firstEventMs, busy };
}

async function main() {
  await buildCodebases(CODEBASES);
  console.log(
    `Functions emulator figures on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${new Date().toISOString()}`,
  );
  let backends: Array<'emulator' | 'google'> = ['emulator', 'google'];
  try {
    locateGoogleFirestore();
  } catch (error) {
    console.log(`Google's Firestore emulator left out: ${(error as Error).message}`);
    backends = ['emulator'];
  }
  console.log(
    '| Firestore | ready (median of 3) | host RSS idle | first event (created + written) | host + workers RSS after |',
  );
  console.log('|---|--:|--:|--:|--:|');
  for (const backend of backends) {
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await measure(backend, run));
    console.log(
      `| ${backend === 'google' ? "Google's" : 'ours'} | ${median(runs.map((r) => r.readyMs))} ms (${runs.map((r) => r.readyMs).join(', ')}) | ${median(runs.map((r) => r.idle.own)).toFixed(0)} MB | ${median(runs.map((r) => r.firstEventMs))} ms | ${median(runs.map((r) => r.busy.withChildren)).toFixed(0)} MB |`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
