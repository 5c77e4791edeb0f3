import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { principalFromAuthorization, type Principal } from '../../common/auth';
import { HttpError, readBody } from '../../common/http';
import { FirestoreError, GrpcCode } from '../engine';
import { streamError } from './errors';
import { withDefaults } from '../../common/defaults';
import { idleSweeper } from '../../common/idle-sweeper';

/**
 * The server half of Closure's WebChannel (protocol version 8) as the Firestore web SDK speaks it:
 * a handshake POST, forward-channel POSTs carrying numbered client messages, and a backchannel
 * GET that either streams (`CI=0`) or long-polls (`CI=1`) numbered server arrays.
 */

/** One open stream as a stream handler sees it. */
export interface ChannelSession {
  readonly id: string;
  /** Who opened the stream (see channelPrincipal): fixed for the session's life. */
  readonly principal: Principal;
  /** URL parameters of the handshake (`database`, ...). */
  readonly initParams: URLSearchParams;
  /** Queues one message for the client; ids are assigned in call order. */
  send(message: unknown): void;
  /** `send` of a message already encoded as JSON (one encoding shared by many sessions). */
  sendEncoded(json: string): void;
  /**
   * Ends the stream with `message` (an error) as its last message, as gRPC ends a call with a
   * status: the handler is released at once and no further client messages reach it.
   */
  fail(message: unknown, options?: { dropUnsent?: boolean }): void;
  readonly closed: boolean;
}

export interface StreamHandler {
  onMessage(message: unknown): void;
  onClose(): void;
}

export type StreamFactory = (session: ChannelSession) => StreamHandler;

/** What tools (the data browser) show of one open session. */
export interface ChannelSessionInfo {
  id: string;
  openedAt: number;
  lastRead: number;
  /** Who opened the session. */
  principal: Principal;
  messagesReceived: number;
  messagesSent: number;
  /** Whether a backchannel (the stream the server answers on) is attached now. */
  connected: boolean;
}

export interface WebChannelOptions {
  /** Noop interval on a streaming backchannel; well under the client's 45 s watchdog. */
  keepAliveMs?: number;
  /** How long a long-poll backchannel waits for data before answering with a noop. */
  longPollHoldMs?: number;
  /**
   * A session that has not read for this long is dropped: no backchannel open (forward POSTs do
   * not count), or one whose writes have stayed unread.
   */
  idleTimeoutMs?: number;
  maxBodyBytes?: number;
  /**
   * Bytes a session may have waiting for its client (unacknowledged arrays plus what its
   * backchannel socket has not taken); beyond it the session ends with RESOURCE_EXHAUSTED.
   */
  maxQueuedBytes?: number;
  /**
   * Bytes all sessions of one endpoint may have waiting; the session whose message goes beyond
   * it ends with RESOURCE_EXHAUSTED (many sessions that never read cannot add up without bound).
   */
  maxTotalQueuedBytes?: number;
  /** Forward-channel messages are handled for at most this long before others get a turn. */
  sliceMs?: number;
}

/** Production defaults of `WebChannelOptions` (documented in the emulator's README). */
export const WEBCHANNEL_DEFAULTS: Required<WebChannelOptions> = {
  keepAliveMs: 15000,
  longPollHoldMs: 25000,
  idleTimeoutMs: 60000,
  maxBodyBytes: 16 * 1024 * 1024,
  maxQueuedBytes: 32 * 1024 * 1024,
  maxTotalQueuedBytes: 256 * 1024 * 1024,
  sliceMs: 5,
};

/** A backchannel whose socket buffers more than this when the session fails is cut, not drained. */
const STALLED_BACKCHANNEL_BYTES = 64 * 1024;

/** Advertised in the handshake; the client's backchannel watchdog is 1.5 x this. */
const SERVER_KEEPALIVE_MS = 30000;
const PROTOCOL_VERSION = 8;
const SERVER_VERSION = 14;
const MAX_UNACKED_ARRAYS = 1000;

interface OutgoingArray {
  id: number;
  json: string;
}

