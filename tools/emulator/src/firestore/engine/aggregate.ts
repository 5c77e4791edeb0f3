import { getField } from '../../values/fieldPaths';
import type { StoredDocument, Value } from '../../values/types';
import { INT64_MAX, INT64_MIN } from '../../values/values';
import type { Aggregation } from './types';

/**
 * The numbers a field holds across documents: integers added exactly (as 64-bit integers are in
 * Google's emulator, not as doubles that lose digits past 2^53), doubles apart.
 */
interface Total {
  integers: bigint;
  doubles: number;
  sawDouble: boolean;
  count: number;
}

function totalOf(docs: StoredDocument[], path: string[]): Total {
  const total: Total = { integers: 0n, doubles: 0, sawDouble: false, count: 0 };
  for (const doc of docs) {
    const value = getField(doc.fields, path);
    if (value === undefined) continue;
    if ('integerValue' in value) total.integers += BigInt(value.integerValue);
    else if ('doubleValue' in value) {
      total.doubles += Number(value.doubleValue);
      total.sawDouble = true;
    } else continue;
    total.count++;
  }
  return total;
}

function asDouble(total: Total): number {
  return Number(total.integers) + total.doubles;
}

function doubleValue(n: number): Value {
  if (Number.isNaN(n)) return { doubleValue: 'NaN' };
  if (!Number.isFinite(n)) return { doubleValue: n > 0 ? 'Infinity' : '-Infinity' };
  return { doubleValue: n };
}

/** An integer while every value is one and the sum fits 64 bits, else a double. */
function sum(docs: StoredDocument[], path: string[]): Value {
  const total = totalOf(docs, path);
  const fits = total.integers <= INT64_MAX && total.integers >= INT64_MIN;
  return !total.sawDouble && fits
    ? { integerValue: total.integers.toString() }
    : doubleValue(asDouble(total));
}

function average(docs: StoredDocument[], path: string[]): Value {
  const total = totalOf(docs, path);
  return total.count === 0 ? { nullValue: null } : doubleValue(asDouble(total) / total.count);
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
