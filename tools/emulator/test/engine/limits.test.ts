import { FirestoreError, type Value } from '../../src/firestore/engine';
import { documentSize, MAX_DOCUMENT_BYTES } from '../../src/firestore/engine/limits';
import { DB, docName, memoryEngine, setWrite, toFields, viaWire } from './helpers';

function nested(levels: number): Value {
  let v: Value = { stringValue: 'leaf' };
  for (let i = 0; i < levels; i++) v = { mapValue: { fields: { n: v } } };
  return v;
}

describe('document limits', () => {
  it('computes the size with Firestore storage-size formula', () => {
    // name "users/jeff": (5+1) + (4+1) + 16 = 27; field "a" string "xyz": (1+1) + (3+1) = 6; +32.
    expect(documentSize(docName('users/jeff'), toFields({ a: 'xyz' }))).toBe(27 + 6 + 32);
    expect(
      documentSize(
        docName('c/d'),
        toFields({ b: true, n: null, i: 1, arr: [1, 'ab'], m: { k: 2.5 } }),
      ),
    ).toBe(20 + (2 + 1) + (2 + 1) + (2 + 8) + (4 + 8 + 3) + (2 + (2 + 8)) + 32);
  });

  it('accepts a document of exactly 1 MiB and rejects one byte more with the official message', async () => {
    const engine = await memoryEngine();
    const name = docName('big/doc');
    const overhead = documentSize(name, toFields({ s: '' }));
    const exact = 'x'.repeat(MAX_DOCUMENT_BYTES - overhead);
    expect(documentSize(name, toFields({ s: exact }))).toBe(MAX_DOCUMENT_BYTES);
    viaWire(engine).commit(DB, [setWrite('big/doc', { s: exact })]);
    let error: unknown;
    try {
      viaWire(engine).commit(DB, [setWrite('big/doc', { s: exact + 'y' })]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FirestoreError);
    expect((error as FirestoreError).code).toBe(3);
    expect((error as FirestoreError).status).toBe('INVALID_ARGUMENT');
    expect((error as FirestoreError).message).toBe(
      `Document '${name}' cannot be written because its size (1,048,577 bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
    );
  });

  it('rejects growth past 1 MiB through transforms too', async () => {
    const engine = await memoryEngine();
    viaWire(engine).commit(DB, [setWrite('big/doc', { s: 'x'.repeat(MAX_DOCUMENT_BYTES - 200) })]);
    expect(() =>
      viaWire(engine).commit(DB, [
        {
          transform: {
            document: docName('big/doc'),
            fieldTransforms: [
              {
                fieldPath: 'arr',
                appendMissingElements: { values: [{ stringValue: 'y'.repeat(500) }] },
              },
            ],
          },
        },
      ]),
    ).toThrow(/exceeds the maximum allowed size/);
  });

  it('allows 20 levels of nesting and rejects 21', async () => {
    const engine = await memoryEngine();
    viaWire(engine).commit(DB, [
      { update: { name: docName('deep/ok'), fields: { top: nested(20) } } },
    ]);
    expect(() =>
      viaWire(engine).commit(DB, [
        { update: { name: docName('deep/no'), fields: { top: nested(21) } } },
      ]),
    ).toThrow(/contains an invalid nested entity/);
    expect(() =>
      viaWire(engine).commit(DB, [
        {
          update: {
            name: docName('deep/arr'),
            fields: { tags: { arrayValue: { values: [{ arrayValue: {} }] } } },
          },
        },
      ]),
    ).toThrow('Property tags contains an invalid nested entity.');
    // Deep field paths in an update mask build the same nesting.
    const path = Array.from({ length: 22 }, (_, i) => `l${i}`).join('.');
    expect(() =>
      viaWire(engine).commit(DB, [
        {
          update: { name: docName('deep/mask'), fields: {} },
          updateTransforms: [{ fieldPath: path, increment: { integerValue: '1' } }],
        },
      ]),
    ).toThrow(/invalid nested entity/);
  });
});