interface Backchannel {
  res: ServerResponse;
  streaming: boolean;
  timer: NodeJS.Timeout | null;
  /** When the socket last took everything written to it (or the backchannel opened). */
  lastDrained: number;
}

/** Length prefix in UTF-16 code units, which is what the client's chunk parser counts. */
export function frame(json: string): string {
  return `${json.length}\n${json}`;
}

/**
 * The caller of a new session. The SDK sends its token in the handshake body's `headers` field
 * (so that its requests need no CORS preflight), which a plain HTML form can also write: a member
 * token there is taken (rules judge what it may do), the admin token never. Admin clients send
 * `Authorization` as a real request header, which only programs and the pages the gate allows
 * can set; it wins over the body.
 */
function channelPrincipal(req: IncomingMessage, bodyHeaders: Record<string, string>): Principal {
  if (req.headers.authorization) return principalFromAuthorization(req.headers.authorization);
  const principal = principalFromAuthorization(bodyHeaders['authorization']);
  return principal.kind === 'owner' ? { kind: 'anonymous' } : principal;
}

function parseInitHeaders(encoded: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!encoded) return headers;
  for (const line of encoded.split(/\r\n|\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** `count=N&ofs=K&req0___data__=..` → the messages with their global indexes. */
function parseForwardBody(params: URLSearchParams): Array<{ index: number; message: unknown }> {
  const count = Number(params.get('count') ?? '0');
  const ofs = Number(params.get('ofs') ?? '0');
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(ofs) || ofs < 0) {
    throw new HttpError(400, 'INVALID_ARGUMENT', 'Bad count or ofs.');
  }
  // One pass over the form (URLSearchParams.get scans it: a get per message is quadratic).
  const fields = new Map<string, string>();
  for (const [key, value] of params) if (!fields.has(key)) fields.set(key, value);
  const messages: Array<{ index: number; message: unknown }> = [];
  for (let i = 0; i < count; i++) {
    const data = fields.get(`req${i}___data__`);
    if (data === undefined) {
      throw new HttpError(400, 'INVALID_ARGUMENT', `Missing req${i}___data__.`);
    }
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      throw new HttpError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    messages.push({ index: ofs + i, message });
  }
  return messages;
}

class Session implements ChannelSession {
  readonly id = randomBytes(12).toString('base64url');
  handler: StreamHandler | null = null;
  closed = false;
  readonly openedAt = Date.now();
  /** Set by `fail`: only the final message is left to deliver. */
  ending = false;
  /** When the client last read: a backchannel opened or ended (the handshake counts as one). */
  lastRead = Date.now();
  /** Next forward-channel message index we have not processed (de-duplication by `ofs`). */
  nextOfs = 0;
  /** Messages received but not yet handed to the handler (see `deliver`). */
  inbox: unknown[] = [];
  /** A later slice of `inbox` is scheduled. */
  draining = false;
  private nextArrayId = 1;
  /** Arrays not yet acknowledged by the client (AID), oldest first. */
  private outbox: OutgoingArray[] = [];
  /** Sum of the outbox's JSON lengths. */
  private outboxBytes = 0;
  /** Highest array id written to the current backchannel. */
  private writtenUpTo = 0;
  private backchannel: Backchannel | null = null;
  private flushScheduled = false;

  constructor(
    readonly principal: Principal,
    readonly initParams: URLSearchParams,
    private readonly options: Required<WebChannelOptions>,
    /** Called once the session has nothing left to do (its final message went out). */
    private readonly onEnded: (session: Session) => void,
    /** Bytes queued by all sessions of the endpoint. */
    private readonly budget: { used: number },
  ) {}

  get lastArrayId(): number {
    return this.nextArrayId - 1;
  }

  send(message: unknown): void {
    this.sendEncoded(JSON.stringify(message) ?? 'null');
  }

  sendEncoded(json: string): void {
    if (this.closed || this.ending) return;
    this.enqueue(json);
    if (
      this.queuedBytes() > this.options.maxQueuedBytes ||
      this.budget.used > this.options.maxTotalQueuedBytes
    ) {
      this.exhaust();
    }
  }

  /** What waits for the client: unacknowledged arrays and the backchannel's unsent bytes. */
  queuedBytes(): number {
    return this.outboxBytes + (this.backchannel?.res.writableLength ?? 0);
  }

  /** Numbers one message: the array `[id,[message]]`. */
  private enqueue(messageJson: string): void {
    const id = this.nextArrayId++;
    const json = `[${id},[${messageJson}]]`;
    this.outbox.push({ id, json });
    this.outboxBytes += json.length;
    this.budget.used += json.length;
    this.scheduleFlush();
  }

  private dropFromOutbox(count: number): void {
    let bytes = 0;
    for (let i = 0; i < count; i++) bytes += this.outbox[i]!.json.length;
    this.outboxBytes -= bytes;
    this.budget.used -= bytes;
    this.outbox.splice(0, count);
  }

  /** Forgets every array not yet acknowledged: the stream is ending and will be re-opened. */
  private dropUnsent(): void {
    this.dropFromOutbox(this.outbox.length);
    this.writtenUpTo = this.lastArrayId;
  }

  /** The client does not keep up: what it has not read is dropped and the stream ends. */
  private exhaust(): void {
    this.dropUnsent();
    this.fail(
      streamError(
        new FirestoreError(
          GrpcCode.RESOURCE_EXHAUSTED,
          'RESOURCE_EXHAUSTED',
          `The stream queued more than ${this.options.maxQueuedBytes} bytes its client did not read.`,
        ),
      ),
    );
  }

  fail(message: unknown, options: { dropUnsent?: boolean } = {}): void {
    if (this.closed || this.ending) return;
    if (options.dropUnsent) this.dropUnsent();
    this.enqueue(JSON.stringify(message) ?? 'null');
    this.ending = true;
    this.releaseHandler();
    const backchannel = this.backchannel;
    if (backchannel && backchannel.res.writableLength > STALLED_BACKCHANNEL_BYTES) {
      // Nobody is reading this socket: free it now; the message waits for a new backchannel.
      this.backchannel = null;
      if (backchannel.timer) clearTimeout(backchannel.timer);
      backchannel.res.destroy();
    }
  }

  private releaseHandler(): void {
    const handler = this.handler;
    this.handler = null;
    try {
      handler?.onClose();
    } catch (err) {
      console.error('[firestore] stream close handler failed', err);
    }
  }

  /**
   * Everything sent while handling one event (a commit's listen changes, the acknowledgements one
   * group sync released) goes out as one frame as soon as that handling is done, without waiting
   * for the rest of the event loop's turn.
   */
  private scheduleFlush(): void {
    if (this.flushScheduled || !this.backchannel) return;
    this.flushScheduled = true;
    process.nextTick(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Drops arrays the client says it has (AID). */
  acknowledge(aid: number | null): void {
    if (aid === null || !Number.isFinite(aid)) return;
    let drop = 0;
    while (drop < this.outbox.length && this.outbox[drop]!.id <= aid) drop++;
    if (drop > 0) this.dropFromOutbox(drop);
  }

  /** Arrays produced so far, as the handshake reply carries them after the `c` array. */
  takeHandshakeArrays(): string[] {
    const arrays = this.outbox.map((a) => a.json);
    this.writtenUpTo = this.lastArrayId;
    return arrays;
  }

  attachBackchannel(
    res: ServerResponse,
    streaming: boolean,
    aid: number | null,
    clientTimeoutMs: number | null = null,
  ): void {
    this.detachBackchannel();
    this.acknowledge(aid);
    // Whatever went to an earlier (possibly aborted) backchannel is resent.
    this.writtenUpTo = aid ?? 0;
    const backchannel: Backchannel = { res, streaming, timer: null, lastDrained: Date.now() };
    this.backchannel = backchannel;
    this.lastRead = Date.now();
    res.on('error', () => undefined); // a client that went away is handled by 'close'
    res.on('drain', () => {
      backchannel.lastDrained = Date.now();
    });
    res.on('close', () => {
      if (this.backchannel === backchannel) {
        if (backchannel.timer) clearTimeout(backchannel.timer);
        this.backchannel = null;
        this.lastRead = Date.now();
      }
    });
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
      'X-Content-Type-Options': 'nosniff',
    });
    res.socket?.setNoDelay(true);
    if (streaming) {
      // An immediate byte keeps the client's buffering-proxy detection on the streaming path.
      if (!this.hasPending()) this.enqueue('"noop"');
      this.flush();
      // An ending session's flush has already closed this backchannel: no keep-alive for it.
      if (this.backchannel === backchannel) {
        backchannel.timer = setInterval(() => this.enqueue('"noop"'), this.options.keepAliveMs);
      }
    } else if (this.hasPending()) {
      this.flush();
    } else {
      // `TO` is the client's long-poll timeout (longPollingOptions.timeoutSeconds): answer first.
      const hold =
        clientTimeoutMs !== null && clientTimeoutMs > 0
          ? Math.min(this.options.longPollHoldMs, Math.max(100, clientTimeoutMs - 1000))
          : this.options.longPollHoldMs;
      backchannel.timer = setTimeout(() => this.enqueue('"noop"'), hold);
    }
  }

  private hasPending(): boolean {
    const last = this.outbox[this.outbox.length - 1];
    return last !== undefined && last.id > this.writtenUpTo;
  }

  /** Arrays not yet written to the current backchannel (a short tail of the ordered outbox). */
  private pendingArrays(): OutgoingArray[] {
    let start = this.outbox.length;
    while (start > 0 && this.outbox[start - 1]!.id > this.writtenUpTo) start--;
    return this.outbox.slice(start);
  }

  private flush(): void {
    const backchannel = this.backchannel;
    if (!backchannel) return;
    const pending = this.pendingArrays();
    if (pending.length === 0) return;
    this.writtenUpTo = pending[pending.length - 1]!.id;
    const taken = backchannel.res.write(frame(`[${pending.map((a) => a.json).join(',')}]`));
    if (taken) backchannel.lastDrained = Date.now();
    if (!backchannel.streaming || this.ending) this.detachBackchannel();
    this.trimWritten();
    if (this.ending) this.onEnded(this);
  }

  /** True when the client has not read for `idleMs`: see `WebChannelOptions.idleTimeoutMs`. */
  hasBackchannel(): boolean {
    return this.backchannel !== null;
  }

  isIdle(now: number, idleMs: number): boolean {
    const backchannel = this.backchannel;
    if (!backchannel) return now - this.lastRead > idleMs;
    return backchannel.res.writableLength > 0 && now - backchannel.lastDrained > idleMs;
  }

  /**
   * A client that only listens never sends an AID, so arrays already written to a live stream are
   * kept only up to a bound; an abort after that costs the client a re-listen, not our memory.
   */
  private trimWritten(): void {
    const excess = this.outbox.length - MAX_UNACKED_ARRAYS;
    if (excess <= 0) return;
    let drop = 0;
    while (drop < excess && this.outbox[drop]!.id <= this.writtenUpTo) drop++;
    this.dropFromOutbox(drop);
  }

  detachBackchannel(): void {
    const backchannel = this.backchannel;
    if (!backchannel) return;
    this.backchannel = null;
    if (backchannel.timer) clearTimeout(backchannel.timer);
    backchannel.res.end();
    this.lastRead = Date.now();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.detachBackchannel();
    this.dropFromOutbox(this.outbox.length);
    this.releaseHandler();
  }
}

function parseAid(params: URLSearchParams): number | null {
  const raw = params.get('AID');
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/** Serves `<prefix>/channel` for one kind of stream (Listen or Write). */
export class WebChannelEndpoint {
  private readonly sessions = new Map<string, Session>();
  private readonly budget = { used: 0 };
  private readonly options: Required<WebChannelOptions>;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly createStream: StreamFactory,
    options: WebChannelOptions = {},
  ) {
    this.options = withDefaults(WEBCHANNEL_DEFAULTS, options);
    this.sweeper = idleSweeper(this.options.idleTimeoutMs, { minMs: 1000, maxMs: 15000 }, () =>
      this.sweep(),
    );
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  describeSessions(): ChannelSessionInfo[] {
    return [...this.sessions.values()].map((s) => ({
      id: s.id,
      openedAt: s.openedAt,
      lastRead: s.lastRead,
      principal: s.principal,
      messagesReceived: s.nextOfs,
      messagesSent: s.lastArrayId,
      connected: s.hasBackchannel(),
    }));
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const params = url.searchParams;
    const sid = params.get('SID');
    if (req.method === 'GET') {
      if (!sid) throw new HttpError(400, 'INVALID_ARGUMENT', 'Missing SID.');
      const session = this.sessions.get(sid);
      if (!session) return sendText(res, 400, 'Unknown SID');
      const timeout = Number(params.get('TO') ?? '');
      session.attachBackchannel(
        res,
        params.get('CI') !== '1',
        parseAid(params),
        Number.isFinite(timeout) ? timeout : null,
      );
      return;
    }
    if (req.method !== 'POST') throw new HttpError(405, 'INVALID_ARGUMENT', 'Method not allowed.');
    const body = (await readBody(req, this.options.maxBodyBytes)).toString('utf8');
    if (!sid) return this.handshake(req, res, params, new URLSearchParams(body));
    const session = this.sessions.get(sid);
    if (!session) return sendText(res, 400, 'Unknown SID');
    // A forward POST is not reading: it does not keep the session alive (see isIdle).
    if (params.get('TYPE') === 'terminate') {
      this.drop(session);
      return sendText(res, 200, '');
    }
    session.acknowledge(parseAid(params));
    const messages = parseForwardBody(new URLSearchParams(body));
    this.deliver(session, messages);
    sendText(res, 200, frame(`[1,${session.lastArrayId},0]`));
  }

  private handshake(
    req: IncomingMessage,
    res: ServerResponse,
    params: URLSearchParams,
    body: URLSearchParams,
  ): void {
    const messages = parseForwardBody(body);
    const session = new Session(
      channelPrincipal(req, parseInitHeaders(body.get('headers'))),
      params,
      this.options,
      (s) => this.drop(s),
      this.budget,
    );
    session.handler = this.createStream(session);
    this.sessions.set(session.id, session);
    this.deliver(session, messages);
    const open = JSON.stringify([
      0,
      ['c', session.id, '', PROTOCOL_VERSION, SERVER_VERSION, SERVER_KEEPALIVE_MS],
    ]);
    const arrays = [open, ...session.takeHandshakeArrays()];
    sendText(res, 200, frame(`[${arrays.join(',')}]`));
  }

  /**
   * Hands new messages to the stream in order. A burst (thousands of targets in one POST) is
   * handled in slices of `sliceMs`, each in its own turn of the event loop, so other clients'
   * commits are not held up behind it; the SDK's few messages per POST take one slice.
   */
  private deliver(session: Session, messages: Array<{ index: number; message: unknown }>): void {
    for (const { index, message } of messages) {
      if (index < session.nextOfs) continue; // a retried POST we already processed
      session.nextOfs = index + 1;
      session.inbox.push(message);
    }
    if (!session.draining) this.drain(session);
  }

  private drain(session: Session): void {
    session.draining = false;
    const until = performance.now() + this.options.sliceMs;
    while (session.inbox.length > 0) {
      if (session.closed || session.ending) {
        session.inbox = [];
        return;
      }
      if (performance.now() > until) {
        session.draining = true;
        setImmediate(() => this.drain(session));
        return;
      }
      const message = session.inbox.shift();
      try {
        session.handler?.onMessage(message);
      } catch (err) {
        console.error('[firestore] stream handler failed', err);
        session.send({
          error: { code: 13, message: 'Internal error.', status: 'INTERNAL' },
        });
      }
    }
  }

  private drop(session: Session): void {
    if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
    session.close();
  }

  private sweep(): void {
    const now = Date.now();
    for (const session of [...this.sessions.values()]) {
      if (session.isIdle(now, this.options.idleTimeoutMs)) this.drop(session);
    }
  }

  closeAll(): void {
    clearInterval(this.sweeper);
    for (const session of [...this.sessions.values()]) this.drop(session);
  }
}
