import http from 'node:http';
import { ListenClient } from '../wire/listener';
import {
  DATABASE,
  FIRST_QUERY_TARGET_ID,
  initHeaders,
  newestN,
  newestQuery,
  setWrite,
} from '../wire/scenario';
import { WriteStreamClient } from '../wire/writer';
import { percentile } from './stats';

/**
 * Write-to-listener latency: one member writes a document (Write stream), another member's live
 * query (Listen stream, `orderBy('n', 'desc'), limit(1)`) receives it; the time from sending the
 * write to the snapshot holding it, one write at a time, both clients on the SDK's WebChannel
 * protocol in separate sessions as two browser tabs.
 */

const COLLECTION = 'latency';
const WARM_UP = 20;
const WRITES = 200;

// A write not seen by then is lost (or its stream failed): the measurement stops.
const SEEN_TIMEOUT_MS = 15_000;

function withTimeout(promise: Promise<void>, error: () => Error): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), SEEN_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface ListenerLatencyResult {
  p50Ms: number;
  p99Ms: number;
  writes: number;
}

export async function measureListenerLatency(firestoreUrl: string): Promise<ListenerLatencyResult> {
  const agents = [new http.Agent({ keepAlive: true }), new http.Agent({ keepAlive: true })];
  let failure: Error | null = null;
  let listener: ListenClient | null = null;
  let writer: WriteStreamClient | null = null;
  try {
    listener = await ListenClient.open({
      baseUrl: firestoreUrl,
      database: DATABASE,
      initHeaders: initHeaders('reader'),
      agent: agents[0]!,
      targetId: FIRST_QUERY_TARGET_ID,
      query: newestQuery(1, COLLECTION),
      onFailure: (error) => (failure = error),
    });
    const uid = 'writer';
    writer = await WriteStreamClient.open({
      baseUrl: firestoreUrl,
      database: DATABASE,
      initHeaders: initHeaders(uid),
      agent: agents[1]!,
    });
    const times: number[] = [];
    for (let n = 0; n < WARM_UP + WRITES; n++) {
      const start = performance.now();
      const seen = listener.until(() => newestN(listener!.view) === n);
      const acknowledged = writer.write([setWrite(n, uid, COLLECTION)]);
      await withTimeout(seen, () => failure ?? new Error(`write ${n} never reached the listener`));
      const ms = performance.now() - start;
      await acknowledged;
      if (failure) throw failure;
      if (n >= WARM_UP) times.push(ms);
    }
    return { p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99), writes: WRITES };
  } finally {
    await Promise.allSettled([listener?.close(), writer?.close()]);
    for (const agent of agents) agent.destroy();
  }
}
