import net from 'node:net';
import {
  DATABASE,
  DOCS,
  RawChannel,
  channelPath,
  messagesOf,
  parseFrames,
  request,
  startWireServer,
  type WireServer,
} from './wire';
import { viaWire } from '../engine/helpers';

let wire: WireServer;
beforeAll(async () => {
  wire = await startWireServer({ longPollHoldMs: 300, keepAliveMs: 200, idleTimeoutMs: 1000 });
});
afterAll(async () => {
  await wire?.close();
});

const write = (name: string, text: string) => ({
  update: { name: `${DOCS}/${name}`, fields: { text: { stringValue: text } } },
});

describe('handshake and forward channel', () => {
  test('the handshake answers c with the session id, then the first reply', async () => {
    const channel = new RawChannel(wire.url, 'Write');
    const arrays = await channel.handshake({ database: DATABASE });
    expect(arrays[0]).toEqual([0, ['c', channel.sid, '', 8, 14, 30000]]);
    expect(arrays[1]![0]).toBe(1);
    const reply = arrays[1]![1][0] as Record<string, unknown>;
    expect(typeof reply['streamId']).toBe('string');
    expect(reply['streamToken']).toEqual(expect.stringMatching(/^[A-Za-z0-9+/=]+$/));
    expect(reply['writeResults']).toBeUndefined();
  });

  test('a forward POST is answered exactly [1,lastArrayId,0] and replays are dropped by ofs', async () => {
    const channel = new RawChannel(wire.url, 'Write');
    const arrays = await channel.handshake({ database: DATABASE });
    const token = (arrays[1]![1][0] as { streamToken: string }).streamToken;
    const first = await channel.send([{ streamToken: token, writes: [write('wc/a', 'one')] }], {
      aid: 1,
    });
    expect(first.status).toBe(200);
    // The acknowledgement is queued once the commit is durable, after this reply was written, so
    // the reply still counts only the handshake's array.
    expect(first.text).toBe('7\n[1,1,0]');
    const updateTime = wire.engine.getDocument(`${DOCS}/wc/a`)!.updateTime;

    // The same POST again (a client retry): same ofs, nothing applied twice.
    const replay = await channel.send([{ streamToken: token, writes: [write('wc/a', 'two')] }], {
      ofs: 1,
      aid: 1,
    });
    expect(replay.text).toBe('7\n[1,2,0]');
    expect(wire.engine.getDocument(`${DOCS}/wc/a`)!.updateTime).toBe(updateTime);
    expect(wire.engine.getDocument(`${DOCS}/wc/a`)!.fields).toEqual({
      text: { stringValue: 'one' },
    });

    const polled = await channel.poll(1);
    expect(polled.arrays.map(([id]) => id)).toEqual([2]);
    const result = messagesOf(polled.arrays)[0]!;
    expect(result['writeResults']).toEqual([{ updateTime }]);
    expect(result['commitTime']).toBe(updateTime);
  });
});

