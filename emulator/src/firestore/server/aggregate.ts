import type { FirestoreEngine, StoredDocument, Value } from '../engine';
import { compileQuery } from '../protocol';
import { invalidArgument } from './errors';

interface Aggregation {
  alias?: unknown;
  count?: { upTo?: unknown };
  sum?: { field?: { fieldPath?: unknown } };
  avg?: { field?: { fieldPath?: unknown } };
}

/** Splits a wire field path (`a.b`, `` `odd.name`.c ``) into segments. */
export function splitFieldPath(path: string): string[] {
  const segments: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < path.length) current += path[++i];
      else if (ch === '`') quoted = false;
      else current += ch;
    } else if (ch === '`') quoted = true;
    else if (ch === '.') {
      segments.push(current);
      current = '';
    } else current += ch;
  }
  segments.push(current);
  return segments;
}

function fieldValue(doc: StoredDocument, path: string): Value | undefined {
  let value: Value | undefined = { mapValue: { fields: doc.fields } };
  for (const segment of splitFieldPath(path)) {
    if (!value || !('mapValue' in value)) return undefined;
    value = value.mapValue.fields?.[segment];
  }
  return value;
}

function numeric(value: Value | undefined): { int: boolean; n: number } | null {
  if (!value) return null;
  if ('integerValue' in value) return { int: true, n: Number(value.integerValue) };
  if ('doubleValue' in value) return { int: false, n: Number(value.doubleValue) };
  return null;
}

function doubleValue(n: number): Value {
  if (Number.isNaN(n)) return { doubleValue: 'NaN' };
  if (!Number.isFinite(n)) return { doubleValue: n > 0 ? 'Infinity' : '-Infinity' };
  return { doubleValue: n };
}

function sum(docs: StoredDocument[], path: string): Value {
  let total = 0;
  let allInts = true;
  for (const doc of docs) {
    const v = numeric(fieldValue(doc, path));
    if (!v) continue;
    total += v.n;
    if (!v.int) allInts = false;
  }
  return allInts && Number.isSafeInteger(total)
    ? { integerValue: String(total) }
    : doubleValue(total);
}

function average(docs: StoredDocument[], path: string): Value {
  let total = 0;
  let count = 0;
  for (const doc of docs) {
    const v = numeric(fieldValue(doc, path));
    if (!v) continue;
    total += v.n;
    count++;
  }
  return count === 0 ? { nullValue: null } : doubleValue(total / count);
}

function fieldPathOf(spec: { field?: { fieldPath?: unknown } } | undefined): string {
  const path = spec?.field?.fieldPath;
  if (typeof path !== 'string' || path === '') throw invalidArgument('Aggregation needs a field.');
  return path;
}

/**
 * `runAggregationQuery`: count goes to the engine; sum and avg are computed over the query's
 * documents (fetched once, and only when asked for).
 */
export function runAggregation(
  engine: FirestoreEngine,
  parent: string,
  structuredAggregationQuery: unknown,
): Record<string, Value> {
  const saq = structuredAggregationQuery as
    { structuredQuery?: unknown; aggregations?: unknown } | undefined;
  if (!saq || typeof saq !== 'object' || saq.structuredQuery === undefined) {
    throw invalidArgument('Invalid aggregation query: missing structuredQuery.');
  }
  const aggregations = saq.aggregations;
  if (!Array.isArray(aggregations) || aggregations.length === 0 || aggregations.length > 5) {
    throw invalidArgument('Invalid aggregation query: needs between 1 and 5 aggregations.');
  }
  const plan = compileQuery(parent, saq.structuredQuery);
  let docs: StoredDocument[] | null = null;
  const documents = (): StoredDocument[] => (docs ??= engine.runQuery(plan).documents);
  const result: Record<string, Value> = {};
  aggregations.forEach((raw: Aggregation, i) => {
    const alias = typeof raw?.alias === 'string' && raw.alias ? raw.alias : `field_${i + 1}`;
    if (raw?.count !== undefined) {
      const upToRaw = raw.count?.upTo;
      const upTo =
        upToRaw === undefined
          ? undefined
          : Number(
              typeof upToRaw === 'object' && upToRaw
                ? (upToRaw as { value?: unknown }).value
                : upToRaw,
            );
      if (upTo !== undefined && (!Number.isInteger(upTo) || upTo < 0)) {
        throw invalidArgument(
          'Invalid aggregation query: count.upTo must be a non-negative integer.',
        );
      }
      result[alias] = {
        integerValue: String(engine.count(plan, upTo)),
      };
    } else if (raw?.sum !== undefined) {
      result[alias] = sum(documents(), fieldPathOf(raw.sum));
    } else if (raw?.avg !== undefined) {
      result[alias] = average(documents(), fieldPathOf(raw.avg));
    } else {
      throw invalidArgument('Invalid aggregation query: unknown aggregation operator.');
    }
  });
  return result;
}
