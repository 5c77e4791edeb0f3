import { stackForFile } from '../harness';

/**
 * Values, aggregations and commits where the differential test found this emulator answering
 * otherwise than Google's Cloud Firestore emulator (test/differential/README.md), fixed to answer
 * as Google's does. Runs on this emulator and, in `npm run test:google`, on Google's.
 */
const { stack, clients } = stackForFile(
  { projectId: 'demo-fidelity-values', indexes: false },
  { admin: { admin: true } },
);

test('a written -0 is stored and read back as 0', async () => {
  const read = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    const ref = f.doc(fb.db, 'zero/d0');
    await f.setDoc(ref, { z: -0, m: { z: -0 }, arr: [-0] });
    const snap = await f.getDocFromServer(ref);
    const negative = (v: unknown) => Object.is(v, -0);
    return {
      top: negative(snap.get('z')),
      inMap: negative(snap.get('m.z')),
      inArray: negative((snap.get('arr') as number[])[0]),
      equalsZero: snap.get('z') === 0,
    };
  });
  expect(read).toEqual({ top: false, inMap: false, inArray: false, equalsZero: true });
});

test('sum() and average() add 64-bit integers exactly past 2^53', async () => {
  const result = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'big/d1'), { b: Number.MAX_SAFE_INTEGER });
    await f.setDoc(f.doc(fb.db, 'big/d2'), { b: 2 });
    await f.setDoc(f.doc(fb.db, 'big/d3'), { b: 1 });
    const snap = await f.getAggregateFromServer(f.collection(fb.db, 'big'), {
      sum: f.sum('b'),
      avg: f.average('b'),
    });
    // As text: 2^53 + 2 is a double too, so only the digits tell exact from rounded.
    return { sum: String(snap.data().sum), avg: String(snap.data().avg) };
  });
  expect(result).toEqual({ sum: '9007199254740994', avg: String(9007199254740994 / 3) });
});

test('sum() and average() under a limit take the documents in the order of their fields', async () => {
  const result = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'ordered/d0'), { b: 1 });
    await f.setDoc(f.doc(fb.db, 'ordered/d1'), { b: 1 });
    await f.setDoc(f.doc(fb.db, 'ordered/d4'), { b: 0 });
    await f.setDoc(f.doc(fb.db, 'ordered/d5'), { a: 1 });
    const c = f.collection(fb.db, 'ordered');
    return {
      // By b: d4 (0), then d0 (1); not d0 and d1 by name.
      avgOfTwo: await fb.aggregate(f.query(c, f.limit(2)), { avg: f.average('b') }),
      sumOfOne: await fb.aggregate(f.query(c, f.limit(1)), { sum: f.sum('b') }),
      // An explicit order comes first.
      sumOfOneByBDescending: await fb.aggregate(f.query(c, f.orderBy('b', 'desc'), f.limit(1)), {
        sum: f.sum('b'),
      }),
      countOfTwo: await fb.aggregate(f.query(c, f.limit(2)), { n: f.count() }),
    };
  });
  expect(result).toEqual({
    avgOfTwo: { avg: 0.5 },
    sumOfOne: { sum: 0 },
    sumOfOneByBDescending: { sum: 1 },
    countOfTwo: { n: 2 },
  });
});

test('a commit that deletes a document and then updates it is refused whole', async () => {
  const outcome = await clients.admin.run(async (fb) => {
    const f = fb.fs;
    const ref = f.doc(fb.db, 'commits/d4');
    await f.setDoc(ref, { a: 1 });
    const code = (p: Promise<unknown>) => fb.outcome(p, () => 'ok');
    const deleteThenUpdate = f.writeBatch(fb.db);
    deleteThenUpdate.delete(ref);
    deleteThenUpdate.update(ref, { a: 2 });
    const refused = await code(deleteThenUpdate.commit());
    const afterRefusal = (await f.getDocFromServer(ref)).data();
    // A set between them re-creates the document: then the update applies.
    const deleteSetUpdate = f.writeBatch(fb.db);
    deleteSetUpdate.delete(ref);
    deleteSetUpdate.set(ref, { a: 3 });
    deleteSetUpdate.update(ref, { b: 4 });
    const recreated = await code(deleteSetUpdate.commit());
    return { refused, afterRefusal, recreated, after: (await f.getDocFromServer(ref)).data() };
  });
  expect(outcome).toEqual({
    // Google's Write stream prefixes its status to the message; this emulator's does not.
    refused: expect.stringMatching(
      /^invalid-argument: (INVALID_ARGUMENT: )?Cannot delete then update an entity in the same request\.$/,
    ),
    afterRefusal: { a: 1 },
    recreated: 'ok',
    after: { a: 3, b: 4 },
  });
});

test('REST answers values in proto3 JSON form: empty arrays, maps and zero fields left out', async () => {
  await clients.admin.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'encoding/d0'), {
      arr: [],
      map: {},
      nested: { inner: [{}] },
      origin: new f.GeoPoint(0, 0),
      east: new f.GeoPoint(0, 5),
      epoch: new f.Timestamp(0, 0),
      millis: new f.Timestamp(1, 500_000_000),
      micros: new f.Timestamp(1, 123_456_000),
    });
  });
  const url = `${stack().firestoreUrl}/v1/projects/${stack().projectId}/databases/(default)/documents/encoding/d0`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  const { fields } = (await response.json()) as { fields: unknown };
  expect(fields).toEqual({
    arr: { arrayValue: {} },
    map: { mapValue: {} },
    nested: {
      mapValue: { fields: { inner: { arrayValue: { values: [{ mapValue: {} }] } } } },
    },
    origin: { geoPointValue: {} },
    east: { geoPointValue: { longitude: 5 } },
    epoch: { timestampValue: '1970-01-01T00:00:00Z' },
    millis: { timestampValue: '1970-01-01T00:00:01.500Z' },
    micros: { timestampValue: '1970-01-01T00:00:01.123456Z' },
  });
});

test('a lone surrogate in a string or a field name is stored as ?', async () => {
  const name = `projects/${stack().projectId}/databases/(default)/documents/surrogates/d0`;
  // Written by hand: JSON.stringify would escape the surrogates just the same, but plainly.
  const body = `{"writes":[{"update":{"name":"${name}","fields":{"v":{"stringValue":"a\\ud800b\\udc00c\\ud83d\\ude00"},"k\\udfff":{"arrayValue":{"values":[{"stringValue":"\\ud83d"}]}}}}}]}`;
  const base = `${stack().firestoreUrl}/v1`;
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const written = await fetch(
    `${base}/projects/${stack().projectId}/databases/(default)/documents:commit`,
    {
      method: 'POST',
      headers,
      body,
    },
  );
  expect(written.status).toBe(200);
  const read = (await (await fetch(`${base}/${name}`, { headers })).json()) as {
    fields: Record<string, unknown>;
  };
  expect(read.fields).toEqual({
    v: { stringValue: 'a?b?c\u{1F600}' },
    'k?': { arrayValue: { values: [{ stringValue: '?' }] } },
  });
});
