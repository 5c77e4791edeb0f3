/**
 * storage.rules through the real browser SDK (docs/DATA_MODEL.md "Storage"): every allow
 * statement of the three upload folders, each method and clause, allowed and denied, as the
 * owner, another member and signed out. The last test fails when a rule has no such case.
 */
import { rulesSuiteFor } from './sdk-suite';

const suite = rulesSuiteFor('storage.rules', 'demo-rules-storage');
const MiB = 1024 * 1024;

const FOLDERS = ['posts', 'pfps', 'pfcovers'].map((folder) => ({
  match: `/{uid}/${folder}/{file=**}`,
  folder,
}));
const TYPE_AND_NAME = 'pngOrJpegNamedAfterType()';

describe.each(FOLDERS)('$match', ({ match, folder }) => {
  const file = `alice/${folder}/picture.png`;
  const upload = (path: string, contentType: string, size = 3, extra?: Record<string, string>) => ({
    upload: path,
    size,
    contentType,
    ...(extra ? { extra } : {}),
  });

  test('create: only the owner, PNG or JPEG named after its type, at most 2 MiB (what the browser makes)', async () => {
    await suite.allow('alice', `${match} create`, {
      ...upload(file, 'image/png'),
      resumable: true,
    });
    await suite.allow(
      'alice',
      `${match} create`,
      upload(`alice/${folder}/1700000000000-abc-small.jpg`, 'image/jpeg', 2 * MiB),
    );
    await suite.deny('bob', `${match} create`, upload(`alice/${folder}/b.png`, 'image/png'), {
      breaks: 'isOwner(uid)',
    });
    await suite.deny('signedOut', `${match} create`, upload(`alice/${folder}/s.png`, 'image/png'), {
      breaks: 'isOwner(uid)',
    });
    await suite.deny(
      'alice',
      `${match} create`,
      upload(`alice/${folder}/huge.png`, 'image/png', 2 * MiB + 1),
      { breaks: 'smallEnough()' },
    );
    // Types the app never writes (every size is drawn on a canvas), rasters and SVG alike.
    for (const type of ['image/webp', 'image/gif', 'image/svg+xml', 'text/html']) {
      await suite.deny('alice', `${match} create`, upload(`alice/${folder}/t.png`, type), {
        breaks: TYPE_AND_NAME,
      });
    }
    // Names the app never gives: a page, the other type's extension, none, a subfolder.
    for (const name of ['t.html', 't.jpg', 't', 'deep/t.png']) {
      await suite.deny('alice', `${match} create`, upload(`alice/${folder}/${name}`, 'image/png'), {
        breaks: TYPE_AND_NAME,
      });
    }
  });

  test('create: no content encoding, and no disposition but the default', async () => {
    await suite.allow(
      'alice',
      `${match} create`,
      upload(`alice/${folder}/plain.png`, 'image/png', 3, {
        contentEncoding: 'identity',
        contentDisposition: 'inline',
      }),
    );
    // A gzip bomb: the browser inflates what it shows.
    await suite.deny(
      'alice',
      `${match} create`,
      upload(`alice/${folder}/bomb.png`, 'image/png', 3, { contentEncoding: 'gzip' }),
      { breaks: 'noContentEncoding()' },
    );
    for (const disposition of ['attachment; filename="evil.html"', 'inline; filename=evil.html']) {
      await suite.deny(
        'alice',
        `${match} create`,
        upload(`alice/${folder}/named.png`, 'image/png', 3, { contentDisposition: disposition }),
        { breaks: 'defaultDisposition()' },
      );
    }
  });

  test('update (metadata): only the owner, and the type, encoding and disposition stay the app’s', async () => {
    await suite.allow('alice', `${match} update`, {
      updateMetadata: file,
      contentType: 'image/png',
    });
    await suite.deny(
      'bob',
      `${match} update`,
      { updateMetadata: file, contentType: 'image/png' },
      { breaks: 'isOwner(uid)' },
    );
    await suite.deny(
      'signedOut',
      `${match} update`,
      { updateMetadata: file, contentType: 'image/png' },
      { breaks: 'isOwner(uid)' },
    );
    await suite.deny(
      'alice',
      `${match} update`,
      { updateMetadata: file, contentType: 'image/svg+xml' },
      { breaks: TYPE_AND_NAME },
    );
    await suite.deny(
      'alice',
      `${match} update`,
      { updateMetadata: file, contentType: 'image/png', extra: { contentEncoding: 'gzip' } },
      { breaks: 'noContentEncoding()' },
    );
    await suite.deny(
      'alice',
      `${match} update`,
      {
        updateMetadata: file,
        contentType: 'image/png',
        extra: { contentDisposition: 'attachment; filename="evil.html"' },
      },
      { breaks: 'defaultDisposition()' },
    );
  });

  test('get and list: any signed-in member', async () => {
    await suite.allow('bob', `${match} get`, { metadata: file });
    await suite.allow('alice', `${match} get`, { metadata: file });
    await suite.deny('signedOut', `${match} get`, { metadata: file });
    await suite.allow('bob', `${match} list`, { listFiles: `alice/${folder}` });
    await suite.deny('signedOut', `${match} list`, { listFiles: `alice/${folder}` });
  });

  test('delete: only the owner', async () => {
    await suite.deny('bob', `${match} delete`, { deleteFile: file });
    await suite.deny('signedOut', `${match} delete`, { deleteFile: file });
    await suite.allow('alice', `${match} delete`, { deleteFile: file });
  });
});

test('paths outside the three folders are refused to everyone', async () => {
  await suite.denyUnmatched('alice', {
    upload: 'alice/other/picture',
    size: 3,
    contentType: 'image/png',
  });
  await suite.denyUnmatched('alice', {
    upload: 'alice/picture',
    size: 3,
    contentType: 'image/png',
  });
  await suite.denyUnmatched('bob', { metadata: 'alice/other/picture' });
  await suite.denyUnmatched('bob', { listFiles: 'alice' });
});

test('every allow statement, method and clause has its allowed and denied cases', () => {
  expect(suite.gaps()).toEqual([]);
});
