import http from 'node:http';
import { FrameReader } from './frames';

/**
 * One WebChannel session (protocol 8) driven the way the Firestore web SDK's bundled Closure
 * client drives it over HTTP/1.1: the first message rides on the handshake POST, init headers are
 * encoded into its body (`headers=`), at most one forward-channel POST is in flight and messages
 * queued meanwhile leave together in the next one, and one streaming backchannel (`CI=0`)
 * carries the server's numbered arrays.
 */

export interface ChannelOptions {
  /** `http://host:port` of the Firestore server. */
  baseUrl: string;
  stream: 'Listen' | 'Write';
  /** `projects/P/databases/(default)`; the SDK adds it to every URL. */
  database: string;
  /** Sent once, in the handshake body, as the SDK does (`encodeInitMessageHeaders`). */
  initHeaders: Record<string, string>;
  /** The pool of one simulated browser tab. */
  agent: http.Agent;
  /** Each server message (`payload[0]` of a data array), in order. */
  onMessage(message: unknown): void;
  /** The session failed; the benchmark stops. */
  onError(error: Error): void;
}

/** The payload the SDK unwraps; `noop` keeps the stream alive, `stop`/`close` end it. */
type ServerArray = [number, unknown[]];

const ORIGIN = 'http://127.0.0.1'; // a browser page on another port: every request is cross-origin
const CLIENT_VERSION = '22';
const MAX_MESSAGES_PER_POST = 1000; // the client's maxMapsPerRequest

function zx(): string {
  return Math.floor(Math.random() * 2 ** 31).toString(36);
}

function isServerArray(value: unknown): value is ServerArray {
  return Array.isArray(value) && typeof value[0] === 'number' && Array.isArray(value[1]);
}

/**
 * A kept-alive connection the server closed before answering: a browser (and so the SDK) sends
 * the request again on a fresh connection. Google's emulator closes the connection after each
 * channel POST without saying so, so every request after one lands here once.
 */
function closedBeforeAnswer(req: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return req.reusedSocket && (error.code === 'ECONNRESET' || error.message === 'socket hang up');
}

function post(
  agent: http.Agent,
  url: string,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          Origin: ORIGIN,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (closedBeforeAnswer(req, error)) post(agent, url, body).then(resolve, reject);
      else reject(error);
    });
    req.end(body);
  });
}

export class WireChannel {
  private sid = '';
  private nextRid = Math.floor(Math.random() * 1e5);
  /** Global index of the next message sent (the `ofs` the server de-duplicates by). */
  private nextOfs = 0;
  /** Highest array id received: the `AID` of every request, older ids are dropped. */
  private lastArrayId = 0;
  private queue: string[] = [];
  private posting = false;
  private flushScheduled = false;
  private backchannel: http.ClientRequest | null = null;
  private backchannelOpenedAt = 0;
  private closed = false;

  private constructor(private readonly options: ChannelOptions) {}

  /** Handshake carrying `first`; resolves once the session exists and its backchannel is open. */
  static async open(options: ChannelOptions, first: unknown): Promise<WireChannel> {
    const channel = new WireChannel(options);
    await channel.handshake(first);
    return channel;
  }

  /** Queues a message; it leaves with the next forward-channel POST. */
  send(message: unknown): void {
    if (this.closed) throw new Error(`${this.options.stream} channel is closed`);
    this.queue.push(JSON.stringify(message));
    this.scheduleFlush();
  }

