import { compileQuery } from '../../src/firestore/protocol';
import { checkIndexes, parseIndexCatalog } from '../../src/firestore/engine/indexes';
import { compositeIndex } from './index-definitions';

/** Which queries the index checks refuse, after Firebase's index documentation (README.md, "Index checks"). */

const PARENT = 'projects/demo-x/databases/(default)/documents';
const CATALOG = parseIndexCatalog(
  JSON.stringify({
    indexes: [
      compositeIndex('posts', ['uid asc', 'createdAt desc']),
      compositeIndex('posts', ['followers contains', 'createdAt desc']),
      compositeIndex('posts', ['kind asc', 'createdAt desc']),
      compositeIndex(
        'comments',
        ['postId asc', 'createdAt desc', '__name__ desc'],
        'COLLECTION_GROUP',
      ),
    ],
    fieldOverrides: [
      {
        collectionGroup: 'comments',
        fieldPath: 'uid',
        indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }],
      },
    ],
  }),
  'firestore.indexes.json',
);

type Where = Record<string, unknown>;
const field = (path: string, op: string, value: unknown): Where => ({
  fieldFilter: { field: { fieldPath: path }, op, value },
});
const str = (s: string) => ({ stringValue: s });
const order = (path: string, direction = 'ASCENDING') => ({
  field: { fieldPath: path },
  direction,
});
const and = (...filters: Where[]): Where => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: Where[]): Where => ({ compositeFilter: { op: 'OR', filters } });

function check(
  collectionId: string,
  q: { where?: Where; orderBy?: unknown[]; group?: boolean },
): string | null {
  const plan = compileQuery(PARENT, {
    from: [{ collectionId, ...(q.group ? { allDescendants: true } : {}) }],
    ...(q.where ? { where: q.where } : {}),
    ...(q.orderBy ? { orderBy: q.orderBy } : {}),
  });
  try {
    checkIndexes(plan, CATALOG);
    return null;
  } catch (error) {
    expect((error as { status: string }).status).toBe('FAILED_PRECONDITION');
    return (error as Error).message;
  }
}

describe('served by the automatic single-field indexes', () => {
  test.each([
    ['no filter, no order', {}],
    ['one equality', { where: field('uid', 'EQUAL', str('a')) }],
    [
      'equalities on several fields (index merging)',
      {
        where: and(field('uid', 'EQUAL', str('a')), field('kind', 'EQUAL', str('b'))),
      },
    ],
    ['one range filter', { where: field('likes', 'GREATER_THAN', { integerValue: '1' }) }],
    [
      'a range and an order on the same field',
      {
        where: field('likes', 'GREATER_THAN', { integerValue: '1' }),
        orderBy: [order('likes', 'DESCENDING')],
      },
    ],
    ['one order, either direction', { orderBy: [order('createdAt', 'DESCENDING')] }],
    [
      'array-contains with an equality',
      {
        where: and(field('followers', 'ARRAY_CONTAINS', str('a')), field('uid', 'EQUAL', str('b'))),
      },
    ],
    [
      'an equality and an order on the same field',
      {
        where: field('uid', 'EQUAL', str('a')),
        orderBy: [order('uid')],
      },
    ],
    [
      'equality with an order by document id',
      {
        where: field('uid', 'EQUAL', str('a')),
        orderBy: [order('__name__', 'DESCENDING')],
      },
    ],
  ])('%s', (_name, q) => {
    expect(check('posts', q)).toBeNull();
  });
});

