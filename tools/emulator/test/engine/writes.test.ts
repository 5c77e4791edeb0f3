import {
  FirestoreError,
  type FirestoreEngine,
  type PlannedWrite,
} from '../../src/firestore/engine';
import { DB, docName, memoryEngine, setWrite, toFields, toValue, viaWire } from './helpers';

function expectError(
  fn: () => unknown,
  code: number,
  status: string,
  message?: RegExp | string,
): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FirestoreError);
    const err = e as FirestoreError;
    expect({ code: err.code, status: err.status }).toEqual({ code, status });
    if (message !== undefined) expect(err.message).toMatch(message);
    return;
  }
  throw new Error('expected an error');
}

describe('writes', () => {
  let engine: FirestoreEngine;
  beforeEach(async () => {
    engine = await memoryEngine();
  });

  it('set replaces the whole document and keeps createTime', () => {
    const first = viaWire(engine).commit(DB, [setWrite('users/u1', { a: 1, b: { c: 'x' } })]);
    const second = viaWire(engine).commit(DB, [setWrite('users/u1', { z: true })]);
    const doc = engine.getDocument(docName('users/u1'))!;
    expect(doc.fields).toEqual(toFields({ z: true }));
    expect(doc.createTime).toBe(first.commitTime);
    expect(doc.updateTime).toBe(second.commitTime);
    expect(second.writeResults).toEqual([{ updateTime: second.commitTime }]);
    expect(second.commitTime > first.commitTime).toBe(true);
  });

  it('update with a mask merges dotted and backquoted paths and deletes masked-out fields', () => {
    viaWire(engine).commit(DB, [
      setWrite('users/u1', { a: 1, keep: 2, m: { x: 1, y: 2 }, gone: 3 }),
    ]);
    viaWire(engine).commit(DB, [
      {
        update: {
          name: docName('users/u1'),
          fields: toFields({ a: 10, m: { y: 20 }, 'dot.ted': 'q' }),
        },
        updateMask: { fieldPaths: ['a', 'm.y', 'gone', '`dot.ted`', 'new.deep'] },
        currentDocument: { exists: true },
      },
    ]);
    expect(engine.getDocument(docName('users/u1'))!.fields).toEqual(
      toFields({ a: 10, keep: 2, m: { x: 1, y: 20 }, 'dot.ted': 'q' }),
    );
  });

  it('set with merge (mask, no precondition) creates a missing document', () => {
    const r = viaWire(engine).commit(DB, [
      {
        update: { name: docName('c/new'), fields: toFields({ a: { b: 1 } }) },
        updateMask: { fieldPaths: ['a.b'] },
      },
    ]);
    const doc = engine.getDocument(docName('c/new'))!;
    expect(doc.fields).toEqual(toFields({ a: { b: 1 } }));
    expect(doc.createTime).toBe(r.commitTime);
  });

  it('update of a missing document fails with NOT_FOUND and the official text', () => {
    expectError(
      () =>
        viaWire(engine).commit(DB, [
          {
            update: { name: docName('c/missing'), fields: {} },
            updateMask: { fieldPaths: [] },
            currentDocument: { exists: true },
          },
        ]),
      5,
      'NOT_FOUND',
      `No document to update: ${docName('c/missing')}`,
    );
  });

  it('create of an existing document fails with ALREADY_EXISTS', () => {
    viaWire(engine).commit(DB, [setWrite('c/d', { a: 1 })]);
    expectError(
      () =>
        viaWire(engine).commit(DB, [
          setWrite('c/d', { a: 2 }, { currentDocument: { exists: false } }),
        ]),
      6,
      'ALREADY_EXISTS',
      /Document already exists/,
    );
    expect(engine.getDocument(docName('c/d'))!.fields).toEqual(toFields({ a: 1 }));
  });

  it('checks updateTime preconditions numerically (9-digit nanos from the SDK)', () => {
    const r = viaWire(engine).commit(DB, [setWrite('c/d', { a: 1 })]);
    const nanos = r.commitTime.replace('Z', '000Z');
    expect(nanos).toMatch(/\.\d{9}Z$/);
    const verified = viaWire(engine).commit(DB, [
      { verify: docName('c/d'), currentDocument: { updateTime: nanos } },
    ]);
    expect(verified.writeResults).toHaveLength(1);
    const ok = viaWire(engine).commit(DB, [
      setWrite('c/d', { a: 2 }, { currentDocument: { updateTime: nanos } }),
    ]);
    expect(ok.writeResults).toHaveLength(1);
    expectError(
      () =>
        viaWire(engine).commit(DB, [
          setWrite('c/d', { a: 3 }, { currentDocument: { updateTime: nanos } }),
        ]),
      9,
      'FAILED_PRECONDITION',
      /does not match the required base version/,
    );
    expectError(
      () =>
        viaWire(engine).commit(DB, [
          { verify: docName('c/none'), currentDocument: { updateTime: nanos } },
        ]),
      9,
      'FAILED_PRECONDITION',
    );
  });

  it('delete removes the document and answers {}', () => {
    viaWire(engine).commit(DB, [setWrite('c/d', { a: 1 })]);
    const r = viaWire(engine).commit(DB, [
      { delete: docName('c/d') },
      { delete: docName('c/never') },
    ]);
    expect(r.writeResults).toEqual([{}, {}]);
    expect(engine.getDocument(docName('c/d'))).toBeNull();
  });

  it('a batch is atomic: a failing write applies nothing', () => {
    viaWire(engine).commit(DB, [setWrite('c/a', { n: 1 })]);
    expectError(
      () =>
        viaWire(engine).commit(DB, [
          setWrite('c/a', { n: 2 }),
          setWrite('c/b', { n: 2 }),
          {
            update: { name: docName('c/zzz'), fields: {} },
            updateMask: { fieldPaths: [] },
            currentDocument: { exists: true },
          },
        ]),
      5,
      'NOT_FOUND',
    );
    expect(engine.getDocument(docName('c/a'))!.fields).toEqual(toFields({ n: 1 }));
    expect(engine.getDocument(docName('c/b'))).toBeNull();
  });

  it('later writes in a batch see earlier ones', () => {
    const r = viaWire(engine).commit(DB, [
      setWrite('c/a', { n: 1 }, { currentDocument: { exists: false } }),
      {
        update: { name: docName('c/a'), fields: toFields({ m: 2 }) },
        updateMask: { fieldPaths: ['m'] },
        updateTransforms: [{ fieldPath: 'n', increment: { integerValue: '5' } }],
        currentDocument: { exists: true },
      },
    ]);
    expect(engine.getDocument(docName('c/a'))!.fields).toEqual(toFields({ n: 6, m: 2 }));
    expect(r.writeResults[1]!.transformResults).toEqual([{ integerValue: '6' }]);
  });

  it('rejects more than 500 writes', () => {
    const writes = Array.from({ length: 501 }, (_, i) => setWrite(`c/${i}`, { i }));
    expectError(
      () => viaWire(engine).commit(DB, writes),
      3,
      'INVALID_ARGUMENT',
      'maximum 500 writes allowed per request',
    );
    expect(viaWire(engine).commit(DB, writes.slice(0, 500)).writeResults).toHaveLength(500);
  });

  it('rejects writes to another database or with bad names', () => {
    expectError(
      () =>
        viaWire(engine).commit(DB, [
          { update: { name: 'projects/other/databases/(default)/documents/c/d', fields: {} } },
        ]),
      3,
      'INVALID_ARGUMENT',
    );
    expectError(
      () => viaWire(engine).commit(DB, [{ update: { name: `${DB}/documents/c`, fields: {} } }]),
      3,
      'INVALID_ARGUMENT',
    );
    expectError(
      () => viaWire(engine).commit(DB, [{ update: { name: docName('c/__x__'), fields: {} } }]),
      3,
      'INVALID_ARGUMENT',
      /reserved/,
    );
    expectError(() => viaWire(engine).commit(DB, [{ bogus: 1 }]), 3, 'INVALID_ARGUMENT');
  });

  it('keeps the previous updateTime when a write changes nothing', () => {
    const first = viaWire(engine).commit(DB, [setWrite('c/d', { a: 1 })]);
    const events: unknown[] = [];
    engine.onCommit((e) => events.push(e));
    const second = viaWire(engine).commit(DB, [setWrite('c/d', { a: 1 })]);
    expect(second.writeResults[0]!.updateTime).toBe(first.commitTime);
    expect(events).toHaveLength(0);
  });
});