  /** Ends the session as the SDK does on close (`TYPE=terminate`). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.backchannel?.destroy();
    this.backchannel = null;
    await post(
      this.options.agent,
      this.url({ SID: this.sid, RID: String(this.nextRid++), TYPE: 'terminate' }),
      '',
    );
  }

  private url(params: Record<string, string>): string {
    const search = new URLSearchParams({ VER: '8', database: this.options.database, ...params });
    search.set('zx', zx());
    search.set('t', '1');
    return `${this.options.baseUrl}/google.firestore.v1.Firestore/${this.options.stream}/channel?${search}`;
  }

  private forwardBody(messages: string[], ofs: number): string {
    const parts = [`count=${messages.length}`, `ofs=${ofs}`];
    messages.forEach((json, i) => parts.push(`req${i}___data__=${encodeURIComponent(json)}`));
    return parts.join('&');
  }

  private async handshake(first: unknown): Promise<void> {
    const headers = Object.entries(this.options.initHeaders)
      .map(([name, value]) => `${name}:${value}\r\n`)
      .join('');
    const body = `headers=${encodeURIComponent(headers)}&${this.forwardBody([JSON.stringify(first)], 0)}`;
    this.nextOfs = 1;
    const res = await post(
      this.options.agent,
      this.url({
        RID: String(this.nextRid++),
        CVER: CLIENT_VERSION,
        'X-HTTP-Session-Id': 'gsessionid',
      }),
      body,
    );
    if (res.status !== 200) throw new Error(`handshake ${res.status}: ${res.text.slice(0, 200)}`);
    const reader = new FrameReader();
    const [arrays] = reader.push(res.text);
    if (!Array.isArray(arrays) || reader.pending !== '') {
      throw new Error(`bad handshake reply: ${res.text.slice(0, 200)}`);
    }
    const open = arrays[0] as unknown;
    if (
      !isServerArray(open) ||
      open[0] !== 0 ||
      open[1][0] !== 'c' ||
      typeof open[1][1] !== 'string'
    ) {
      throw new Error(`handshake without a session: ${res.text.slice(0, 200)}`);
    }
    this.sid = open[1][1];
    this.receive(arrays.slice(1));
    this.openBackchannel();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.posting) return;
    this.flushScheduled = true;
    // The Closure client starts the next forward request from a microtask, so every message
    // sent in the same turn leaves in one POST.
    queueMicrotask(() => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.posting || this.closed || this.queue.length === 0) return;
    this.posting = true;
    const messages = this.queue.splice(0, MAX_MESSAGES_PER_POST);
    const ofs = this.nextOfs;
    this.nextOfs += messages.length;
    const sentAt = performance.now();
    try {
      const res = await post(
        this.options.agent,
        this.url({ SID: this.sid, RID: String(this.nextRid++), AID: String(this.lastArrayId) }),
        this.forwardBody(messages, ofs),
      );
      // `[<1: the server holds a backchannel>,<last array id sent>,<bytes outstanding on it>]`
      // (ours always answers 0 bytes, Google's the real count).
      const reply = /^\d+\n\[([01]),\d+,\d+\]$/.exec(res.text);
      if (res.status !== 200 || !reply) {
        throw new Error(`forward channel ${res.status}: ${res.text.slice(0, 200)}`);
      }
      if (reply[1] === '0') this.backchannelMissing(sentAt);
    } catch (error) {
      if (!this.closed) this.options.onError(error as Error);
      return;
    } finally {
      this.posting = false;
    }
    if (this.queue.length > 0) this.scheduleFlush();
  }

  /**
   * The server has no backchannel for this session (Google's emulator ends one from time to
   * time). As the Closure client does: unless the current backchannel was opened around the time
   * of the POST (RTT_ESTIMATE, 3 s), it is taken for dead and replaced.
   */
  private backchannelMissing(postSentAt: number): void {
    if (this.closed || this.backchannelOpenedAt + 3000 >= postSentAt) return;
    const dead = this.backchannel;
    this.backchannel = null;
    dead?.destroy();
    this.openBackchannel();
  }

  private openBackchannel(): void {
    this.backchannelOpenedAt = performance.now();
    const url = this.url({
      RID: 'rpc',
      SID: this.sid,
      AID: String(this.lastArrayId),
      CI: '0',
      TYPE: 'xmlhttp',
    });
    const req = http.get(url, { agent: this.options.agent, headers: { Origin: ORIGIN } }, (res) => {
      if (res.statusCode !== 200) {
        this.fail(new Error(`backchannel ${res.statusCode ?? 0}`));
        res.resume();
        return;
      }
      const reader = new FrameReader();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        try {
          for (const frame of reader.push(chunk)) this.receive(frame as unknown[]);
        } catch (error) {
          this.fail(error as Error);
        }
      });
      res.on('end', () => {
        if (this.closed || this.backchannel !== req) return;
        // A streaming backchannel the server ended is reopened, as the client does.
        if (reader.pending !== '') this.fail(new Error('backchannel ended mid-frame'));
        else this.openBackchannel();
      });
    });
    req.on('error', (error) => {
      if (this.backchannel !== req) return;
      if (closedBeforeAnswer(req, error)) this.openBackchannel();
      else this.fail(error);
    });
    this.backchannel = req;
  }

  private receive(arrays: unknown[]): void {
    for (const array of arrays) {
      if (!isServerArray(array)) throw new Error(`not a server array: ${JSON.stringify(array)}`);
      const [id, payload] = array;
      if (id <= this.lastArrayId) continue; // the client drops ids it has seen
      this.lastArrayId = id;
      const message = payload[0];
      if (message === 'noop') continue;
      if (message === 'stop' || message === 'close') {
        throw new Error(`server ended the ${this.options.stream} session (${message})`);
      }
      this.options.onMessage(message);
    }
  }

  private fail(error: Error): void {
    if (this.closed) return;
    this.closed = true;
    this.backchannel?.destroy();
    this.backchannel = null;
    this.options.onError(error);
  }
}
