import { FirestoreEngine } from '../../src/firestore/engine';
import type { CommitOptions, Fields, Value } from '../../src/firestore/engine';
import { compileQuery, decodeWrites } from '../../src/firestore/protocol';

export const DB = 'projects/demo-test/databases/(default)';
export const ROOT = `${DB}/documents`;

export function docName(path: string): string {
  return `${ROOT}/${path}`;
}

/** Plain JS data to wire values (numbers: integers become integerValue, others doubleValue). */
export function toValue(x: unknown): Value {
  if (x === null) return { nullValue: null };
  if (typeof x === 'boolean') return { booleanValue: x };
  if (typeof x === 'number') {
    return Number.isInteger(x) && !Object.is(x, -0)
      ? { integerValue: String(x) }
      : { doubleValue: x };
  }
  if (typeof x === 'string') return { stringValue: x };
  if (Array.isArray(x)) return { arrayValue: { values: x.map(toValue) } };
  if (typeof x === 'object') {
    const v = x as Record<string, unknown>;
    if ('__wire' in v) return v['__wire'] as Value;
    return { mapValue: { fields: toFields(v) } };
  }
  throw new Error(`cannot convert ${String(x)}`);
}

export function toFields(data: Record<string, unknown>): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(data)) out[k] = toValue(v);
  return out;
}

/** Marks a raw wire value inside plain data. */
export function wire(v: Value): { __wire: Value } {
  return { __wire: v };
}

export function setWrite(path: string, data: Record<string, unknown>, extra: object = {}): unknown {
  return { update: { name: docName(path), fields: toFields(data) }, ...extra };
}

/** The engine driven with wire JSON as the servers drive it: protocol decoding, then the engine. */
export function viaWire(engine: FirestoreEngine) {
  return {
    commit: (database: string, writes: unknown, options?: CommitOptions) =>
      engine.commit(database, decodeWrites(database, writes), options),
    commitDurably: (database: string, writes: unknown, options?: CommitOptions) =>
      engine.commitDurably(database, decodeWrites(database, writes), options),
    runQuery: (parent: unknown, structuredQuery: unknown) =>
      engine.runQuery(compileQuery(parent, structuredQuery)),
    count: (parent: unknown, structuredQuery: unknown, upTo?: number) =>
      engine.count(compileQuery(parent, structuredQuery), upTo),
    compileQuery: (parent: unknown, structuredQuery: unknown) =>
      engine.compileQuery(compileQuery(parent, structuredQuery)),
  };
}

export async function memoryEngine(): Promise<FirestoreEngine> {
  return FirestoreEngine.open({ dataDir: null });
}

export function seed(engine: FirestoreEngine, docs: Record<string, Record<string, unknown>>): void {
  viaWire(engine).commit(
    DB,
    Object.entries(docs).map(([path, data]) => setWrite(path, data)),
  );
}

export function ids(docs: Array<{ name: string }>): string[] {
  return docs.map((d) => d.name.slice(d.name.lastIndexOf('/') + 1));
}

export function field(path: string): { fieldPath: string } {
  return { fieldPath: path };
}

export function where(path: string, op: string, value: unknown): unknown {
  return { fieldFilter: { field: field(path), op, value: toValue(value) } };
}
