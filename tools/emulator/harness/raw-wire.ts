import http from 'node:http';

/**
 * A raw WebChannel/REST client (no SDK in between), for the protocol-level tests and the hostile
 * bench: it sends exactly the frames it is given, so a test can send what no SDK would.
 */

export const PROJECT = 'demo-wire';
export const DATABASE = `projects/${PROJECT}/databases/(default)`;
export const DOCS = `${DATABASE}/documents`;

/** Splits `<len>\n<json>` frames, checking each length in UTF-16 code units. */
export function parseFrames(text: string): unknown[] {
  const frames: unknown[] = [];
  let pos = 0;
  while (pos < text.length) {
    const newline = text.indexOf('\n', pos);
    if (newline < 0)
      throw new Error(`no length line at ${pos}: ${JSON.stringify(text.slice(pos))}`);
    const length = Number(text.slice(pos, newline));
    if (!Number.isInteger(length)) throw new Error(`bad length ${text.slice(pos, newline)}`);
    const json = text.slice(newline + 1, newline + 1 + length);
    if (json.length !== length) throw new Error(`frame shorter than ${length}`);
    frames.push(JSON.parse(json));
    pos = newline + 1 + length;
  }
  return frames;
}

export function channelPath(stream: 'Listen' | 'Write'): string {
  return `/google.firestore.v1.Firestore/${stream}/channel`;
}

export function forwardBody(ofs: number, messages: unknown[], headers?: string): string {
  const params = new URLSearchParams();
  if (headers !== undefined) params.set('headers', headers);
  params.set('count', String(messages.length));
  params.set('ofs', String(ofs));
  messages.forEach((m, i) => params.set(`req${i}___data__`, JSON.stringify(m)));
  return params.toString();
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** One WebChannel session driven by hand. */
export class RawChannel {
  sid = '';
  private ofs = 0;
  private rid = 1;

  constructor(
    private readonly base: string,
    private readonly streamName: 'Listen' | 'Write',
  ) {}

  private url(extra: Record<string, string>): string {
    const params = new URLSearchParams({ VER: '8', database: DATABASE, ...extra });
    return `${this.base}${channelPath(this.streamName)}?${params.toString()}`;
  }

  /** Returns the arrays of the handshake reply (`[[0,["c",...]], [1,[msg]], ...]`). */
  async handshake(first: unknown, initHeaders = ''): Promise<Array<[number, unknown[]]>> {
    const res = await request(this.url({ RID: String(this.rid++), CVER: '22', t: '1' }), {
      method: 'POST',
      headers: FORM,
      body: forwardBody(this.ofs++, [first], initHeaders),
    });
    if (res.status !== 200) throw new Error(`handshake ${res.status}: ${res.text}`);
    const [arrays] = parseFrames(res.text) as [Array<[number, unknown[]]>];
    this.sid = (arrays[0]![1] as string[])[1]!;
    return arrays;
  }

  /** Sends messages; `ofs` may be given to replay an earlier POST. */
  async send(
    messages: unknown[],
    options: { ofs?: number; aid?: number } = {},
  ): Promise<RawResponse> {
    const ofs = options.ofs ?? this.ofs;
    if (options.ofs === undefined) this.ofs += messages.length;
    return request(
      this.url({ SID: this.sid, RID: String(this.rid++), AID: String(options.aid ?? 0), t: '1' }),
      { method: 'POST', headers: FORM, body: forwardBody(ofs, messages) },
    );
  }

  /** A long-poll backchannel (CI=1): resolves with the arrays of its one frame. */
  async poll(
    aid: number,
  ): Promise<{ status: number; text: string; arrays: Array<[number, unknown[]]> }> {
    const res = await request(
      this.url({ RID: 'rpc', SID: this.sid, AID: String(aid), CI: '1', TYPE: 'xmlhttp', t: '1' }),
    );
    const arrays =
      res.status === 200 ? (parseFrames(res.text) as Array<Array<[number, unknown[]]>>).flat() : [];
    return { status: res.status, text: res.text, arrays };
  }

  /** A streaming backchannel (CI=0): collects arrays until `until` says stop, then aborts. */
  stream(
    aid: number,
    until: (arrays: Array<[number, unknown[]]>) => boolean,
    timeoutMs = 5000,
  ): Promise<Array<[number, unknown[]]>> {
    return new Promise((resolve, reject) => {
      const url = this.url({
        RID: 'rpc',
        SID: this.sid,
        AID: String(aid),
        CI: '0',
        TYPE: 'xmlhttp',
        t: '1',
      });
      const req = http.get(url, (res) => {
        let text = '';
        const arrays: Array<[number, unknown[]]> = [];
        const timer = setTimeout(() => {
          req.destroy();
          reject(new Error(`stream timeout; got ${JSON.stringify(arrays)}`));
        }, timeoutMs);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          try {
            const frames = parseFrames(text) as Array<Array<[number, unknown[]]>>;
            arrays.splice(0, arrays.length, ...frames.flat());
          } catch {
            return; // partial frame
          }
          if (until(arrays)) {
            clearTimeout(timer);
            req.destroy();
            resolve(arrays);
          }
        });
      });
      req.on('error', () => undefined);
    });
  }

  async terminate(): Promise<RawResponse> {
    return request(this.url({ SID: this.sid, RID: String(this.rid++), TYPE: 'terminate' }), {
      method: 'POST',
    });
  }
}

/** The messages (payload[0]) of a list of arrays. */
export function messagesOf(arrays: Array<[number, unknown[]]>): Array<Record<string, unknown>> {
  return arrays
    .map(([, payload]) => payload[0])
    .filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null);
}
