import { invalidArgument } from '../../values/errors';
import { arrayElements } from '../../values/values';
import type { Filter } from '../engine';

/** Production's limit on a query's disjunctive normal form (the docs' "Query limitations"). */
export const MAX_DISJUNCTIONS = 30;

/**
 * Refuses a filter whose disjunctive normal form has more than 30 terms, with Google's emulator's
 * text. Counted as Google's counts (measured): `in` and `array-contains-any` expand into one term
 * per distinct element (1 and 1.0 are distinct), an OR adds its terms, an AND multiplies them, and
 * terms holding the same filters are one (`a in [0..5] and a in [3..8]` is 33 terms, not 36); no
 * term absorbs another.
 */
export function checkDisjunctionCount(where: Filter): void {
  const count = disjunctionCount(where);
  if (count <= MAX_DISJUNCTIONS) return;
  throw invalidArgument(
    `Too many disjunctions after normalization. Result had ${count} disjunctions which is more than the maximum of ${MAX_DISJUNCTIONS}`,
  );
}

/**
 * Past this many terms, or this many characters of terms joined, while expanding, the count is
 * the product and sum of the parts' counts without merging equal terms: a hostile filter cannot
 * make the expansion itself expensive, and a query that large is refused either way.
 */
const EXPANSION_LIMIT = 4096;
const EXPANSION_BUDGET = 1_000_000;

function disjunctionCount(where: Filter): number {
  const bound = upperBound(where);
  if (bound <= MAX_DISJUNCTIONS) return bound;
  const terms = expand(where, { left: EXPANSION_BUDGET });
  return terms === null ? bound : terms.size;
}

/** A term: the keys of its distinct leaf filters, sorted, joined (its own key in the set). */
type Terms = Set<string>;

function expand(filter: Filter, budget: { left: number }): Terms | null {
  if (filter.kind !== 'composite') return new Set(leafAlternatives(filter));
  const parts: Terms[] = [];
  for (const f of filter.filters) {
    const part = expand(f, budget);
    if (part === null) return null;
    parts.push(part);
  }
  if (filter.op === 'OR') {
    const union = new Set(parts.flatMap((p) => [...p]));
    return union.size > EXPANSION_LIMIT ? null : union;
  }
  let product: Terms = new Set(['']);
  for (const part of parts) {
    const next: Terms = new Set();
    for (const left of product) {
      for (const right of part) {
        budget.left -= left.length + right.length;
        next.add(joinTerms(left, right));
        if (next.size > EXPANSION_LIMIT || budget.left < 0) return null;
      }
    }
    product = next;
  }
  return product;
}

const SEPARATOR = '\u0000';

function joinTerms(left: string, right: string): string {
  const leaves = new Set([...left.split(SEPARATOR), ...right.split(SEPARATOR)].filter(Boolean));
  return [...leaves].sort().join(SEPARATOR);
}

/** The leaf filters one leaf stands for: one per distinct element of an `in` list. */
function leafAlternatives(filter: Exclude<Filter, { kind: 'composite' }>): string[] {
  if (filter.kind === 'field' && (filter.op === 'IN' || filter.op === 'ARRAY_CONTAINS_ANY')) {
    const op = filter.op === 'IN' ? 'EQUAL' : 'ARRAY_CONTAINS';
    return [
      ...new Set(arrayElements(filter.value).map((v) => JSON.stringify([filter.field, op, v]))),
    ];
  }
  return [JSON.stringify([filter.field, filter.op, filter.kind === 'field' ? filter.value : null])];
}

function upperBound(filter: Filter): number {
  if (filter.kind !== 'composite') return leafAlternatives(filter).length;
  const counts = filter.filters.map(upperBound);
  return filter.op === 'OR' ? counts.reduce((a, b) => a + b, 0) : counts.reduce((a, b) => a * b, 1);
}
