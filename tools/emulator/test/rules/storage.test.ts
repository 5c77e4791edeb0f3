import { authorizeStorage, compileRules, type StorageObjectInfo } from '../../src/rules';
import { TIME, anonymous, user } from './helpers';

const rules = compileRules(`rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{uid}/avatars/{file=**} {
      allow read: if request.auth != null;
      allow create, update: if request.auth.uid == uid
        && request.resource.size < 1024
        && request.resource.contentType.matches('image/(png|jpeg)')
        && request.resource.metadata.get('k', 'none') == 'none';
      allow delete: if request.auth.uid == uid && resource.size > 0 && bucket == 'bkt';
    }
  }
}`);

function object(
  name: string,
  size: number,
  contentType: string,
  metadata: Record<string, string> = {},
): StorageObjectInfo {
  return {
    name,
    bucket: 'bkt',
    size,
    contentType,
    metadata,
    timeCreated: TIME,
    updated: TIME,
    md5Hash: 'x',
    generation: '1',
    metageneration: '1',
  };
}

const ctx = (principal = user('alice')) => ({ principal, time: TIME });
const upload = (path: string, info: StorageObjectInfo, method: 'create' | 'update' = 'create') => ({
  bucket: 'bkt',
  path,
  method,
  resource: null,
  requestResource: info,
});
/** An upload of `path` whose object has this size, content type and metadata. */
const uploadOf = (
  path: string,
  size: number,
  contentType: string,
  { metadata, method }: { metadata?: Record<string, string>; method?: 'update' } = {},
) => upload(path, object(path, size, contentType, metadata), method);
/** A `get` or `delete` of the 3-byte PNG stored at alice/avatars/a.png. */
const onStoredAvatar = (method: 'get' | 'delete') => ({
  bucket: 'bkt',
  path: 'alice/avatars/a.png',
  method,
  resource: object('alice/avatars/a.png', 3, 'image/png'),
  requestResource: null,
});
/** What the rules say to `principal` (alice by default) about `req`: null when allowed. */
const verdict = (req: Parameters<typeof authorizeStorage>[2], principal = user('alice')) =>
  authorizeStorage(rules, ctx(principal), req);

describe('authorizeStorage', () => {
  test('reads need sign-in', () => {
    const req = onStoredAvatar('get');
    expect(verdict(req, user('bob'))).toBeNull();
    expect(verdict(req, anonymous)?.message).toBe("false for 'get' @ L5");
    expect(verdict({ ...req, method: 'list', path: 'alice/avatars/' }, anonymous)?.message).toBe(
      "false for 'list' @ L5",
    );
  });

  test('uploads: own folder, size and content type', () => {
    expect(verdict(uploadOf('alice/avatars/a.png', 10, 'image/png'))).toBeNull();
    expect(
      verdict(uploadOf('alice/avatars/x/y.jpg', 10, 'image/jpeg', { method: 'update' })),
    ).toBeNull();
    expect(verdict(uploadOf('alice/avatars/a.png', 10, 'image/png'), user('bob'))?.message).toBe(
      "false for 'create' @ L6",
    );
    expect(verdict(uploadOf('alice/avatars/a.png', 4096, 'image/png'))?.message).toBe(
      "false for 'create' @ L6",
    );
    expect(verdict(uploadOf('alice/avatars/a.gif', 10, 'image/gif'))?.message).toBe(
      "false for 'create' @ L6",
    );
    expect(
      verdict(uploadOf('alice/avatars/a.png', 10, 'image/png', { metadata: { k: 'v' } }))?.message,
    ).toBe("false for 'create' @ L6");
    expect(verdict(uploadOf('alice/avatars/a.png', 10, 'image/png'), anonymous)?.message).toBe(
      "Null value error. for 'create' @ L6",
    );
    expect(verdict(uploadOf('alice/other/a.png', 10, 'image/png'))).toEqual({
      message: 'No matching allow statements',
      statements: [],
    });
  });

  test('delete sees the stored object as resource and the bucket wildcard', () => {
    const del = onStoredAvatar('delete');
    expect(verdict(del)).toBeNull();
    expect(verdict(del, user('bob'))?.message).toBe("false for 'delete' @ L10");
    expect(verdict({ ...del, bucket: 'other' })?.message).toBe("false for 'delete' @ L10");
    expect(verdict({ ...del, resource: null })?.message).toBe(
      "Null value error. for 'delete' @ L10",
    );
  });

  test('no rules and the owner allow everything', () => {
    const req = upload('x/y', object('x/y', 1, 'text/plain'));
    expect(authorizeStorage(null, ctx(anonymous), req)).toBeNull();
    expect(authorizeStorage(rules, ctx({ kind: 'owner' }), req)).toBeNull();
  });
});
