/**
 * storage.rules through the real browser SDK (docs/DATA_MODEL.md "Storage"): every allow
 * statement of the three upload folders, each method and clause, allowed and denied, as the
 * owner, another member and signed out. The last test fails when a rule has no such case.
 */
import { rulesSuiteFor } from './sdk-suite';

const suite = rulesSuiteFor('storage.rules', 'demo-rules-storage');
const MiB = 1024 * 1024;

const FOLDERS = [
  {
    match: '/{uid}/posts/{file=**}',
    folder: 'posts',
    // Posts take the raster types browsers show (never SVG, which can carry script); the profile
    // folders only PNG and JPEG.
    accepted: 'image/webp',
    refused: ['image/svg+xml', 'text/plain', 'text/html', 'image/svg'],
    typeClause: 'contentType in',
  },
  {
    match: '/{uid}/pfps/{file=**}',
    folder: 'pfps',
    accepted: 'image/png',
    refused: ['image/gif', 'image/svg+xml'],
    typeClause: 'isPngOrJpeg()',
  },
  {
    match: '/{uid}/pfcovers/{file=**}',
    folder: 'pfcovers',
    accepted: 'image/png',
    refused: ['image/gif', 'image/svg+xml'],
    typeClause: 'isPngOrJpeg()',
  },
];

describe.each(FOLDERS)('$match', ({ match, folder, accepted, refused, typeClause }) => {
  const file = `alice/${folder}/picture`;
  const upload = (path: string, contentType: string, size = 3) => ({
    upload: path,
    size,
    contentType,
  });

  test('create: only the owner, an accepted type, at most 2 MiB (what the browser makes)', async () => {
    await suite.allow('alice', `${match} create`, { ...upload(file, accepted), resumable: true });
    await suite.allow('alice', `${match} create`, upload(`${file}-big`, 'image/jpeg', 2 * MiB));
    await suite.deny('bob', `${match} create`, upload(`${file}-b`, accepted), {
      breaks: 'isOwner(uid)',
    });
    await suite.deny('signedOut', `${match} create`, upload(`${file}-s`, accepted), {
      breaks: 'isOwner(uid)',
    });
    await suite.deny('alice', `${match} create`, upload(`${file}-huge`, accepted, 2 * MiB + 1), {
      breaks: 'smallEnough()',
    });
    for (const type of refused) {
      await suite.deny('alice', `${match} create`, upload(`${file}-t`, type), {
        breaks: typeClause,
      });
    }
  });

  test('update (metadata): only the owner, and the type stays accepted', async () => {
    await suite.allow('alice', `${match} update`, {
      updateMetadata: file,
      contentType: 'image/jpeg',
    });
    await suite.deny(
      'bob',
      `${match} update`,
      { updateMetadata: file, contentType: 'image/png' },
      {
        breaks: 'isOwner(uid)',
      },
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
      { updateMetadata: file, contentType: refused[0]! },
      {
        breaks: typeClause,
      },
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
