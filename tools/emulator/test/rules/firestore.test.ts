import type { PlannedWrite, StoredDocument } from '../../src/values';
import { authorizeFirestoreRead, authorizeFirestoreWrites, compileRules } from '../../src/rules';
import { DATABASE, ROOT, TIME, anonymous, doc, fields, postsFollowedBy, user } from './helpers';

const ctx = (principal = user('alice')) => ({ principal, time: TIME, database: DATABASE });

function lookupFrom(docs: StoredDocument[]) {
  const byName = new Map(docs.map((d) => [d.name, d]));
  return (name: string) => byName.get(name) ?? null;
}

function create(path: string, data: Record<string, unknown>): PlannedWrite {
  return {
    name: `${ROOT}/${path}`,
    method: 'create',
    before: null,
    after: doc(path, fields(data)),
  };
}
function update(
  path: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): PlannedWrite {
  return {
    name: `${ROOT}/${path}`,
    method: 'update',
    before: doc(path, fields(before)),
    after: doc(path, fields(after)),
  };
}
function remove(path: string, before: Record<string, unknown> | null): PlannedWrite {
  return {
    name: `${ROOT}/${path}`,
    method: 'delete',
    before: before ? doc(path, fields(before)) : null,
    after: null,
  };
}

const RULES = compileRules(
  `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    match /notes/{noteId} {
      function isOwner(data) {
        let uid = request.auth.uid;
        return data.owner == uid;
      }
      allow read: if signedIn();
      allow create: if isOwner(request.resource.data) && request.resource.data.keys().hasOnly(['owner', 'text']);
      allow update: if isOwner(resource.data)
        && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['text']);
      allow delete: if isOwner(resource.data);
    }
    match /users/{userId}/{rest=**} {
      allow write: if request.auth.uid == userId;
    }
    match /links/{id} {
      allow create: if exists(/databases/$(database)/documents/notes/$(request.resource.data.note))
        && get(/databases/$(database)/documents/notes/$(request.resource.data.note)).data.owner == request.auth.uid;
      allow delete: if !existsAfter(/databases/$(database)/documents/notes/$(resource.data.note));
      allow update: if getAfter(/databases/$(database)/documents/notes/$(id)).data.text == 'linked';
    }
  }
}`,
);