describe('transforms', () => {
  let engine: FirestoreEngine;
  beforeEach(async () => {
    engine = await memoryEngine();
  });

  function transform(
    path: string,
    transforms: unknown[],
    data: Record<string, unknown> = {},
    mask?: string[],
  ) {
    return viaWire(engine).commit(DB, [
      {
        update: { name: docName(path), fields: toFields(data) },
        ...(mask ? { updateMask: { fieldPaths: mask } } : {}),
        updateTransforms: transforms,
      },
    ]);
  }

  it('serverTimestamp sets the commit time and returns it', () => {
    const r = transform('posts/p', [{ fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' }], {
      text: 'hi',
    });
    const doc = engine.getDocument(docName('posts/p'))!;
    expect(doc.fields['createdAt']).toEqual({ timestampValue: r.commitTime });
    expect(r.writeResults[0]).toEqual({
      updateTime: r.commitTime,
      transformResults: [{ timestampValue: r.commitTime }],
    });
  });

  it('increment follows integer and double rules', () => {
    viaWire(engine).commit(DB, [
      setWrite('c/d', {
        i: 5,
        d: 1.5,
        s: 'x',
        big: { __wire: { integerValue: '9223372036854775800' } },
      }),
    ]);
    const r = transform(
      'c/d',
      [
        { fieldPath: 'i', increment: { integerValue: '2' } },
        { fieldPath: 'd', increment: { integerValue: '1' } },
        { fieldPath: 's', increment: { doubleValue: 0.5 } },
        { fieldPath: 'missing', increment: { integerValue: '3' } },
        { fieldPath: 'big', increment: { integerValue: '100' } },
      ],
      {},
      [],
    );
    expect(r.writeResults[0]!.transformResults).toEqual([
      { integerValue: '7' },
      { doubleValue: 2.5 },
      { doubleValue: 0.5 },
      { integerValue: '3' },
      { integerValue: '9223372036854775807' },
    ]);
    const fields = engine.getDocument(docName('c/d'))!.fields;
    expect(fields['i']).toEqual({ integerValue: '7' });
    expect(fields['missing']).toEqual({ integerValue: '3' });
  });

  it('arrayUnion appends missing elements and answers null, as Firestore documents it', () => {
    viaWire(engine).commit(DB, [setWrite('c/d', { tags: ['a', 1] })]);
    const r = transform(
      'c/d',
      [
        {
          fieldPath: 'tags',
          appendMissingElements: {
            values: [toValue('a'), toValue(1.0), toValue('b'), toValue('b')],
          },
        },
      ],
      {},
      [],
    );
    expect(r.writeResults[0]!.transformResults).toEqual([{ nullValue: null }]);
    expect(engine.getDocument(docName('c/d'))!.fields['tags']).toEqual(toValue(['a', 1, 'b']));
  });

  it('arrayRemove removes every equal element; on a non-array it yields []; it answers null', () => {
    viaWire(engine).commit(DB, [setWrite('c/d', { tags: ['a', 'b', 'a', 2], n: 1 })]);
    const r = transform(
      'c/d',
      [
        { fieldPath: 'tags', removeAllFromArray: { values: [toValue('a'), toValue(2.0)] } },
        { fieldPath: 'n', removeAllFromArray: { values: [toValue(1)] } },
      ],
      {},
      [],
    );
    expect(r.writeResults[0]!.transformResults).toEqual([{ nullValue: null }, { nullValue: null }]);
    expect(engine.getDocument(docName('c/d'))!.fields).toEqual(toFields({ tags: ['b'], n: [] }));
  });

  it('standalone transform writes and maximum/minimum', () => {
    viaWire(engine).commit(DB, [setWrite('c/d', { hi: 3, lo: 3 })]);
    const r = viaWire(engine).commit(DB, [
      {
        transform: {
          document: docName('c/d'),
          fieldTransforms: [
            { fieldPath: 'hi', maximum: { integerValue: '10' } },
            { fieldPath: 'lo', minimum: { doubleValue: 1.5 } },
          ],
        },
      },
    ]);
    expect(r.writeResults[0]!.transformResults).toEqual([
      { integerValue: '10' },
      { doubleValue: 1.5 },
    ]);
  });

  it('transforms apply to nested paths after the update mask', () => {
    const r = transform('c/d', [{ fieldPath: 'stats.likes', increment: { integerValue: '1' } }], {
      stats: { views: 1 },
    });
    expect(engine.getDocument(docName('c/d'))!.fields).toEqual(
      toFields({ stats: { views: 1, likes: 1 } }),
    );
    expect(r.writeResults[0]!.transformResults).toEqual([{ integerValue: '1' }]);
  });

  it('rejects unknown transforms and non-numeric increments', () => {
    expect(() => transform('c/d', [{ fieldPath: 'a', increment: { stringValue: 'x' } }])).toThrow(
      /numeric/,
    );
    expect(() => transform('c/d', [{ fieldPath: 'a', setToServerValue: 'OTHER' }])).toThrow(
      /server value/,
    );
    expect(() => transform('c/d', [{ fieldPath: 'a', frobnicate: {} }])).toThrow(
      /Unsupported field transform/,
    );
  });
});

describe('authorize hook', () => {
  it('sees each written document once, before the commit and after all its writes, skips verify, and can reject the batch', async () => {
    const engine = await memoryEngine();
    viaWire(engine).commit(DB, [setWrite('c/a', { n: 1 }), setWrite('c/v', { n: 0 })]);
    const a = engine.getDocument(docName('c/a'))!;
    let seen: PlannedWrite[] = [];
    let afterLookup: unknown;
    let beforeLookup: unknown;
    let requestTime: string | undefined;
    const result = viaWire(engine).commit(
      DB,
      [
        { verify: docName('c/v'), currentDocument: { exists: true } },
        setWrite('c/a', { n: 2 }),
        setWrite('c/b', { n: 3 }),
        {
          update: { name: docName('c/b'), fields: { m: { integerValue: '4' } } },
          updateMask: { fieldPaths: ['m'] },
        },
        { delete: docName('c/a') },
        setWrite('c/new', { n: 5 }),
        { delete: docName('c/new') },
      ],
      {
        authorize: (planned, before, after, time) => {
          seen = planned;
          beforeLookup = before(docName('c/a'));
          afterLookup = after(docName('c/a'));
          requestTime = time;
        },
      },
    );
    // Rules compare serverTimestamp() values with request.time: both are the commit time.
    expect(requestTime).toBe(result.commitTime);
    // A document missing after the commit is a delete, also when it was missing before.
    expect(seen.map((p) => [p.name.split('/').pop(), p.method])).toEqual([
      ['a', 'delete'],
      ['b', 'create'],
      ['new', 'delete'],
    ]);
    expect(seen[0]!.before).toBe(a);
    expect(seen[0]!.after).toBeNull();
    expect(seen[1]!.before).toBeNull();
    expect(seen[1]!.after!.fields).toEqual(toFields({ n: 3, m: 4 }));
    expect(seen[2]!.before).toBeNull();
    expect(beforeLookup).toBe(a);
    expect(afterLookup).toBeNull();

    expect(() =>
      viaWire(engine).commit(DB, [setWrite('c/x', { n: 1 })], {
        authorize: () => {
          throw new FirestoreError(7, 'PERMISSION_DENIED', 'no');
        },
      }),
    ).toThrow('no');
    expect(engine.getDocument(docName('c/x'))).toBeNull();
  });
});

describe('change events and versions', () => {
  it('emits one event per commit with before/after, and versions rise', async () => {
    const engine = await memoryEngine();
    const events: Array<{ readTime: string; changes: Array<{ name: string }> }> = [];
    engine.onCommit((e) => events.push(e));
    const r1 = viaWire(engine).commit(DB, [setWrite('c/a', { n: 1 }), setWrite('c/b', { n: 1 })]);
    const read = engine.currentReadTime();
    const r2 = viaWire(engine).commit(DB, [{ delete: docName('c/a') }]);
    expect(events).toHaveLength(2);
    expect(events[0]!.readTime).toBe(r1.commitTime);
    expect(events[0]!.changes.map((c) => c.name)).toEqual([docName('c/a'), docName('c/b')]);
    expect(read >= r1.commitTime).toBe(true);
    expect(r2.commitTime > read).toBe(true);
    const times = new Set<string>();
    for (let i = 0; i < 200; i++)
      times.add(viaWire(engine).commit(DB, [setWrite('c/x', { i })]).commitTime);
    expect(times.size).toBe(200);
  });
});
