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

describe('authorizeStorage', () => {
  test('reads need sign-in', () => {
    const req = {
      bucket: 'bkt',
      path: 'alice/avatars/a.png',
      method: 'get' as const,
      resource: object('alice/avatars/a.png', 3, 'image/png'),
      requestResource: null,
    };
    expect(authorizeStorage(rules, ctx(user('bob')), req)).toBeNull();
    expect(authorizeStorage(rules, ctx(anonymous), req)?.message).toBe("false for 'get' @ L5");
    expect(
      authorizeStorage(rules, ctx(anonymous), { ...req, method: 'list', path: 'alice/avatars/' })
        ?.message,
    ).toBe("false for 'list' @ L5");
  });

  test('uploads: own folder, size and content type', () => {
    expect(
      authorizeStorage(
        rules,
        ctx(),
        upload('alice/avatars/a.png', object('alice/avatars/a.png', 10, 'image/png')),
      ),
    ).toBeNull();
    expect(
      authorizeStorage(
        rules,
        ctx(),
        upload(
          'alice/avatars/x/y.jpg',
          object('alice/avatars/x/y.jpg', 10, 'image/jpeg'),
          'update',
        ),
      ),
    ).toBeNull();
    expect(
      authorizeStorage(
        rules,
        ctx(user('bob')),
        upload('alice/avatars/a.png', object('alice/avatars/a.png', 10, 'image/png')),
      )?.message,
    ).toBe("false for 'create' @ L6");
    expect(
      authorizeStorage(
        rules,
        ctx(),
        upload('alice/avatars/a.png', object('alice/avatars/a.png', 4096, 'image/png')),
      )?.message,
    ).toBe("false for 'create' @ L6");
    expect(
      authorizeStorage(
        rules,
        ctx(),
        upload('alice/avatars/a.gif', object('alice/avatars/a.gif', 10, 'image/gif')),
      )?.message,
    ).toBe("false for 'create' @ L6");
    expect(
      authorizeStorage(
        rules,
        ctx(),
        upload('alice/avatars/a.png', object('alice/avatars/a.png', 10, 'image/png', { k: 'v' })),
      )?.message,
    ).toBe("false for 'create' @ L6");
    expect(
      authorizeStorage(
        rules,
        ctx(anonymous),
        upload('alice/avatars/a.png', object('alice/avatars/a.png', 10, 'image/png')),
      )?.message,
    ).toBe("Null value error. for 'create' @ L6");
    expect(
      authorizeStorage(
        rules,
        ctx(),
        upload('alice/other/a.png', object('alice/other/a.png', 10, 'image/png')),
      ),
    ).toEqual({
      message: 'No matching allow statements',
      statements: [],
    });
  });

  test('delete sees the stored object as resource and the bucket wildcard', () => {
    const del = {
      bucket: 'bkt',
      path: 'alice/avatars/a.png',
      method: 'delete' as const,
      resource: object('alice/avatars/a.png', 3, 'image/png'),
      requestResource: null,
    };
    expect(authorizeStorage(rules, ctx(), del)).toBeNull();
    expect(authorizeStorage(rules, ctx(user('bob')), del)?.message).toBe(
      "false for 'delete' @ L10",
    );
    expect(authorizeStorage(rules, ctx(), { ...del, bucket: 'other' })?.message).toBe(
      "false for 'delete' @ L10",
    );
    expect(authorizeStorage(rules, ctx(), { ...del, resource: null })?.message).toBe(
      "Null value error. for 'delete' @ L10",
    );
  });

  test('no rules and the owner allow everything', () => {
    const req = upload('x/y', object('x/y', 1, 'text/plain'));
    expect(authorizeStorage(null, ctx(anonymous), req)).toBeNull();
    expect(authorizeStorage(rules, ctx({ kind: 'owner' }), req)).toBeNull();
  });
});