describe('authorizeFirestoreWrites', () => {
  test('no rules allows everything; the owner token bypasses rules', () => {
    expect(
      authorizeFirestoreWrites(
        null,
        ctx(anonymous),
        [create('x/1', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx({ kind: 'owner' }),
        [create('nowhere/1', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
  });

  test('create: allowed for the owner with allowed keys, denied otherwise with the official text', () => {
    const ok = create('notes/n1', { owner: 'alice', text: 'hi' });
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(),
        [ok],
        () => null,
        () => null,
      ),
    ).toBeNull();
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(user('bob')),
        [ok],
        () => null,
        () => null,
      ),
    ).toEqual({
      message: "false for 'create' @ L11",
      statements: [{ line: 11, method: 'create', reason: 'false' }],
    });
    const extraKey = create('notes/n1', { owner: 'alice', text: 'hi', admin: true });
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(),
        [extraKey],
        () => null,
        () => null,
      )?.message,
    ).toBe("false for 'create' @ L11");
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(anonymous),
        [ok],
        () => null,
        () => null,
      )?.message,
    ).toBe("Null value error. for 'create' @ L11");
    const noOwner = create('notes/n1', { text: 'hi' });
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(),
        [noOwner],
        () => null,
        () => null,
      )?.message,
    ).toBe("Property owner is undefined on object. for 'create' @ L11");
  });

  test('update sees resource before and request.resource after', () => {
    const textOnly = update(
      'notes/n1',
      { owner: 'alice', text: 'a' },
      { owner: 'alice', text: 'b' },
    );
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(),
        [textOnly],
        () => null,
        () => null,
      ),
    ).toBeNull();
    const ownerChange = update(
      'notes/n1',
      { owner: 'alice', text: 'a' },
      { owner: 'bob', text: 'a' },
    );
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(),
        [ownerChange],
        () => null,
        () => null,
      )?.message,
    ).toBe("false for 'update' @ L12");
  });

  test('delete by owner only; no matching statement gives the emulator text', () => {
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(),
        [remove('notes/n1', { owner: 'alice' })],
        () => null,
        () => null,
      ),
    ).toBeNull();
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(user('bob')),
        [remove('notes/n1', { owner: 'alice' })],
        () => null,
        () => null,
      )?.message,
    ).toBe("false for 'delete' @ L14");
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(),
        [create('elsewhere/1', {})],
        () => null,
        () => null,
      ),
    ).toEqual({
      message: 'No matching allow statements',
      statements: [],
    });
  });

  test('one denied write denies the whole batch', () => {
    const batch = [
      create('notes/n1', { owner: 'alice', text: '' }),
      create('notes/n2', { owner: 'bob', text: '' }),
    ];
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(),
        batch,
        () => null,
        () => null,
      )?.message,
    ).toBe("false for 'create' @ L11");
  });

  test('recursive wildcards match zero or more segments in version 2 and bind a path', () => {
    for (const path of ['users/alice', 'users/alice/a/b', 'users/alice/a/b/c/d']) {
      expect(
        authorizeFirestoreWrites(
          RULES,
          ctx(),
          [create(path, {})],
          () => null,
          () => null,
        ),
      ).toBeNull();
      expect(
        authorizeFirestoreWrites(
          RULES,
          ctx(user('bob')),
          [create(path, {})],
          () => null,
          () => null,
        )?.message,
      ).toBe("false for 'create' @ L17");
    }
  });

  test('recursive wildcards need at least one segment in version 1', () => {
    const v1 = compileRules(
      `service cloud.firestore { match /databases/{database}/documents { match /u/{rest=**} { allow write; } } }`,
    );
    expect(
      authorizeFirestoreWrites(
        v1,
        ctx(),
        [create('u/a', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
    expect(
      authorizeFirestoreWrites(
        v1,
        ctx(),
        [create('u/a/b/c', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
    const v2 = compileRules(
      `rules_version = '2'; service cloud.firestore { match /databases/{database}/documents { match /u/{x}/{rest=**} { allow write: if request.path[4] == x; } } }`,
    );
    expect(
      authorizeFirestoreWrites(
        v2,
        ctx(),
        [create('u/a', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
    const bound = compileRules(
      `rules_version = '2'; service cloud.firestore { match /databases/{database}/documents { match /p/{rest=**} { allow write: if rest[1] == 'b' && rest is path; } } }`,
    );
    expect(
      authorizeFirestoreWrites(
        bound,
        ctx(),
        [create('p/a/b', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
    expect(
      authorizeFirestoreWrites(
        bound,
        ctx(),
        [create('p/a/c', {})],
        () => null,
        () => null,
      )?.message,
    ).toBe("false for 'create' @ L1");
    const v1b = compileRules(
      `service cloud.firestore { match /databases/{database}/documents { match /u/{x}/{rest=**} { allow write; } } }`,
    );
    expect(
      authorizeFirestoreWrites(
        v1b,
        ctx(),
        [create('u/a', {})],
        () => null,
        () => null,
      )?.message,
    ).toBe('No matching allow statements');
  });

  test('get() and exists() read the state before; getAfter() and existsAfter() the state after', () => {
    const note = doc('notes/n1', fields({ owner: 'alice', text: 'linked' }));
    const before = lookupFrom([note]);
    const link = create('links/l1', { note: 'n1' });
    expect(authorizeFirestoreWrites(RULES, ctx(), [link], before, before)).toBeNull();
    expect(authorizeFirestoreWrites(RULES, ctx(user('bob')), [link], before, before)?.message).toBe(
      "false for 'create' @ L20",
    );
    expect(
      authorizeFirestoreWrites(RULES, ctx(), [create('links/l1', { note: 'zz' })], before, before)
        ?.message,
    ).toBe("false for 'create' @ L20");
    // delete allowed only when the note is gone after the batch
    const delLink = remove('links/l1', { note: 'n1' });
    expect(authorizeFirestoreWrites(RULES, ctx(), [delLink], before, before)?.message).toBe(
      "false for 'delete' @ L22",
    );
    expect(
      authorizeFirestoreWrites(
        RULES,
        ctx(),
        [delLink, remove('notes/n1', { owner: 'alice' })],
        before,
        () => null,
      ),
    ).toBeNull();
    const updLink = update('links/n1', { note: 'n1' }, { note: 'n1', x: 1 });
    expect(authorizeFirestoreWrites(RULES, ctx(), [updLink], () => null, before)).toBeNull();
    expect(authorizeFirestoreWrites(RULES, ctx(), [updLink], before, () => null)?.message).toBe(
      "Null value error. for 'update' @ L23",
    );
  });

  test('document access calls are limited to 10 per single write and 20 per batch', () => {
    const calls = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `exists(/databases/$(database)/documents/d/$(string(${i} + k)))`,
      ).join(' || ');
    const rules = compileRules(
      `rules_version = '2'; service cloud.firestore { match /databases/{database}/documents {
        match /w/{k} {
          function k() { return int(k); }
          allow create: if ${calls(10).replace(/\bk\)/g, 'k())')} || true;
        }
        match /v/{k} {
          allow create: if ${calls(11).replace(/\+ k\)/g, '+ int(k))')};
        }
      } }`,
    );
    expect(
      authorizeFirestoreWrites(
        rules,
        ctx(),
        [create('w/0', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
    const single = authorizeFirestoreWrites(
      rules,
      ctx(),
      [create('v/0', {})],
      () => null,
      () => null,
    );
    expect(single?.message).toMatch(
      /^Exceeded maximum of 10 document access calls.* for 'create' @ L7$/,
    );
    // a batch of two writes each reading 10 distinct docs uses 20: allowed; a third write exceeds
    const twenty = rules;
    expect(
      authorizeFirestoreWrites(
        twenty,
        ctx(),
        [create('w/0', {}), create('w/10', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
    const third = authorizeFirestoreWrites(
      twenty,
      ctx(),
      [create('w/0', {}), create('w/10', {}), create('w/20', {})],
      () => null,
      () => null,
    );
    expect(third).toBeNull(); // `|| true` absorbs the error in /w; the limit shows in the next case
    const strict = compileRules(
      `rules_version = '2'; service cloud.firestore { match /databases/{database}/documents {
        match /s/{k} { allow create: if ${calls(10)
          .replace(/\+ k\)/g, '+ int(k))')
          .replace(/ \|\| /g, ' == false && ')} == false; }
      } }`,
    );
    expect(
      authorizeFirestoreWrites(
        strict,
        ctx(),
        [create('s/0', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
    expect(
      authorizeFirestoreWrites(
        strict,
        ctx(),
        [create('s/0', {}), create('s/10', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
    expect(
      authorizeFirestoreWrites(
        strict,
        ctx(),
        [create('s/0', {}), create('s/10', {}), create('s/20', {})],
        () => null,
        () => null,
      )?.message,
    ).toMatch(/^Exceeded maximum of 20 document access calls/);
    // the same document read twice counts once
    expect(
      authorizeFirestoreWrites(
        strict,
        ctx(),
        [create('s/0', {}), create('s/0', {}), create('s/10', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
  });

  test('every evaluated statement is reported, in source order', () => {
    const rules = compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /a/{id} {
      allow create: if request.resource.data.x == 1;
      allow write: if false;
    }
    match /{coll}/{id} {
      allow create: if request.auth.uid == 'nobody';
    }
  }
}`);
    expect(
      authorizeFirestoreWrites(
        rules,
        ctx(),
        [create('a/1', {})],
        () => null,
        () => null,
      )?.message,
    ).toBe(
      "Property x is undefined on object. for 'create' @ L5, false for 'create' @ L6, false for 'create' @ L9",
    );
    expect(
      authorizeFirestoreWrites(
        rules,
        ctx(),
        [create('a/1', { x: 1 })],
        () => null,
        () => null,
      ),
    ).toBeNull();
  });

  test('functions: let is lazy, parameters shadow, wildcards visible, recursion is stopped', () => {
    const rules = compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function outer(x) { return x + 1; }
    match /f/{id} {
      function lazy() { let boom = request.resource.data.missing; return true || boom; }
      function usesWildcard() { return id == 'w1'; }
      function loop(n) { return loop(n); }
      allow create: if lazy() && usesWildcard() && outer(1) == 2;
      allow update: if loop(1);
    }
  }
}`);
    expect(
      authorizeFirestoreWrites(
        rules,
        ctx(),
        [create('f/w1', {})],
        () => null,
        () => null,
      ),
    ).toBeNull();
    expect(
      authorizeFirestoreWrites(
        rules,
        ctx(),
        [create('f/w2', {})],
        () => null,
        () => null,
      )?.message,
    ).toBe("false for 'create' @ L9");
    expect(
      authorizeFirestoreWrites(
        rules,
        ctx(),
        [update('f/w1', {}, {})],
        () => null,
        () => null,
      )?.message,
    ).toBe("Maximum function call depth exceeded. for 'update' @ L10");
  });
});

describe('authorizeFirestoreRead', () => {
  const readRules = compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /open/{id} { allow read: if request.auth != null; }
    match /mine/{id} {
      allow get: if resource == null || resource.data.owner == request.auth.uid;
      allow list: if resource.data.owner == request.auth.uid && request.query.limit <= 10;
    }
  }
}`);
  const mineA = doc('mine/a', fields({ owner: 'alice' }));
  const mineB = doc('mine/b', fields({ owner: 'bob' }));
  const query = (where: unknown, limit?: number) => ({
    parent: ROOT,
    structuredQuery: {
      from: [{ collectionId: 'mine' }],
      where,
      ...(limit === undefined ? {} : { limit }),
    },
  });
  const ownerIs = (uid: string) => ({
    fieldFilter: { field: { fieldPath: 'owner' }, op: 'EQUAL', value: { stringValue: uid } },
  });

  test('get: signed-in only, and a missing document is seen as resource == null', () => {
    const openDoc = doc('open/x', {});
    expect(authorizeFirestoreRead(readRules, ctx(), 'get', [openDoc], () => null)).toBeNull();
    expect(
      authorizeFirestoreRead(readRules, ctx(anonymous), 'get', [openDoc], () => null)?.message,
    ).toBe("false for 'get' @ L4");
    expect(
      authorizeFirestoreRead(
        readRules,
        ctx(),
        'get',
        [{ name: `${ROOT}/mine/zz`, fields: null }],
        () => null,
      ),
    ).toBeNull();
    expect(authorizeFirestoreRead(readRules, ctx(), 'get', [mineB], () => null)?.message).toBe(
      "false for 'get' @ L6",
    );
  });

  test('list: rules are not filters', () => {
    // constrained by the query itself: allowed even with no results
    expect(
      authorizeFirestoreRead(readRules, ctx(), 'list', [], () => null, query(ownerIs('alice'), 5)),
    ).toBeNull();
    expect(
      authorizeFirestoreRead(
        readRules,
        ctx(),
        'list',
        [mineA],
        () => null,
        query(ownerIs('alice'), 5),
      ),
    ).toBeNull();
    // an unconstrained query is denied even when every current result would pass
    expect(
      authorizeFirestoreRead(readRules, ctx(), 'list', [mineA], () => null, query(undefined, 5))
        ?.message,
    ).toBe("Property owner is undefined on object. for 'list' @ L7");
    // a query for someone else's documents is denied
    expect(
      authorizeFirestoreRead(
        readRules,
        ctx(),
        'list',
        [mineB],
        () => null,
        query(ownerIs('bob'), 5),
      )?.message,
    ).toBe("false for 'list' @ L7");
    // request.query.limit is visible to the rule
    expect(
      authorizeFirestoreRead(readRules, ctx(), 'list', [], () => null, query(ownerIs('alice'), 50))
        ?.message,
    ).toBe("false for 'list' @ L7");
    expect(
      authorizeFirestoreRead(readRules, ctx(), 'list', [], () => null, query(ownerIs('alice')))
        ?.message,
    ).toBe("Unsupported operation error. Received: null <= int. for 'list' @ L7");
    // a returned document that fails the rule denies the whole query
    expect(
      authorizeFirestoreRead(
        readRules,
        ctx(),
        'list',
        [mineA, mineB],
        () => null,
        query(ownerIs('alice'), 5),
      )?.message,
    ).toBe("false for 'list' @ L7");
  });

  test('list with array-contains constraints and signed-out readers', () => {
    const rules = compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /posts/{id} { allow list: if request.auth.uid in resource.data.followers; }
  }
}`);
    const q = postsFollowedBy('alice');
    expect(authorizeFirestoreRead(rules, ctx(), 'list', [], () => null, q)).toBeNull();
    expect(
      authorizeFirestoreRead(rules, ctx(user('bob')), 'list', [], () => null, q)?.message,
    ).toBe("false for 'list' @ L4");
    expect(authorizeFirestoreRead(rules, ctx(anonymous), 'list', [], () => null, q)?.message).toBe(
      "Null value error. for 'list' @ L4",
    );
  });

  test('a bare structuredQuery takes its parent from the returned documents', () => {
    const rules = compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /users/{uid}/items/{id} { allow list: if request.auth.uid == uid; }
  }
}`);
    const item = doc('users/alice/items/i1', fields({}));
    const bare = { from: [{ collectionId: 'items' }] };
    expect(authorizeFirestoreRead(rules, ctx(), 'list', [item], () => null, bare)).toBeNull();
    expect(
      authorizeFirestoreRead(rules, ctx(user('bob')), 'list', [item], () => null, bare)?.message,
    ).toBe("false for 'list' @ L4");
    expect(authorizeFirestoreRead(rules, ctx(), 'list', [], () => null, bare)?.message).toBe(
      'No matching allow statements',
    );
  });
});

describe('request.time precision', () => {
  test('an RFC 3339 request time keeps microseconds, so serverTimestamp() values compare equal', () => {
    const rules = compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /t/{id} { allow create: if request.resource.data.at == request.time; }
  }
}`);
    const at = '2026-01-02T03:04:05.678001Z';
    const write: PlannedWrite = {
      name: `${ROOT}/t/1`,
      method: 'create',
      before: null,
      after: { ...doc('t/1', {}), fields: { at: { timestampValue: at } } },
    };
    const run = (time: Date | string) =>
      authorizeFirestoreWrites(
        rules,
        { principal: user('alice'), time, database: DATABASE },
        [write],
        () => null,
        () => null,
      );
    expect(run(at)).toBeNull();
    expect(run(new Date(at))?.message).toBe("false for 'create' @ L4");
  });
});