describe('served by a composite index of the file', () => {
  test.each([
    [
      'equality then order',
      {
        where: field('uid', 'EQUAL', str('a')),
        orderBy: [order('createdAt', 'DESCENDING')],
      },
    ],
    [
      'array-contains then order',
      {
        where: field('followers', 'ARRAY_CONTAINS', str('a')),
        orderBy: [order('createdAt', 'DESCENDING')],
      },
    ],
    [
      'in then order',
      {
        where: field('uid', 'IN', { arrayValue: { values: [str('a'), str('b')] } }),
        orderBy: [order('createdAt', 'DESCENDING')],
      },
    ],
    [
      'two equalities merged from two indexes ending in the same order',
      {
        where: and(field('uid', 'EQUAL', str('a')), field('kind', 'EQUAL', str('b'))),
        orderBy: [order('createdAt', 'DESCENDING')],
      },
    ],
    [
      'each branch of an OR',
      {
        where: or(field('uid', 'EQUAL', str('a')), field('kind', 'EQUAL', str('b'))),
        orderBy: [order('createdAt', 'DESCENDING')],
      },
    ],
  ])('%s', (_name, q) => {
    expect(check('posts', q)).toBeNull();
  });

  test('a collection-group index with __name__ spelled out', () => {
    expect(
      check('comments', {
        group: true,
        where: field('postId', 'EQUAL', str('p')),
        orderBy: [order('createdAt', 'DESCENDING')],
      }),
    ).toBeNull();
  });

  test('a collection-group index also serves a collection query of that id', () => {
    expect(
      check('comments', {
        where: field('postId', 'EQUAL', str('p')),
        orderBy: [order('createdAt', 'DESCENDING')],
      }),
    ).toBeNull();
  });

  test('a collection-group single-field override', () => {
    expect(check('comments', { group: true, where: field('uid', 'EQUAL', str('u')) })).toBeNull();
  });
});

describe('refused with the index to create', () => {
  test('equality then order with no index: the entry is printed for firestore.indexes.json', () => {
    const message = check('likes', {
      where: field('postId', 'EQUAL', str('p')),
      orderBy: [order('createdAt', 'DESCENDING')],
    });
    expect(message).toMatch(
      /^The query requires an index\. You can create it here: https:\/\/console\.firebase\.google\.com\/v1\/r\/project\/demo-x\/firestore\/indexes\?create_composite=[A-Za-z0-9+/]+\n/,
    );
    const entry = JSON.parse(message!.slice(message!.indexOf('{')));
    expect(entry).toEqual(compositeIndex('likes', ['postId asc', 'createdAt desc']));
  });

  test('the same order in the other direction needs its own index', () => {
    expect(
      check('posts', { where: field('uid', 'EQUAL', str('a')), orderBy: [order('createdAt')] }),
    ).toMatch(
      /"order": "ASCENDING"\n.*\n.*\n.*"fieldPath": "createdAt",\n\s*"order": "ASCENDING"/s,
    );
  });

  test('a range filter and an order on another field', () => {
    const message = check('posts', {
      where: field('likes', 'GREATER_THAN', { integerValue: '1' }),
      orderBy: [order('createdAt', 'DESCENDING')],
    });
    expect(JSON.parse(message!.slice(message!.indexOf('{'))).fields).toEqual([
      { fieldPath: 'createdAt', order: 'DESCENDING' },
      { fieldPath: 'likes', order: 'DESCENDING' },
    ]);
  });

  test('two orders', () => {
    expect(check('posts', { orderBy: [order('uid'), order('createdAt')] })).not.toBeNull();
  });

  test('range filters on two fields', () => {
    expect(
      check('posts', {
        where: and(
          field('likes', 'GREATER_THAN', { integerValue: '1' }),
          field('shares', 'LESS_THAN', { integerValue: '9' }),
        ),
      }),
    ).not.toBeNull();
  });

  test('an OR whose one branch has no index', () => {
    expect(
      check('posts', {
        where: or(field('uid', 'EQUAL', str('a')), field('place', 'EQUAL', str('b'))),
        orderBy: [order('createdAt', 'DESCENDING')],
      }),
    ).toMatch(/"fieldPath": "place"/);
  });

  test('a collection-group query on a field without an override', () => {
    expect(check('comments', { group: true, where: field('postId', 'EQUAL', str('p')) })).toMatch(
      /^The query requires a COLLECTION_GROUP_ASC index for collection comments and field postId\./,
    );
  });

  test('a collection index does not serve a collection-group query', () => {
    expect(
      check('posts', {
        group: true,
        where: field('uid', 'EQUAL', str('a')),
        orderBy: [order('createdAt', 'DESCENDING')],
      }),
    ).toMatch(/"queryScope": "COLLECTION_GROUP"/);
  });
});

test('a malformed file is refused with the entry named', () => {
  expect(() =>
    parseIndexCatalog(
      JSON.stringify({ indexes: [{ collectionGroup: 'posts', fields: [{ fieldPath: 'a' }] }] }),
      'f.json',
    ),
  ).toThrow('f.json: indexes[0].fields[0] (a) needs exactly one of order or arrayConfig');
});
