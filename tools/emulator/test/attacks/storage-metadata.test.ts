/**
 * Attack: metadata a browser acts on. A 204 KB upload marked `contentEncoding: gzip` that every
 * viewer's browser inflates to 200 MiB; a `contentDisposition` that saves a member's picture as
 * an `.html` page; and the same set later through a metadata update. The app sets none of them,
 * so the product's storage.rules refuse them all; what is served carries nosniff.
 */
import { gzipSync } from 'node:zlib';
import { idToken } from '../harness';
import { withAttackStack } from './attack-kit';

const kit = withAttackStack('demo-attack-metadata');
const BOMB = gzipSync(Buffer.alloc(200 * 1024 * 1024), { level: 9 });

const objectsUrl = () => {
  const { storageUrl, projectId } = kit().stack;
  return `${storageUrl}/v0/b/${projectId}.appspot.com/o`;
};
const auth = (uid: string) => `Firebase ${idToken(uid, kit().stack.projectId)}`;

/** A multipart upload as the SDK sends one: metadata JSON, then the bytes. */
async function upload(uid: string, name: string, metadata: object, bytes: Buffer) {
  const boundary = 'attack';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n` +
        `${JSON.stringify({ name, contentType: 'image/png', ...metadata })}\r\n` +
        `--${boundary}\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  const response = await fetch(`${objectsUrl()}?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      Authorization: auth(uid),
      'X-Goog-Upload-Protocol': 'multipart',
      'Content-Type': `multipart/related; boundary=${boundary}`,
    },
    body,
  });
  return response.status;
}

async function patch(uid: string, name: string, metadata: object) {
  const response = await fetch(`${objectsUrl()}/${encodeURIComponent(name)}`, {
    method: 'PATCH',
    headers: { Authorization: auth(uid), 'Content-Type': 'application/json' },
    body: JSON.stringify(metadata),
  });
  return response.status;
}

test('the 204 KB gzip bomb is refused in every folder', async () => {
  expect(BOMB.length).toBeLessThan(210 * 1024);
  for (const folder of ['posts', 'pfps', 'pfcovers']) {
    expect(
      await upload('mallory', `mallory/${folder}/bomb.png`, { contentEncoding: 'gzip' }, BOMB),
    ).toBe(403);
  }
});

test.each([
  'attachment; filename="evil.html"',
  'inline; filename=evil.html',
  "attachment; filename*=utf-8''evil.html",
])('a contentDisposition of %s is refused', async (disposition) => {
  expect(
    await upload(
      'mallory',
      'mallory/posts/page.png',
      { contentDisposition: disposition },
      Buffer.from('png'),
    ),
  ).toBe(403);
});

test('an upload as the app makes it is accepted and served with nosniff; adding the metadata later is refused', async () => {
  expect(await upload('mallory', 'mallory/posts/photo.png', {}, Buffer.from('png bytes'))).toBe(
    200,
  );
  expect(await patch('mallory', 'mallory/posts/photo.png', { contentEncoding: 'gzip' })).toBe(403);
  expect(
    await patch('mallory', 'mallory/posts/photo.png', {
      contentDisposition: 'attachment; filename="evil.html"',
    }),
  ).toBe(403);
  const metadata = (await (
    await fetch(`${objectsUrl()}/${encodeURIComponent('mallory/posts/photo.png')}`, {
      headers: { Authorization: auth('mallory') },
    })
  ).json()) as { downloadTokens: string; contentEncoding: string; contentDisposition: string };
  expect(metadata.contentEncoding).toBe('identity');
  expect(metadata.contentDisposition).toBe('inline');
  const served = await fetch(
    `${objectsUrl()}/${encodeURIComponent('mallory/posts/photo.png')}?alt=media&token=${metadata.downloadTokens.split(',')[0]}`,
  );
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.headers.get('content-type')).toBe('image/png');
});
