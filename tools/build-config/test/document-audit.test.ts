// The scale bench's audit (tools/scripts/bench/document-audit.mjs): sizes by Firestore's
// storage-size rules, checked on the worked example of that page, and index entries counted per
// field, per array element, per exemption and per composite index.
import {
  AUDIT_BYTES_BOUND,
  DocumentAudit,
  documentNameSize,
  documentSize,
  indexEntries,
  valueSize,
} from '../../scripts/bench/document-audit.mjs';

const task = {
  type: 'Personal',
  done: false,
  priority: 1,
  description: 'Learn Cloud Firestore',
};

describe('storage size', () => {
  it('matches the worked example of the storage-size page', () => {
    expect(documentNameSize('users/jeff/tasks/my_task_id')).toBe(44);
    expect(documentSize('users/jeff/tasks/my_task_id', task)).toBe(147);
  });

  it('sizes every kind of value', () => {
    expect(valueSize(null)).toBe(1);
    expect(valueSize(true)).toBe(1);
    expect(valueSize(3.5)).toBe(8);
    expect(valueSize('é')).toBe(3);
    expect(valueSize(['ab', 'c'])).toBe(5);
    expect(valueSize({ a: 'b' })).toBe(4);
    expect(valueSize({ seconds: 1, nanoseconds: 0 })).toBe(8);
    expect(valueSize(new Uint8Array(10))).toBe(10);
    expect(valueSize({ latitude: 1, longitude: 2 })).toBe(16);
    expect(() => valueSize(new Map())).toThrow(TypeError);
  });
});

describe('index entries', () => {
  it('counts two per scalar, one per distinct array element, and map subfields', () => {
    const data = { a: 'x', tags: ['p', 'q', 'p'], m: { b: 1, c: [1] } };
    expect(indexEntries('things/t1', data)).toBe(2 + 2 + 2 + 1);
  });

  it('follows the exemptions and the composite indexes of the configuration', () => {
    const config = {
      indexes: [
        {
          collectionGroup: 'posts',
          fields: [
            { fieldPath: 'followers', arrayConfig: 'CONTAINS' },
            { fieldPath: 'createdAt', order: 'DESCENDING' },
          ],
        },
        {
          collectionGroup: 'posts',
          fields: [
            { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
            { fieldPath: 'createdAt', order: 'DESCENDING' },
          ],
        },
      ],
      fieldOverrides: [
        { collectionGroup: 'posts', fieldPath: 'postCaption', indexes: [] },
        {
          collectionGroup: 'entries',
          fieldPath: 'postId',
          indexes: [
            { order: 'ASCENDING', queryScope: 'COLLECTION' },
            { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
          ],
        },
      ],
    };
    const post = {
      postCaption: 'not indexed',
      followers: ['a', 'b', 'c'],
      createdAt: { seconds: 1, nanoseconds: 0 },
    };
    // followers 3 + createdAt 2 + the followers composite 3 (no tags: that one makes none).
    expect(indexEntries('posts/p1', post, config)).toBe(8);
    expect(indexEntries('timelines/u/entries/p1', { postId: 'p1' }, config)).toBe(2);
  });
});

describe('DocumentAudit', () => {
  it('keeps the largest document per group and flags those over a bound', () => {
    const audit = new DocumentAudit({ indexes: [], fieldOverrides: [] });
    audit.add('posts/small', { postCaption: 'hi' });
    audit.add('posts/big', { postCaption: 'x'.repeat(AUDIT_BYTES_BOUND) });
    audit.add('Followers/u', { Followers: Array.from({ length: 10_001 }, (_, n) => `u${n}`) });
    const [largest] = audit.summary();
    expect(largest).toMatchObject({ group: 'posts', documents: 2, bytesPath: 'posts/big' });
    expect(audit.overBound.map((document) => document.path)).toEqual(['posts/big', 'Followers/u']);
  });
});
