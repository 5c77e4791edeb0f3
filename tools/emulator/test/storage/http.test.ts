import * as net from 'node:net';
import { BUCKET, objectUrl, startStorage, type RunningStorage } from './helpers';

let emulator: RunningStorage;
const MAX = 4096;

beforeAll(async () => {
  emulator = await startStorage({ maxObjectBytes: MAX });
});

afterAll(async () => {
  await emulator.close();
});

const uploadUrl = (name: string): string =>
  `${emulator.base}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`;

function multipartBody(metadata: string, data: string, boundary = 'XyZ'): string {
  return (
    `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${metadata}\r\n` +
    `--${boundary}\r\nContent-Type: text/plain\r\n\r\n${data}\r\n--${boundary}--`
  );
}

function multipart(name: string, body: string, contentType = 'multipart/related; boundary=XyZ') {
  return fetch(uploadUrl(name), {
    method: 'POST',
    headers: { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': contentType },
    body,
  });
}

async function startResumable(name: string, size = 10, body = '{}'): Promise<Response> {
  return fetch(uploadUrl(name), {
    method: 'POST',
    headers: {
      'X-Goog-Upload-Protocol': 'resumable',
      'X-Goog-Upload-Command': 'start',
      'X-Goog-Upload-Header-Content-Length': String(size),
      'X-Goog-Upload-Header-Content-Type': 'text/plain',
      'Content-Type': 'application/json; charset=utf-8',
    },
    body,
  });
}

function chunk(url: string, command: string, offset: number | null, data = ''): Promise<Response> {
  const headers: Record<string, string> = { 'X-Goog-Upload-Command': command };
  if (offset !== null) headers['X-Goog-Upload-Offset'] = String(offset);
  return fetch(url, { method: 'POST', headers, body: data });
}

describe('Storage HTTP surface', () => {
  test('GET / and /healthz', async () => {
    const root = await fetch(`${emulator.base}/`);
    expect(await root.text()).toBe('Ok');
    const health = await fetch(`${emulator.base}/healthz`);
    expect(await health.json()).toEqual(
      expect.objectContaining({ status: 'ok', service: 'storage' }),
    );
  });

  test('CORS preflight allows the SDK headers and exposes the upload headers', async () => {
    const response = await fetch(uploadUrl('a.txt'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-firebase-storage-version,x-goog-upload-command',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response.headers.get('access-control-allow-headers')).toContain(
      'x-firebase-storage-version',
    );
    const actual = await fetch(`${emulator.base}/`, {
      headers: { Origin: 'http://localhost:3000' },
    });
    const exposed = actual.headers.get('access-control-expose-headers') ?? '';
    for (const header of [
      'x-goog-upload-url',
      'x-goog-upload-status',
      'x-goog-upload-size-received',
    ]) {
      expect(exposed).toContain(header);
    }
  });

  test('a media upload (raw body) and its metadata', async () => {
    const response = await fetch(uploadUrl('raw/plain.txt'), {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'raw bytes',
    });
    expect(response.status).toBe(200);
    const meta = (await response.json()) as Record<string, unknown>;
    expect(meta).toEqual(
      expect.objectContaining({
        name: 'raw/plain.txt',
        bucket: BUCKET,
        size: '9',
        contentType: 'text/plain',
        metageneration: '1',
        contentEncoding: 'identity',
      }),
    );
    expect(typeof meta['downloadTokens']).toBe('string');
  });

  test('broken multipart bodies get 400 with the official texts', async () => {
    const noBoundary = await multipart('m/a.txt', multipartBody('{}', 'x'), 'multipart/related');
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.text()).toBe('Bad content type. multipart/related');

    const onePart = await multipart(
      'm/a.txt',
      '--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--',
    );
    expect(onePart.status).toBe(400);
    expect(await onePart.text()).toBe('Unexpected number of parts in request body');

    const unterminated = await multipart(
      'm/a.txt',
      multipartBody('{}', 'x').replace(/--XyZ--$/, ''),
    );
    expect(unterminated.status).toBe(400);

    const badJson = await multipart('m/a.txt', multipartBody('{"contentType":', 'x'));
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({
      error: { code: 400, message: 'Invalid JSON payload received.' },
    });

    const wrongType = await multipart('m/a.txt', multipartBody('{"metadata":"nope"}', 'x'));
    expect(wrongType.status).toBe(400);

    const noName = await fetch(`${emulator.base}/v0/b/${BUCKET}/o`, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': 'multipart/related; boundary=XyZ',
      },
      body: multipartBody('{}', 'x'),
    });
    expect(noName.status).toBe(400);

    const badMd5 = await multipart(
      'm/a.txt',
      multipartBody('{"md5Hash":"AAAAAAAAAAAAAAAAAAAAAA=="}', 'x'),
    );
    expect(badMd5.status).toBe(400);

    const stillServing = await multipart(
      'm/ok.txt',
      multipartBody('{"contentType":"text/plain"}', 'fine'),
    );
    expect(stillServing.status).toBe(200);
    const bytes = await fetch(`${objectUrl(emulator.base, 'm/ok.txt')}?alt=media`);
    expect(await bytes.text()).toBe('fine');
  });

  test('resumable: start answers an absolute upload URL; chunks, query, finalize', async () => {
    const start = await startResumable('r/one.txt', 10);
    expect(start.status).toBe(200);
    expect(start.headers.get('x-goog-upload-status')).toBe('active');
    const url = start.headers.get('x-goog-upload-url')!;
    expect(url.startsWith(`${emulator.base}/v0/b/${BUCKET}/o?`)).toBe(true);

    const first = await chunk(url, 'upload', 0, '01234');
    expect(first.headers.get('x-goog-upload-status')).toBe('active');
    // A retried chunk that overlaps what arrived only adds its new tail.
    const retried = await chunk(url, 'upload', 3, '34567');
    expect(retried.status).toBe(200);
    const query = await chunk(url, 'query', null);
    expect(query.headers.get('x-goog-upload-status')).toBe('active');
    expect(query.headers.get('x-goog-upload-size-received')).toBe('8');

    const gap = await chunk(url, 'upload', 20, 'zz');
    expect(gap.status).toBe(400);
    expect(gap.headers.get('x-goog-upload-size-received')).toBe('8');
    const badOffset = await chunk(url, 'upload', -1 as number, 'zz');
    expect(badOffset.status).toBe(400);

    const done = await chunk(url, 'upload, finalize', 8, '89');
    expect(done.status).toBe(200);
    expect(done.headers.get('x-goog-upload-status')).toBe('final');
    const meta = (await done.json()) as { size: string; name: string };
    expect(meta).toEqual(expect.objectContaining({ size: '10', name: 'r/one.txt' }));
    // A repeated finalize (lost answer) gets the same answer.
    const again = await chunk(url, 'finalize', 10);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { size: string }).size).toBe('10');
    const bytes = await fetch(`${objectUrl(emulator.base, 'r/one.txt')}?alt=media`);
    expect(await bytes.text()).toBe('0123456789');
    const finalQuery = await chunk(url, 'query', null);
    expect(finalQuery.headers.get('x-goog-upload-status')).toBe('final');
  });

  test('resumable bad input: unknown id, missing name, malformed JSON, commands, cancel', async () => {
    const unknown = await chunk(
      `${uploadUrl('r/x.txt')}&upload_id=nope&upload_protocol=resumable`,
      'query',
      null,
    );
    expect(unknown.status).toBe(404);

    const noName = await fetch(`${emulator.base}/v0/b/${BUCKET}/o`, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
      body: '{}',
    });
    expect(noName.status).toBe(400);

    const badJson = await startResumable('r/x.txt', 10, '{not json');
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({
      error: { code: 400, message: 'Invalid JSON payload received.' },
    });

    const start = await startResumable('r/cancelled.txt', 4);
    const url = start.headers.get('x-goog-upload-url')!;
    expect((await chunk(url, 'explode', 0, 'ab')).status).toBe(400);
    expect((await chunk(url, 'upload', 0, 'ab')).status).toBe(200);
    expect((await chunk(url, 'cancel', null)).status).toBe(200);
    const late = await chunk(url, 'upload, finalize', 2, 'cd');
    expect(late.status).toBe(400);
    const missing = await fetch(`${objectUrl(emulator.base, 'r/cancelled.txt')}`);
    expect(missing.status).toBe(404);
  });

  test('oversize uploads get 413 and the server keeps serving', async () => {
    const big = 'x'.repeat(MAX + 1);
    const multipartTooBig = await multipart('big/a.txt', multipartBody('{}', big));
    expect(multipartTooBig.status).toBe(413);

    const declaredTooBig = await startResumable('big/b.txt', MAX + 1);
    expect(declaredTooBig.status).toBe(413);

    const start = await startResumable('big/c.txt', MAX);
    const url = start.headers.get('x-goog-upload-url')!;
    expect((await chunk(url, 'upload', 0, 'y'.repeat(MAX))).status).toBe(200);
    expect((await chunk(url, 'upload, finalize', MAX, 'y')).status).toBe(413);

    const small = await multipart('big/ok.txt', multipartBody('{}', 'ok'));
    expect(small.status).toBe(200);
  });

  test('a client that disconnects mid-body leaves nothing behind', async () => {
    const body = multipartBody('{}', 'z'.repeat(2000));
    await new Promise<void>((resolve) => {
      const socket = net.connect(emulator.port, '127.0.0.1', () => {
        socket.write(
          `POST /v0/b/${BUCKET}/o?name=cut%2Fa.txt HTTP/1.1\r\nHost: 127.0.0.1:${emulator.port}\r\n` +
            `X-Goog-Upload-Protocol: multipart\r\nContent-Type: multipart/related; boundary=XyZ\r\n` +
            `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 500)}`,
          () => {
            socket.destroy();
            resolve();
          },
        );
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await fetch(objectUrl(emulator.base, 'cut/a.txt'))).status).toBe(404);
    expect((await fetch(`${emulator.base}/healthz`)).status).toBe(200);
  });

  test('malformed paths, patch bodies and list parameters', async () => {
    expect((await fetch(`${emulator.base}/v0/b/${BUCKET}/o/%E0%A4%A`)).status).toBe(400);
    await multipart('p/a.txt', multipartBody('{}', 'a'));
    const badPatch = await fetch(objectUrl(emulator.base, 'p/a.txt'), {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"cacheControl":',
    });
    expect(badPatch.status).toBe(400);
    const patchMissing = await fetch(objectUrl(emulator.base, 'p/none.txt'), {
      method: 'PATCH',
      body: '{"cacheControl":"no-cache"}',
    });
    expect(patchMissing.status).toBe(404);
    const listBase = `${emulator.base}/v0/b/${BUCKET}/o`;
    expect((await fetch(`${listBase}?prefix=p`)).status).toBe(400);
    expect((await fetch(`${listBase}?prefix=p%2F&maxResults=0`)).status).toBe(400);
    expect((await fetch(`${listBase}?prefix=p%2F&pageToken=%25%25`)).status).toBe(400);
    const listed = (await (await fetch(`${listBase}?prefix=p%2F&delimiter=%2F`)).json()) as {
      items: Array<{ name: string; bucket: string }>;
      prefixes: string[];
    };
    expect(listed).toEqual({ prefixes: [], items: [{ name: 'p/a.txt', bucket: BUCKET }] });
  });

  test('POST /internal/reset deletes every object', async () => {
    await multipart('reset/a.txt', multipartBody('{}', 'a'));
    const reset = await fetch(`${emulator.base}/internal/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect((await fetch(objectUrl(emulator.base, 'reset/a.txt'))).status).toBe(404);
    expect((await fetch(objectUrl(emulator.base, 'm/ok.txt'))).status).toBe(404);
  });
});
