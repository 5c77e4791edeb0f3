import http from 'node:http';
import type { Delivery } from './events';
import type { Outbox } from './outbox';

/** The function a delivery goes to (its URL path). */
const targetOf = (entry: { delivery: Delivery }) => entry.delivery.path;

/** How a failed delivery is tried again. */
export interface RetryPolicy {
  /** The wait before the second attempt; each later wait doubles, up to `maxBackoffMs`. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** A delivery still failing this long after its event is given up (and logged). */
  maxAgeMs: number;
  /** An attempt with no answer by then counts as failed (a 2nd-gen function may run 9 minutes). */
  requestTimeoutMs: number;
}

/**
 * Deliveries of Firestore events on their way to functions at once, one per function: what both
 * backends use (our emulator's triggers and the relay of Google's). Production promises no order;
 * one at a time, a single slow function (a follow's fan-out) held every trigger behind it, and
 * counts lagged by minutes in a busy run.
 */
export const FUNCTION_DELIVERY_CONCURRENCY = 8;

export const DEFAULT_RETRY: RetryPolicy = {
  initialBackoffMs: 1000,
  maxBackoffMs: 60_000,
  maxAgeMs: 60 * 60_000,
  requestTimeoutMs: 10 * 60_000,
};

interface Pending {
  delivery: Delivery;
  seq: number;
  attempts: number;
  notBefore: number;
  sending: boolean;
}

export interface DeliveryQueueOptions {
  /** `host:port` of the Functions emulator. */
  target: string;
  outbox: Outbox;
  retry?: Partial<RetryPolicy>;
  /**
   * How many deliveries may wait for their answers at once, each to a different function
   * (default 1: strictly in order).
   */
  concurrency?: number;
  log: (line: string) => void;
}

/**
 * Sends deliveries to the Functions emulator oldest first, by default one at a time in the order
 * they were made, and until each is acknowledged (a 2xx answer): a failed attempt (an
 * error status, no answer, no Functions emulator listening) is tried again after a back-off, and
 * the deliveries behind it go on meanwhile. Google's emulator tries once and drops a failure;
 * production retries the functions that ask for it, for days. Each delivery stays in the outbox
 * until it is acknowledged or given up, so a restart delivers what was pending.
 */
export class DeliveryQueue {
  private readonly pending: Pending[] = [];
  private readonly retry: RetryPolicy;
  private readonly host: string;
  private readonly port: number;
  private seq = 0;
  private readonly concurrency: number;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  private readonly agent: http.Agent;

  constructor(private readonly options: DeliveryQueueOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.agent = new http.Agent({ keepAlive: true, maxSockets: this.concurrency });
    const match = /^(.*):(\d+)$/.exec(options.target);
    if (!match)
      throw new Error(`The Functions emulator's address must be host:port: ${options.target}`);
    this.host = match[1]!.replace(/^\[|\]$/g, '');
    this.port = Number(match[2]);
    for (const delivery of options.outbox.list()) this.schedule(delivery);
    this.pump();
  }

  /** Keeps `deliveries` (in the outbox) and sends them after those already waiting. */
  enqueue(deliveries: readonly Delivery[]): void {
    if (this.closed) return;
    for (const delivery of deliveries) {
      this.options.outbox.add(delivery);
      this.schedule(delivery);
    }
    this.pump();
  }

  /** How many deliveries wait for an acknowledgement. */
  get size(): number {
    return this.pending.length;
  }

  /** Resolves once nothing is waiting (tests). */
  idle(): Promise<void> {
    if (this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops sending; what is pending stays in the outbox for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all(this.inFlight);
    this.agent.destroy();
    this.options.outbox.close();
  }

  private schedule(delivery: Delivery): void {
    this.pending.push({ delivery, seq: this.seq++, attempts: 0, notBefore: 0, sending: false });
  }

  /**
   * Sends the oldest deliveries that are due, while fewer than `concurrency` are on their way,
   * never two to one function at once.
   */
  private pump(): void {
    if (this.closed) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.length === 0) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    const now = Date.now();
    const due: Pending[] = [];
    let earliest = Infinity;
    for (const entry of this.pending) {
      if (entry.sending) continue;
      if (entry.notBefore <= now) due.push(entry);
      else earliest = Math.min(earliest, entry.notBefore);
    }
    due.sort((a, b) => a.seq - b.seq);
    // One delivery per target at a time: the Functions emulator starts another worker process
    // (seconds of CPU) for a function whose worker is busy, so a burst for one function is
    // faster in turn on its warm worker, while other functions go on beside it.
    const busy = new Set(this.pending.filter((entry) => entry.sending).map(targetOf));
    for (const entry of due) {
      if (this.inFlight.size >= this.concurrency) break;
      if (busy.has(targetOf(entry))) continue;
      busy.add(targetOf(entry));
      entry.sending = true;
      const sent: Promise<void> = this.attempt(entry).finally(() => {
        entry.sending = false;
        this.inFlight.delete(sent);
        this.pump();
      });
      this.inFlight.add(sent);
    }
    if (this.inFlight.size < this.concurrency && earliest !== Infinity) {
      this.timer = setTimeout(() => this.pump(), earliest - now);
    }
  }

  private async attempt(entry: Pending): Promise<void> {
    entry.attempts++;
    const outcome = await this.send(entry.delivery);
    // `…/triggers/{key}` names the trigger; a multicast (Storage) names none.
    const target =
      entry.delivery.path.split('/triggers/')[1] ?? entry.delivery.path.split('/').pop();
    const label = `${target} (event ${entry.delivery.id})`;
    if (outcome === null) {
      this.finish(entry);
      if (entry.attempts > 1)
        this.options.log(`trigger ${label} delivered at attempt ${entry.attempts}`);
      return;
    }
    const age = Date.now() - entry.delivery.createdAt;
    if (age >= this.retry.maxAgeMs) {
      this.finish(entry);
      this.options.log(`trigger ${label} given up after ${entry.attempts} attempts: ${outcome}`);
      return;
    }
    const wait = Math.min(
      this.retry.maxBackoffMs,
      this.retry.initialBackoffMs * 2 ** (entry.attempts - 1),
    );
    entry.notBefore = Date.now() + wait;
    if (entry.attempts === 1) {
      this.options.log(`trigger ${label} failed (${outcome}); trying again until it succeeds`);
    }
  }

  private finish(entry: Pending): void {
    this.pending.splice(this.pending.indexOf(entry), 1);
    this.options.outbox.done(entry.delivery.id);
  }

  /** null when acknowledged; otherwise why not. */
  private send(delivery: Delivery): Promise<string | null> {
    const body = Buffer.from(delivery.body);
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          method: 'POST',
          path: delivery.path,
          agent: this.agent,
          headers: { ...delivery.headers, 'Content-Length': String(body.length) },
          timeout: this.retry.requestTimeoutMs,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            resolve(status >= 200 && status < 300 ? null : `HTTP ${status}`);
          });
          res.on('error', (error) => resolve(error.message));
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer in time')));
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      req.end(body);
    });
  }
}
