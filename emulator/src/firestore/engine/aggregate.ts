import { getField } from '../../values/fieldPaths';
import type { StoredDocument, Value } from '../../values/types';
import type { Aggregation } from './types';

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

function sum(docs: StoredDocument[], path: string[]): Value {
  let total = 0;
  let allInts = true;
  for (const doc of docs) {
    const v = numeric(getField(doc.fields, path));
    if (!v) continue;
    total += v.n;
    if (!v.int) allInts = false;
  }
  return allInts && Number.isSafeInteger(total)
    ? { integerValue: String(total) }
    : doubleValue(total);
}

function average(docs: StoredDocument[], path: string[]): Value {
  let total = 0;
  let count = 0;
  for (const doc of docs) {
    const v = numeric(getField(doc.fields, path));
    if (!v) continue;
    total += v.n;
    count++;
  }
  return count === 0 ? { nullValue: null } : doubleValue(total / count);
}

/**
 * Computes aggregations by alias: `count(upTo)` asks the query for a count; `sum` and `avg` read
 * the query's documents, fetched once and only when asked for.
 */
export function aggregate(
  aggregations: Aggregation[],
  count: (upTo?: number) => number,
  documents: () => StoredDocument[],
): Record<string, Value> {
  let docs: StoredDocument[] | null = null;
  const fetched = (): StoredDocument[] => (docs ??= documents());
  const result: Record<string, Value> = {};
  for (const a of aggregations) {
    if (a.kind === 'count') result[a.alias] = { integerValue: String(count(a.upTo)) };
    else if (a.kind === 'sum') result[a.alias] = sum(fetched(), a.field);
    else result[a.alias] = average(fetched(), a.field);
  }
  return result;
}
