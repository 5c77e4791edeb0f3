import type { Principal } from '../../src/common/auth';
import type { Fields, StoredDocument, Value } from '../../src/values';
import { authorizeFirestoreRead, compileRules, RulesCompileError } from '../../src/rules';

export const DATABASE = 'projects/demo/databases/(default)';
export const ROOT = `${DATABASE}/documents`;
export const TIME = new Date('2026-01-02T03:04:05.678Z');

export function user(uid: string, token: Record<string, unknown> = {}): Principal {
  return { kind: 'user', auth: { uid, token: { user_id: uid, ...token } } };
}
export const anonymous: Principal = { kind: 'anonymous' };

export function doc(path: string, fields: Fields): StoredDocument {
  return {
    name: `${ROOT}/${path}`,
    fields,
    createTime: TIME.toISOString(),
    updateTime: TIME.toISOString(),
  };
}

/** Plain JS to wire values: integers (and bigints) become integerValue, other numbers doubleValue. */
export function wire(value: unknown): Value {
  if (value === null) return { nullValue: null };
  if (typeof value === 'bigint') return { integerValue: String(value) };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(wire) } };
  if (typeof value === 'object')
    return { mapValue: { fields: fields(value as Record<string, unknown>) } };
  throw new Error(`cannot convert ${String(value)}`);
}

export function fields(data: Record<string, unknown>): Fields {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, wire(v)]));
}

/**
 * Evaluates one condition as the `get` rule of /t/{id} against a document with `data`, and
 * returns null when granted or the denial text.
 */
export function evalCondition(
  condition: string,
  data: Record<string, unknown> = {},
  principal: Principal = user('alice'),
  extra = '',
): string | null {
  const rules = compileRules(
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${extra}
    match /t/{id} {
      allow get: if ${condition};
    }
  }
}`,
  );
  const target = doc('t/doc1', fields(data));
  const denial = authorizeFirestoreRead(
    rules,
    { principal, time: TIME, database: DATABASE },
    'get',
    [target],
    () => null,
  );
  return denial ? denial.message : null;
}

/** The condition must be granted. */
export function expectTrue(condition: string, data?: Record<string, unknown>): void {
  const result = evalCondition(condition, data);
  if (result !== null) throw new Error(`expected true: ${condition}\n  got: ${result}`);
}

/** The condition must evaluate to false (not an error). */
export function expectFalse(condition: string, data?: Record<string, unknown>): void {
  const result = evalCondition(condition, data);
  if (result !== "false for 'get' @ L6")
    throw new Error(`expected false: ${condition}\n  got: ${result}`);
}

/** The condition must fail with an evaluation error whose text contains `fragment`. */
export function expectError(
  condition: string,
  fragment: string,
  data?: Record<string, unknown>,
): void {
  const result = evalCondition(condition, data);
  if (result === null || result.startsWith('false') || !result.includes(fragment)) {
    throw new Error(`expected error containing "${fragment}": ${condition}\n  got: ${result}`);
  }
}

/**
 * A runQuery request for the posts whose `followers` contain `uid` (the feed's filter), with any
 * further structured-query parts (`orderBy`, `limit`).
 */
export function postsFollowedBy(uid: string, more: Record<string, unknown> = {}) {
  return {
    parent: ROOT,
    structuredQuery: {
      from: [{ collectionId: 'posts' }],
      where: {
        fieldFilter: {
          field: { fieldPath: 'followers' },
          op: 'ARRAY_CONTAINS',
          value: { stringValue: uid },
        },
      },
      ...more,
    },
  };
}

/**
 * What compiling `condition` as a `get` rule says: null when it compiles, else each issue as
 * `L<line>:<column> <message>` (the condition sits on line 5).
 */
export function compileIssue(condition: string): string | null {
  try {
    compileRules(
      `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n` +
        `    match /t/{id} {\n      allow get: if ${condition};\n    }\n  }\n}\n`,
    );
    return null;
  } catch (error) {
    if (!(error instanceof RulesCompileError)) throw error;
    return error.issues.map((i) => `L${i.line}:${i.column} ${i.message}`).join('\n');
  }
}
