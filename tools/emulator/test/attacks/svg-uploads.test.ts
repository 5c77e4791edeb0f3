/** Attack: uploading an SVG (a document that can carry script) or a non-image as a photo. */
import { idToken } from '../harness';
import { withAttackStack } from './attack-kit';

const kit = withAttackStack('demo-attack-svg');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>';

/** A media upload as a hostile client sends it: the body is the file, Content-Type its type. */
async function upload(uid: string, path: string, contentType: string, body: string) {
  const { storageUrl, projectId } = kit().stack;
  const bucket = `${projectId}.appspot.com`;
  const response = await fetch(`${storageUrl}/v0/b/${bucket}/o?name=${encodeURIComponent(path)}`, {
    method: 'POST',
    headers: { Authorization: `Firebase ${idToken(uid, projectId)}`, 'Content-Type': contentType },
    body,
  });
  return response.status;
}

test.each([
  ['mallory/posts/x.svg', 'image/svg+xml'],
  ['mallory/posts/x.svg', 'image/svg'],
  ['mallory/posts/x.html', 'text/html'],
  ['mallory/pfps/x.svg', 'image/svg+xml'],
  ['mallory/pfcovers/x.svg', 'image/svg+xml'],
])('%s as %s is refused', async (path, type) => {
  expect(await upload('mallory', path, type, SVG)).toBe(403);
});

test('a PNG in the member’s own folder is accepted, and not in another’s', async () => {
  expect(await upload('mallory', 'mallory/posts/x.png', 'image/png', 'png')).toBe(200);
  expect(await upload('mallory', 'alice/posts/x.png', 'image/png', 'png')).toBe(403);
});
