import { FirestoreError, invalidArgument } from '../../values/errors';
import { formatFieldPath } from '../../values/fieldPaths';
import { arrayElements, isNaNValue, isNullValue } from '../../values/values';
import type { Filter, Order } from '../engine';
import { checkDisjunctionCount } from './disjunctions';

/**
 * The query shapes Google's Cloud Firestore emulator refuses although the SDK sends them, with
 * its codes and texts. Each follows from how Firestore answers a query from an index: document
 * names are unique and end every index entry, the built-in key index is ascending only, and an
 * index holds one array value per entry.
 */
export function checkQueryShape(where: Filter | null, orders: Order[], via: QueryChannel): void {
  // Filters first: Google's refuses two array-contains before it looks at the order.
  if (where !== null) {
    checkDisjunctionCount(where);
    checkArrayContainsPerDisjunction(where, via);
    checkKeyEquality(where);
  }
  checkNothingAfterKey(orders);
  checkKeyScanDirection(where, orders);
}

/** A Listen target, or a runQuery / runAggregationQuery request. */
export type QueryChannel = 'listen' | 'request';

/**
 * sum() and average() read their fields from an index after the query's own order; when the
 * query orders or filters on `__name__`, that order ends with the name and nothing may follow it.
 * `orders`: the query's order without the aggregated fields; `aggregated`: those fields.
 */
export function checkAggregatedFieldsBeforeKey(
  where: Filter | null,
  orders: Order[],
  keyOrderedExplicitly: boolean,
  aggregated: string[][],
): void {
  const keyFiltered = where !== null && leaves(where).some((f) => f.field === null);
  const ordered = new Set(orders.map((o) => (o.field === null ? '' : formatFieldPath(o.field))));
  const after = [...new Set(aggregated.map(formatFieldPath))].filter((f) => !ordered.has(f));
  if (after.length === 0 || !(keyOrderedExplicitly || keyFiltered)) return;
  throw invalidArgument(
    `This query requires an index that has fields [${after.join(', ')}] after __name__ and Firestore does not currently support such an index. Please try the query again with additional ordering on those fields.`,
  );
}

/** Leaf filters of a filter tree. */
function leaves(filter: Filter): Array<Exclude<Filter, { kind: 'composite' }>> {
  return filter.kind === 'composite' ? filter.filters.flatMap(leaves) : [filter];
}

/** The field filters' operators that are inequalities (production's index rules count them). */
export const INEQUALITY_OPERATORS: ReadonlySet<string> = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

/** Inequalities of field and unary filters alike, as Google's refusals of key equality count them. */
const INEQUALITIES = new Set([...INEQUALITY_OPERATORS, 'IS_NOT_NAN', 'IS_NOT_NULL']);

const RANGES = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
]);

/**
 * An inequality that Google's emulator does not count as one, since it matches no document
 * whatever the data (engine/query.ts): a range on null or NaN, `!= null` and `not-in` of nulls
 * alone (as field filters: the SDK sends `!= null` as the unary IS_NOT_NULL, an inequality).
 * Its field neither joins the implicit order nor stands beside a key equality: `__name__ == d1`
 * with `arr <= NaN` is answered (DIFF_SEED=4 episode 24, DIFF_SEED=1 episode 90), and so is
 * `a > NaN` ordered by `__name__` (DIFF_SEED=5 episode 34).
 */
export function inequalityOnNothing(filter: Exclude<Filter, { kind: 'composite' }>): boolean {
  if (filter.kind !== 'field') return false;
  if (RANGES.has(filter.op)) return isNullValue(filter.value) || isNaNValue(filter.value);
  if (filter.op === 'NOT_EQUAL') return isNullValue(filter.value);
  if (filter.op === 'NOT_IN') return arrayElements(filter.value).every(isNullValue);
  return false;
}

/** An order on a field after the order on `__name__` (explicit, or joined by an inequality). */
function checkNothingAfterKey(orders: Order[]): void {
  const key = orders.findIndex((o) => o.field === null);
  if (key !== -1 && key < orders.length - 1) {
    throw invalidArgument('order by clause cannot contain more fields after the key');
  }
}

/**
 * Ordered by `__name__` descending alone with no filter on a field, the query is a scan of the
 * key index, which runs ascending only. A filter on a field makes it a scan of a field index,
 * which may hold names in either direction.
 */
function checkKeyScanDirection(where: Filter | null, orders: Order[]): void {
  if (orders.length !== 1 || orders[0]!.field !== null || !orders[0]!.descending) return;
  if (where !== null && leaves(where).some((f) => f.field !== null)) return;
  throw FirestoreError.of('FAILED_PRECONDITION', 'Firestore does not support descending key scans');
}

/** `__name__ ==` / `in` beside an inequality on another field, unless `__name__` has one too. */
function checkKeyEquality(where: Filter): void {
  const all = leaves(where);
  const keyEquality = all.some((f) => f.field === null && (f.op === 'EQUAL' || f.op === 'IN'));
  if (!keyEquality) return;
  const inequalityOn = (key: boolean) =>
    all.some(
      (f) => (f.field === null) === key && INEQUALITIES.has(f.op) && !inequalityOnNothing(f),
    );
  if (inequalityOn(false) && !inequalityOn(true)) {
    throw invalidArgument(
      'Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
    );
  }
}

/**
 * At most one distinct array-contains / array-contains-any filter in each conjunction the query
 * expands to (the same filter twice is one).
 */
function checkArrayContainsPerDisjunction(where: Filter, via: QueryChannel): void {
  if (mostArrayContainsInAConjunction(where).size <= 1) return;
  throw via === 'listen'
    ? FirestoreError.of(
        'FAILED_PRECONDITION',
        'Only a single array-contains clause is allowed in a query',
      )
    : invalidArgument("A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction.");
}

/** The largest set of distinct array-contains filters one conjunction of the expansion holds. */
function mostArrayContainsInAConjunction(filter: Filter): Set<string> {
  if (filter.kind === 'unary') return new Set();
  if (filter.kind === 'field') {
    return filter.op === 'ARRAY_CONTAINS' || filter.op === 'ARRAY_CONTAINS_ANY'
      ? new Set([JSON.stringify(filter)])
      : new Set();
  }
  const parts = filter.filters.map(mostArrayContainsInAConjunction);
  if (filter.op === 'AND') return new Set(parts.flatMap((p) => [...p]));
  return parts.reduce((most, p) => (p.size > most.size ? p : most), new Set<string>());
}
