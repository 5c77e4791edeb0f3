import { parseClaims, parseUserForm } from '../../src/browser/auth-form';
import { applyEdit, parseValuePath, valueAt } from '../../src/browser/document-edits';
import { collectionViewOf, structuredQueryOf } from '../../src/browser/query-form';
import type { Fields, Value } from '../../src/values';

// The other form inputs of the data browser: where a value sits in a document and what an edit
// there writes; a collection's filter and sort as a query; an Auth user's fields.
const DATABASE = 'projects/demo/databases/(default)';

const LIST: Value = {
  arrayValue: { values: [{ mapValue: { fields: { k: { booleanValue: true } } } }] },
};
const FIELDS: Fields = {
  name: { stringValue: 'Alice' },
  tags: { arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '7' }] } },
  info: {
    mapValue: {
      fields: {
        links: { mapValue: { fields: { site: { stringValue: 'https://example.test' } } } },
        list: LIST,
      },
    },
  },
};

describe('value paths', () => {
  test('parse from the forms’ JSON, refusing anything else', () => {
    expect(parseValuePath('["info","list",0,"k"]')).toEqual(['info', 'list', 0, 'k']);
    expect(parseValuePath('[]')).toEqual([]);
    for (const bad of [null, 'info', '[1]', '[""]', '["a",-1]', '["a",1.5]', '{"a":1}', '[[]]']) {
      expect(parseValuePath(bad)).toBeNull();
    }
    expect(parseValuePath(JSON.stringify(Array.from({ length: 40 }, () => 'a')))).toBeNull();
  });

  test('find nested values in maps and arrays', () => {
    expect(valueAt(FIELDS, ['info', 'list', 0, 'k'])).toEqual({ booleanValue: true });
    expect(valueAt(FIELDS, ['tags', 1])).toEqual({ integerValue: '7' });
    expect(valueAt(FIELDS, ['tags', 'x'])).toBeUndefined();
    expect(valueAt(FIELDS, ['name', 0])).toBeUndefined();
  });
});

describe('edits rewrite one top-level field', () => {
  test('set a nested value, keeping its siblings', () => {
    expect(
      applyEdit(FIELDS, {
        kind: 'set',
        path: ['info', 'links', 'site'],
        value: { nullValue: null },
      }),
    ).toEqual({
      field: 'info',
      value: {
        mapValue: {
          fields: {
            links: { mapValue: { fields: { site: { nullValue: null } } } },
            list: LIST,
          },
        },
      },
    });
    expect(
      applyEdit(FIELDS, { kind: 'set', path: ['tags', 0], value: { stringValue: 'b' } }),
    ).toEqual({
      field: 'tags',
      value: { arrayValue: { values: [{ stringValue: 'b' }, { integerValue: '7' }] } },
    });
  });

  test('delete a field, a map entry or an array element', () => {
    expect(applyEdit(FIELDS, { kind: 'delete', path: ['name'] })).toEqual({
      field: 'name',
      value: null,
    });
    expect(applyEdit(FIELDS, { kind: 'delete', path: ['tags', 0] })).toEqual({
      field: 'tags',
      value: { arrayValue: { values: [{ integerValue: '7' }] } },
    });
    expect(applyEdit(FIELDS, { kind: 'delete', path: ['info', 'links'] }).value).toEqual({
      mapValue: { fields: { list: LIST } },
    });
  });

  test('add a field, a map entry or an array element; never over an existing one', () => {
    const value = { integerValue: '1' };
    expect(applyEdit(FIELDS, { kind: 'add', path: [], key: 'age', value })).toEqual({
      field: 'age',
      value,
    });
    expect(applyEdit(FIELDS, { kind: 'add', path: ['tags'], key: null, value }).value).toEqual({
      arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '7' }, value] },
    });
    expect(
      applyEdit(FIELDS, { kind: 'add', path: ['info', 'list', 0], key: 'n', value }).value,
    ).toMatchObject({
      mapValue: {
        fields: {
          list: {
            arrayValue: {
              values: [{ mapValue: { fields: { k: { booleanValue: true }, n: value } } }],
            },
          },
        },
      },
    });
    expect(() => applyEdit(FIELDS, { kind: 'add', path: [], key: 'name', value })).toThrow(
      /exists already/,
    );
    expect(() => applyEdit(FIELDS, { kind: 'add', path: ['info'], key: 'links', value })).toThrow(
      /exists already/,
    );
    expect(() => applyEdit(FIELDS, { kind: 'add', path: ['name'], key: 'x', value })).toThrow(
      /map or an array/,
    );
    expect(() => applyEdit(FIELDS, { kind: 'set', path: ['gone', 'x'], value })).toThrow(
      /not there/,
    );
  });
});