describe('backchannel', () => {
  test('frames are length-prefixed in UTF-16 code units and resent after AID', async () => {
    await viaWire(wire.engine).commit(DATABASE, [write('wc/unicode', 'é😀 ünïcödé')]);
    const channel = new RawChannel(wire.url, 'Listen');
    const arrays = await channel.handshake({
      database: DATABASE,
      addTarget: { documents: { documents: [`${DOCS}/wc/unicode`] }, targetId: 2 },
    });
    // The handshake already carried the answer to the first message.
    const handshakeMessages = messagesOf(arrays.slice(1));
    expect(handshakeMessages.map((m) => Object.keys(m)[0])).toEqual([
      'targetChange',
      'documentChange',
      'targetChange',
      'targetChange',
    ]);
    const lastId = arrays[arrays.length - 1]![0];

    // The client says it saw nothing after array 1: everything after it comes again.
    const polled = await channel.poll(1);
    expect(polled.arrays.map(([id]) => id)).toEqual(
      Array.from({ length: lastId - 1 }, (_, i) => i + 2),
    );
    const raw = polled.text;
    const newline = raw.indexOf('\n');
    expect(Number(raw.slice(0, newline))).toBe(raw.length - newline - 1);
    expect(Buffer.byteLength(raw) - newline - 1).toBeGreaterThan(raw.length - newline - 1);
    const change = messagesOf(polled.arrays)[0]!['documentChange'] as {
      document: { fields: { text: { stringValue: string } } };
    };
    expect(change.document.fields.text.stringValue).toBe('é😀 ünïcödé');
  });

  test('a long poll with nothing to send holds, then answers a noop', async () => {
    const channel = new RawChannel(wire.url, 'Write');
    const arrays = await channel.handshake({ database: DATABASE });
    const started = Date.now();
    const polled = await channel.poll(arrays[arrays.length - 1]![0]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(polled.arrays).toEqual([[2, ['noop']]]);
  });

  test('a streaming backchannel writes a noop at once, then live data as it happens', async () => {
    const channel = new RawChannel(wire.url, 'Listen');
    const arrays = await channel.handshake({
      database: DATABASE,
      addTarget: {
        query: { parent: DOCS, structuredQuery: { from: [{ collectionId: 'live' }] } },
        targetId: 4,
      },
    });
    const aid = arrays[arrays.length - 1]![0];
    const firstBytes = await channel.stream(aid, (a) => a.length > 0);
    expect(firstBytes).toEqual([[aid + 1, ['noop']]]);

    const streamed = channel.stream(aid + 1, (a) =>
      messagesOf(a).some((m) => m['documentChange'] !== undefined),
    );
    await new Promise((r) => setTimeout(r, 50));
    viaWire(wire.engine).commit(DATABASE, [write('live/x', 'hello')]);
    const got = messagesOf(await streamed);
    const change = got.find((m) => m['documentChange']) as {
      documentChange: { document: { name: string }; targetIds: number[] };
    };
    expect(change.documentChange.document.name).toBe(`${DOCS}/live/x`);
    expect(change.documentChange.targetIds).toEqual([4]);
  });

  test('a document changed for several targets of a session is sent once with all their ids', async () => {
    const channel = new RawChannel(wire.url, 'Listen');
    const target = (targetId: number, limit: number) => ({
      database: DATABASE,
      addTarget: {
        query: {
          parent: DOCS,
          structuredQuery: {
            from: [{ collectionId: 'shared' }],
            // By text, which follows the names: a descending key scan alone is refused.
            orderBy: [{ field: { fieldPath: 'text' }, direction: 'DESCENDING' }],
            limit,
          },
        },
        targetId,
      },
    });
    viaWire(wire.engine).commit(DATABASE, [write('shared/a', 'a'), write('shared/b', 'b')]);
    await channel.handshake(target(2, 1));
    await channel.send([target(4, 2)]);
    const aid = Math.max(...(await channel.poll(0)).arrays.map(([id]) => id));

    const streamed = channel.stream(aid, (a) =>
      messagesOf(a).some((m) => m['documentChange'] !== undefined),
    );
    await new Promise((r) => setTimeout(r, 50));
    viaWire(wire.engine).commit(DATABASE, [write('shared/c', 'c')]);
    const got = messagesOf(await streamed).filter((m) => !Array.isArray(m));
    expect(got).toEqual([
      {
        documentRemove: {
          document: `${DOCS}/shared/b`,
          removedTargetIds: [2],
          readTime: expect.any(String),
        },
      },
      {
        documentRemove: {
          document: `${DOCS}/shared/a`,
          removedTargetIds: [4],
          readTime: expect.any(String),
        },
      },
      {
        documentChange: {
          document: expect.objectContaining({ name: `${DOCS}/shared/c` }),
          targetIds: [2, 4],
        },
      },
      { targetChange: { readTime: expect.any(String), resumeToken: expect.any(String) } },
    ]);
  });

  test('keep-alive noops arrive on an idle streaming backchannel', async () => {
    const channel = new RawChannel(wire.url, 'Write');
    const arrays = await channel.handshake({ database: DATABASE });
    const got = await channel.stream(arrays[arrays.length - 1]![0], (a) => a.length >= 3, 3000);
    expect(got.slice(0, 3).map(([, p]) => p)).toEqual([['noop'], ['noop'], ['noop']]);
  });
});

describe('session end', () => {
  test('terminate ends the session; later requests get 400 Unknown SID', async () => {
    const channel = new RawChannel(wire.url, 'Write');
    await channel.handshake({ database: DATABASE });
    expect((await channel.terminate()).status).toBe(200);
    const polled = await channel.poll(0);
    expect(polled.status).toBe(400);
    expect(polled.text).toContain('Unknown SID');
    const posted = await channel.send([{ streamToken: 'x', writes: [] }]);
    expect(posted.status).toBe(400);
    expect(posted.text).toContain('Unknown SID');
  });

  test('an idle session without a backchannel is cleaned up', async () => {
    const channel = new RawChannel(wire.url, 'Write');
    await channel.handshake({ database: DATABASE });
    await new Promise((r) => setTimeout(r, 2300));
    const polled = await channel.poll(0);
    expect(polled.status).toBe(400);
    expect(polled.text).toContain('Unknown SID');
  });

  test('an error is a data message on the stream', async () => {
    const channel = new RawChannel(wire.url, 'Write');
    const arrays = await channel.handshake({ database: DATABASE });
    const token = (arrays[1]![1][0] as { streamToken: string }).streamToken;
    await channel.send(
      [
        {
          streamToken: token,
          writes: [{ ...write('wc/missing', 'x'), currentDocument: { exists: true } }],
        },
      ],
      { aid: 1 },
    );
    const polled = await channel.poll(1);
    expect(messagesOf(polled.arrays)).toEqual([
      {
        error: {
          code: 5,
          message: `No document to update: ${DOCS}/wc/missing`,
          status: 'NOT_FOUND',
        },
      },
    ]);
  });
});

describe('HTTP surface', () => {
  test('CORS echoes the exact origin with credentials; preflight allows the SDK headers', async () => {
    const origin = 'http://127.0.0.1:3000';
    const channel = await request(
      `${wire.url}${channelPath('Write')}?VER=8&RID=1&CVER=22&t=1&database=${encodeURIComponent(DATABASE)}`,
      {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `count=1&ofs=0&req0___data__=${encodeURIComponent(JSON.stringify({ database: DATABASE }))}`,
      },
    );
    expect(channel.status).toBe(200);
    expect(channel.headers['access-control-allow-origin']).toBe(origin);
    expect(channel.headers['access-control-allow-credentials']).toBe('true');
    expect(parseFrames(channel.text)).toHaveLength(1);

    const wanted =
      'google-cloud-resource-prefix,x-firebase-gmpid,x-goog-api-client,x-goog-api-key,x-goog-request-params,authorization,content-type';
    const preflight = await request(`${wire.url}/v1/${DOCS}:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': wanted,
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase();
    for (const header of wanted.split(',')) expect(allowed).toContain(header);
  });

  test('GET / answers Ok and /healthz answers JSON', async () => {
    const root = await request(`${wire.url}/`);
    expect(root.status).toBe(200);
    expect(root.text).toBe('Ok');
    const health = await request(`${wire.url}/healthz`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual(expect.objectContaining({ status: 'ok' }));
  });

  test('a client hanging up in the middle of a body is dropped quietly; others are served', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { port } = new URL(wire.url);
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /v1/${DOCS}:commit HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"writes":`,
          );
          setTimeout(() => socket.destroy(), 50);
        });
        socket.on('close', () => resolve());
        socket.on('error', () => undefined);
      });
      await new Promise((r) => setTimeout(r, 50));
      const health = await request(`${wire.url}/healthz`);
      expect(health.status).toBe(200);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
