import { compileQuery, decodeWrites } from '../../src/firestore/protocol';
import { DB, ROOT, docName } from './helpers';

// The Admin SDK's REST transport (what functions use against this emulator) sends enums as
// numbers (`enum-encoding=int`), which proto3 JSON allows: they read as their names.

const field = (fieldPath: string) => ({ fieldPath });

function query(op: unknown, unaryOp: unknown, compositeOp: unknown, direction: unknown) {
  return compileQuery(ROOT, {
    from: [{ collectionId: 'posts' }],
    where: {
      compositeFilter: {
        op: compositeOp,
        filters: [
          { fieldFilter: { field: field('likes'), op, value: { integerValue: '3' } } },
          { unaryFilter: { field: field('title'), op: unaryOp } },
        ],
      },
    },
    orderBy: [{ field: field('likes'), direction }],
  });
}

test('filters, composite filters and orders given by number read as by name', () => {
  expect(query(3, 5, 1, 2)).toEqual(query('GREATER_THAN', 'IS_NOT_NULL', 'AND', 'DESCENDING'));
  expect(query(5, 3, 2, 1)).toEqual(query('EQUAL', 'IS_NULL', 'OR', 'ASCENDING'));
});

test('an unknown number is refused as an unknown name is', () => {
  expect(() => query(99, 5, 1, 2)).toThrow(/operator/);
  expect(() => query(3, 5, 1, 7)).toThrow(/direction/);
});

test('setToServerValue 1 is REQUEST_TIME', () => {
  const write = (setToServerValue: unknown) =>
    decodeWrites(DB, [
      {
        transform: {
          document: docName('posts/a'),
          fieldTransforms: [{ fieldPath: 'at', setToServerValue }],
        },
      },
    ]);
  expect(write(1)).toEqual(write('REQUEST_TIME'));
  expect(() => write(2)).toThrow(/Unsupported server value/);
});
