// Other clients' commit latency and the server's memory while one client attacks it: first with
// nobody hostile (the baseline), then while a hostile client floods Listen targets (thousands per
// forward POST, offset queries among them, new sessions again and again, never reading), then
// while 400 connections drip their headers a byte at a time. The emulator runs built
// (dist/cli.js) in its own process with production limits; RSS is read from /proc.
// Targets: other clients' commit p99 < 50 ms and server RSS < 500 MB throughout, so one hostile
// page on a developer's machine cannot stall the honest ones (docs/PERFORMANCE.md, "Under attack").
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { idToken } from '../harness/id-token';
import { RawChannel, messagesOf } from '../harness/raw-wire';
import { percentile, sleep } from './compare/stats';
import { startEmulatorProcess, type EmulatorProcess } from './wire/emulatorProcess';

const PROJECT = 'demo-hostile';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const DOCS = `${DATABASE}/documents`;
const COMMITS = Number(process.env.BENCH_HOSTILE_COMMITS ?? 300);
const SEEDED = 2000;
const FLOOD_TARGETS = 5000;
const DRIPPERS = 400;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function post(url: string, body: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const write = (id: string, n: number, by: string) => ({
  update: {
    name: `${DOCS}/bench/${id}`,
    fields: { n: { integerValue: String(n) }, by: { stringValue: by } },
  },
});

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples the server's RSS every 100 ms until stopped; resolves with the peak. */
function watchRss(pid: number): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/** An honest member: commits one document at a time, each timed to its acknowledgement. */
async function honestCommits(url: string, count: number): Promise<number[]> {
  const token = idToken('honest', PROJECT);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify({ writes: [write(`h${i % 50}`, i, 'honest')] });
    const start = performance.now();
    const status = await post(`${url}/v1/${DOCS}:commit`, body, token);
    times.push(performance.now() - start);
    if (status !== 200) throw new Error(`honest commit answered ${status}`);
  }
  return times;
}

/** An honest listener of the collection, reading its stream (so every commit fans out to it). */
async function honestListener(url: string): Promise<() => Promise<number>> {
  const channel = new RawChannel(url, 'Listen');
  await channel.handshake(
    {
      addTarget: {
        targetId: 1,
        query: {
          parent: DOCS,
          structuredQuery: {
            from: [{ collectionId: 'bench' }],
            orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
            limit: 10,
          },
        },
      },
    },
    `Authorization: Bearer ${idToken('listener', PROJECT)}`,
  );
  let changes = 0;
  let stopped = false;
  const reading = channel
    .stream(
      0,
      (arrays) => {
        changes = messagesOf(arrays).filter((m) => m['documentChange']).length;
        return stopped;
      },
      3_600_000,
    )
    .catch(() => undefined);
  return async () => {
    stopped = true;
    await channel.terminate();
    await Promise.race([reading, sleep(500)]);
    return changes;
  };
}

/** One hostile client: session after session, each flooded with targets and never read. */
function floodTargets(url: string): { stop(): Promise<number> } {
  let running = true;
  let sessions = 0;
  const token = idToken('mallory', PROJECT);
  const target = (targetId: number) =>
    targetId % 2 === 0
      ? {
          addTarget: {
            targetId,
            query: {
              parent: DOCS,
              structuredQuery: {
                from: [{ collectionId: 'bench' }],
                orderBy: [{ field: { fieldPath: 'n' }, direction: 'ASCENDING' }],
                offset: 500 + (targetId % 1000),
                limit: 50,
              },
            },
          },
        }
      : {
          addTarget: {
            targetId,
            documents: { documents: [`${DOCS}/bench/s${targetId % SEEDED}`] },
          },
        };
  const loop = (async () => {
    while (running) {
      const channel = new RawChannel(url, 'Listen');
      await channel.handshake(target(1), `Authorization: Bearer ${token}`);
      for (let sent = 1; sent < FLOOD_TARGETS && running; sent += 500) {
        await channel.send(Array.from({ length: 500 }, (_, i) => target(sent + i + 1)));
      }
      sessions++;
      await sleep(200);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return sessions;
    },
  };
}

/** Connections that send a request line, then one header byte every second. */
function drip(port: number, count: number): { stop(): { evicted: number } } {
  const sockets: net.Socket[] = [];
  let closedByServer = 0;
  let stopping = false;
  const open = () => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\n'));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (stopping) return;
      closedByServer++;
      setTimeout(open, 250); // the attacker comes back
    });
    sockets.push(socket);
  };
  for (let i = 0; i < count; i++) open();
  const timer = setInterval(() => {
    for (const s of sockets) if (s.writable) s.write('X');
  }, 1000);
  return {
    stop: () => {
      stopping = true;
      clearInterval(timer);
      for (const s of sockets) s.destroy();
      return { evicted: closedByServer };
    },
  };
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

function line(label: string, times: number[], rss: number, extra: string): void {
  const p50 = percentile(times, 0.5).toFixed(1);
  const p99 = percentile(times, 0.99).toFixed(1);
  console.log(
    `  ${label.padEnd(34)} other clients' commit p50 ${p50} ms, p99 ${p99} ms (target < 50); server RSS peak ${rss.toFixed(0)} MB (target < 500)${extra}`,
  );
}

async function main(): Promise<void> {
  const emulator: EmulatorProcess = await startEmulatorProcess({
    projectId: PROJECT,
    firestoreRules: path.join(__dirname, 'wire/bench.firestore.rules'),
    // BENCH_HOSTILE_PROFILE=<dir>: a V8 CPU profile of the emulator over the whole run.
    cpuProfileDir: process.env.BENCH_HOSTILE_PROFILE,
  });
  const url = emulator.firestoreUrl;
  const port = Number(new URL(url).port);
  try {
    const seedToken = idToken('seed', PROJECT);
    for (let i = 0; i < SEEDED; i += 500) {
      const writes = Array.from({ length: 500 }, (_, k) => write(`s${i + k}`, i + k, 'seed'));
      await post(`${url}/v1/${DOCS}:commit`, JSON.stringify({ writes }), seedToken);
    }
    const stopListener = await honestListener(url);
    console.log(
      `hostile clients: ${COMMITS} single-document commits by an honest member per phase, one honest listener, ${SEEDED} documents`,
    );

    let rss = watchRss(emulator.pid);
    line('baseline (nobody hostile)', await honestCommits(url, COMMITS), rss.stop(), '');

    const flood = floodTargets(url);
    await sleep(1000);
    rss = watchRss(emulator.pid);
    const floodTimes = await honestCommits(url, COMMITS);
    const floodRss = rss.stop();
    const sessions = await flood.stop();
    line(
      `target flood (${FLOOD_TARGETS}/session)`,
      floodTimes,
      floodRss,
      `; ${sessions} hostile sessions`,
    );

    const drippers = drip(port, DRIPPERS);
    await sleep(1500);
    rss = watchRss(emulator.pid);
    const dripTimes = await honestCommits(url, COMMITS);
    const ok = await healthy(url);
    const dripRss = rss.stop();
    const { evicted } = drippers.stop();
    line(
      `${DRIPPERS} dripping connections`,
      dripTimes,
      dripRss,
      `; health check ${ok ? 'ok' : 'FAILED'}, ${evicted} drippers evicted`,
    );
    const changes = await stopListener();
    console.log(`  honest listener received ${changes} document changes throughout`);
  } finally {
    agent.destroy();
    await emulator.stop();
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  // The honest listener's stream keeps an hour-long timer when the server it read from is gone.
  .finally(() => process.exit());