describe('filter and sort', () => {
  const view = (query: Record<string, string>) => collectionViewOf(new URLSearchParams(query));

  test('no filter and no sort: the plain listing', () => {
    expect(structuredQueryOf(view({}), 'users', DATABASE, 100)).toBeNull();
  });

  test('a filter with a typed value and a sort, one page plus one', () => {
    expect(
      structuredQueryOf(
        view({
          field: 'age',
          op: '>=',
          type: 'integer',
          value: '30',
          order: 'name',
          dir: 'desc',
          start: '200',
        }),
        'users',
        DATABASE,
        100,
      ),
    ).toEqual({
      query: {
        from: [{ collectionId: 'users' }],
        where: {
          fieldFilter: {
            field: { fieldPath: 'age' },
            op: 'GREATER_THAN_OR_EQUAL',
            value: { integerValue: '30' },
          },
        },
        orderBy: [{ field: { fieldPath: 'name' }, direction: 'DESCENDING' }],
        offset: 200,
        limit: 101,
      },
    });
  });

  test('every operator; in and array-contains-any take an array', () => {
    const ops: Array<[string, string]> = [
      ['==', 'EQUAL'],
      ['!=', 'NOT_EQUAL'],
      ['<', 'LESS_THAN'],
      ['<=', 'LESS_THAN_OR_EQUAL'],
      ['>', 'GREATER_THAN'],
      ['array-contains', 'ARRAY_CONTAINS'],
    ];
    for (const [op, wire] of ops) {
      const built = structuredQueryOf(view({ field: 'f', op, value: 'x' }), 'c', DATABASE, 10);
      expect(built).toMatchObject({ query: { where: { fieldFilter: { op: wire } } } });
    }
    expect(
      structuredQueryOf(
        view({ field: 'f', op: 'in', type: 'array', value: '["a", 1]' }),
        'c',
        DATABASE,
        10,
      ),
    ).toMatchObject({
      query: {
        where: {
          fieldFilter: {
            op: 'IN',
            value: { arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '1' }] } },
          },
        },
      },
    });
    expect(
      structuredQueryOf(view({ field: 'f', op: 'in', value: 'a' }), 'c', DATABASE, 10),
    ).toEqual({
      error: 'in compares with a list: choose the type array.',
    });
    expect(structuredQueryOf(view({ field: 'f', op: '~', value: 'a' }), 'c', DATABASE, 10)).toEqual(
      {
        error: 'Unknown operator "~".',
      },
    );
    expect(
      structuredQueryOf(
        view({ field: 'f', op: '==', type: 'integer', value: 'x' }),
        'c',
        DATABASE,
        10,
      ),
    ).toMatchObject({ error: expect.stringMatching(/^Filter value: /) });
  });

  test('== null and != NaN are unary filters, as the SDK sends them', () => {
    expect(
      structuredQueryOf(view({ field: 'f', op: '==', type: 'null' }), 'c', DATABASE, 10),
    ).toMatchObject({
      query: { where: { unaryFilter: { field: { fieldPath: 'f' }, op: 'IS_NULL' } } },
    });
    expect(
      structuredQueryOf(
        view({ field: 'f', op: '!=', type: 'double', value: 'NaN' }),
        'c',
        DATABASE,
        10,
      ),
    ).toMatchObject({ query: { where: { unaryFilter: { op: 'IS_NOT_NAN' } } } });
  });

  test('a sort alone; bad page starts read as the first page', () => {
    expect(structuredQueryOf(view({ order: 'age', start: '-5' }), 'c', DATABASE, 10)).toEqual({
      query: {
        from: [{ collectionId: 'c' }],
        orderBy: [{ field: { fieldPath: 'age' }, direction: 'ASCENDING' }],
        offset: 0,
        limit: 11,
      },
    });
  });
});

describe('Auth user form', () => {
  test('custom claims are a JSON object of at most 1000 bytes', () => {
    expect(parseClaims('')).toEqual({ claims: '{}' });
    expect(parseClaims(' {"admin": true, "tier": 2} ')).toEqual({
      claims: '{"admin":true,"tier":2}',
    });
    expect(parseClaims('[1]')).toMatchObject({ error: expect.stringMatching(/JSON object/) });
    expect(parseClaims('{admin: true}')).toMatchObject({
      error: expect.stringMatching(/JSON object/),
    });
    expect(parseClaims(JSON.stringify({ k: 'x'.repeat(1000) }))).toMatchObject({
      error: expect.stringMatching(/1000 bytes/),
    });
  });

  test('a new user, and changes to one', () => {
    const form = (entries: Record<string, string>) => new URLSearchParams(entries);
    expect(
      parseUserForm(
        form({
          uid: ' u1 ',
          email: 'a@example.test',
          password: 'secret1',
          displayName: 'A',
          claims: '{"admin":true}',
          disabled: 'on',
        }),
        true,
      ),
    ).toEqual({
      uid: 'u1',
      changes: {
        email: 'a@example.test',
        password: 'secret1',
        displayName: 'A',
        customClaims: '{"admin":true}',
        disabled: true,
      },
    });
    expect(parseUserForm(form({ email: 'a@example.test' }), true)).toEqual({
      error: 'A user with an e-mail address needs a password.',
    });
    expect(parseUserForm(form({ password: '123' }), false)).toEqual({
      error: 'A password has at least 6 characters.',
    });
    // Editing: an empty password leaves it, no box means enabled.
    expect(parseUserForm(form({ uid: 'u1', email: '', displayName: '' }), false)).toEqual({
      uid: 'u1',
      changes: { email: '', displayName: '', customClaims: '{}', disabled: false },
    });
  });
});
