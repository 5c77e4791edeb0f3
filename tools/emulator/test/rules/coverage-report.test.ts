import {
  authorizeFirestoreRead,
  authorizeFirestoreWrites,
  authorizeStorage,
  RulesSlot,
  type ExpressionReport,
  type SlotDecision,
} from '../../src/rules';
import type { PlannedWrite } from '../../src/values';
import { anonymous, DATABASE, doc, fields, TIME, user } from './helpers';

// What the rules record while they decide: the coverage report (Google's `…:ruleCoverage` shape),
// its per-line view, and each decision with the statements that made it.
const SOURCE = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function isOwner(id) {
      let uid = request.auth.uid;
      return uid == id;
    }
    match /notes/{id} {
      allow get: if isOwner(id) || resource.data.open == true;
      allow create: if request.resource.data.size() < 3 && isOwner(id);
      allow update: if false;
    }
  }
}
`;
const lineOf = (text: string) => SOURCE.split('\n').findIndex((l) => l.includes(text)) + 1;
const GET_LINE = lineOf('allow get');
const CREATE_LINE = lineOf('allow create');
const UPDATE_LINE = lineOf('allow update');

function freshSlot(): { slot: RulesSlot; decisions: SlotDecision[] } {
  const slot = new RulesSlot('cloud.firestore', 'firestore.rules');
  expect(slot.set(SOURCE)).toEqual([]);
  const decisions: SlotDecision[] = [];
  slot.observeDecisions((d) => decisions.push(d));
  return { slot, decisions };
}

function get(slot: RulesSlot, uid: string | null, id: string, data: Record<string, unknown>) {
  return authorizeFirestoreRead(
    slot.get(),
    { principal: uid ? user(uid) : anonymous, time: TIME, database: DATABASE },
    'get',
    [doc(`notes/${id}`, fields(data))],
    () => null,
  );
}

function create(slot: RulesSlot, uid: string, id: string, data: Record<string, unknown>) {
  const after = doc(`notes/${id}`, fields(data));
  const planned: PlannedWrite[] = [{ name: after.name, method: 'create', before: null, after }];
  return authorizeFirestoreWrites(
    slot.get(),
    { principal: user(uid), time: TIME, database: DATABASE },
    planned,
    () => null,
    (name) => (name === after.name ? after : null),
  );
}

/** The source text a report entry points at (Google's offsets: first and last character). */
const textOf = (r: ExpressionReport) =>
  SOURCE.slice(r.sourcePosition.currentOffset, r.sourcePosition.endOffset + 1);

function find(reports: ExpressionReport[], text: string): ExpressionReport {
  for (const r of reports) {
    if (textOf(r) === text) return r;
    const inner = r.children ? find(r.children, text) : null;
    if (inner) return inner;
  }
  return null as unknown as ExpressionReport;
}

test('the report has Google’s shape: the rules, then an expression tree per evaluated function and condition', () => {
  const { slot } = freshSlot();
  expect(get(slot, 'alice', 'alice', {})).toBeNull();
  expect(get(slot, 'bob', 'alice', { open: false })).not.toBeNull();
  expect(get(slot, null, 'alice', { open: true })).toBeNull();

  const report = slot.coverage()!.report();
  expect(report.rules.files).toEqual([{ name: 'firestore.rules', content: SOURCE }]);
  expect(report.report.map(textOf)).toEqual([
    'let uid = request.auth.uid;\n      return uid == id',
    'isOwner(id) || resource.data.open == true',
  ]);
  const [fn, condition] = report.report as [ExpressionReport, ExpressionReport];
  expect(fn.sourcePosition).toEqual({
    line: lineOf('let uid'),
    column: 7,
    currentOffset: SOURCE.indexOf('let uid'),
    endOffset: SOURCE.indexOf('uid == id') + 'uid == id'.length - 1,
  });
  // alice owns it; bob does not; signed out, request.auth.uid fails on null.
  const error = fn.values.find((v) => 'undefined' in v.value)!;
  expect(fn.values.filter((v) => !('undefined' in v.value))).toEqual([
    { value: { boolValue: true }, count: 1 },
    { value: { boolValue: false }, count: 1 },
  ]);
  expect(error.count).toBe(1);
  expect((error.value['undefined'] as { causeMessage: string }).causeMessage).toBe(
    'Null value error.',
  );
  expect(condition.values).toEqual([
    { value: { boolValue: true }, count: 2 },
    { value: { boolValue: false }, count: 1 },
  ]);
  // The right side of || was short-circuited once (alice), evaluated twice.
  const open = find(report.report, 'resource.data.open == true');
  expect(open.values).toEqual([
    { value: {}, count: 1 },
    { value: { boolValue: false }, count: 1 },
    { value: { boolValue: true }, count: 1 },
  ]);
  // In the function, `id` is not reached when `uid` failed (signed out): 2 of 3.
  expect(find(report.report, 'id').values).toEqual([{ value: { stringValue: 'alice' }, count: 2 }]);
  // Literals are not reported; leaves have no children member.
  expect(find(report.report, 'true')).toBeNull();
  expect(find(report.report, 'resource')).not.toHaveProperty('children');
});

test('per line: allow and deny counts of each statement, runs per line, and lines that never ran', () => {
  const { slot } = freshSlot();
  expect(get(slot, 'alice', 'alice', {})).toBeNull();
  expect(get(slot, 'bob', 'alice', { open: false })).not.toBeNull();
  expect(create(slot, 'alice', 'alice', { a: 1 })).toBeNull();
  expect(create(slot, 'bob', 'alice', { a: 1 })).not.toBeNull();
  expect(create(slot, 'alice', 'alice', { a: 1, b: 2, c: 3 })).not.toBeNull();

  const lines = slot.coverage()!.lines();
  const at = (n: number) => lines[n - 1]!;
  expect([at(GET_LINE).allowed, at(GET_LINE).denied]).toEqual([1, 1]);
  expect([at(CREATE_LINE).allowed, at(CREATE_LINE).denied]).toEqual([1, 2]);
  expect(at(UPDATE_LINE)).toMatchObject({ runnable: true, allowed: 0, denied: 0, runs: 0 });
  // isOwner ran for both gets and for the two creates whose size check passed: 4 times.
  expect(at(lineOf('return uid')).runs).toBe(4);
  expect(at(CREATE_LINE).runs).toBe(3);
  expect(at(lineOf('match /notes')).runnable).toBe(false);
  const valuesOf = (text: string) =>
    at(CREATE_LINE).expressions.find((e) => e.text === text)?.values;
  expect(valuesOf('request.resource.data.size() < 3')).toEqual(['bool true × 2', 'bool false × 1']);
  expect(valuesOf('request.resource.data.size() < 3 && isOwner(id)')).toEqual([
    'bool true × 1',
    'bool false × 2',
  ]);
});

test('reset starts the count again, and new rules start a new count', () => {
  const { slot } = freshSlot();
  expect(get(slot, 'alice', 'alice', {})).toBeNull();
  const coverage = slot.coverage()!;
  const before = coverage.since;
  coverage.reset();
  expect(coverage.report().report).toEqual([]);
  expect(coverage.since.getTime()).toBeGreaterThanOrEqual(before.getTime());
  expect(get(slot, 'alice', 'alice', {})).toBeNull();
  expect(coverage.lines()[GET_LINE - 1]!.allowed).toBe(1);
  expect(slot.set(SOURCE)).toEqual([]);
  expect(slot.coverage()).not.toBe(coverage);
  expect(slot.coverage()!.report().report).toEqual([]);
});

test('every decision is reported: the statement that granted, or every one that did not', () => {
  const { slot, decisions } = freshSlot();
  get(slot, 'alice', 'alice', {});
  create(slot, 'bob', 'alice', {});
  expect(decisions).toHaveLength(2);
  expect(decisions[0]).toMatchObject({
    service: 'cloud.firestore',
    method: 'get',
    uid: 'alice',
    granted: true,
    denial: null,
    statements: [{ line: GET_LINE, method: 'get', reason: 'true', granted: true }],
    statementSources: ['allow get: if isOwner(id) || resource.data.open == true;'],
  });
  expect(decisions[1]).toMatchObject({
    method: 'create',
    uid: 'bob',
    granted: false,
    statements: [{ line: CREATE_LINE, reason: 'false', granted: false }],
  });
  expect(decisions[1]!.denial!.message).toBe(`false for 'create' @ L${CREATE_LINE}`);
});

test('a list is one request: reported once when every document may be read', () => {
  const { slot, decisions } = freshSlot();
  const listRules = new RulesSlot('cloud.firestore', 'firestore.rules');
  listRules.set(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} {
      allow list: if resource.data.open == true;
    }
  }
}`);
  listRules.observeDecisions((d) => decisions.push(d));
  const docs = [doc('notes/a', fields({ open: true })), doc('notes/b', fields({ open: true }))];
  const query = {
    parent: `${DATABASE}/documents`,
    structuredQuery: {
      from: [{ collectionId: 'notes' }],
      where: {
        fieldFilter: { field: { fieldPath: 'open' }, op: 'EQUAL', value: { booleanValue: true } },
      },
    },
  };
  const ctx = { principal: user('alice'), time: TIME, database: DATABASE };
  expect(authorizeFirestoreRead(listRules.get(), ctx, 'list', docs, () => null, query)).toBeNull();
  expect(decisions.map((d) => [d.method, d.granted])).toEqual([['list', true]]);
  // The query and both documents ran the condition.
  expect(listRules.coverage()!.lines()[4]!.allowed).toBe(3);
  void slot;
});

test('Storage decisions and coverage too', () => {
  const slot = new RulesSlot('firebase.storage', 'storage.rules');
  expect(
    slot.set(`rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{uid}/{file} {
      allow read: if request.auth != null && request.auth.uid == uid;
    }
  }
}`),
  ).toEqual([]);
  const decisions: SlotDecision[] = [];
  slot.observeDecisions((d) => decisions.push(d));
  const request = (uid: string) =>
    authorizeStorage(
      slot.get(),
      { principal: user(uid), time: TIME },
      { bucket: 'b1', path: 'alice/x.png', method: 'get', resource: null, requestResource: null },
    );
  expect(request('alice')).toBeNull();
  expect(request('bob')).not.toBeNull();
  expect(decisions.map((d) => [d.path, d.uid, d.granted])).toEqual([
    ['/b/b1/o/alice/x.png', 'alice', true],
    ['/b/b1/o/alice/x.png', 'bob', false],
  ]);
  const line = slot.coverage()!.lines()[4]!;
  expect([line.allowed, line.denied]).toEqual([1, 1]);
  expect(slot.coverage()!.report().report[0]!.values).toEqual([
    { value: { boolValue: true }, count: 1 },
    { value: { boolValue: false }, count: 1 },
  ]);
});
