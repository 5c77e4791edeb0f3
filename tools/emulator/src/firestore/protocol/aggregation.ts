import { invalidArgument } from '../../values/errors';
import { parseFieldPath } from '../../values/fieldPaths';
import type { Aggregation, QueryPlan } from '../engine';
import { isObject } from './json';
import { compileQuery } from './query';

/** Compiles a wire `StructuredAggregationQuery` into a query plan and its aggregations. */
export function compileAggregationQuery(
  parent: string,
  structuredAggregationQuery: unknown,
): { query: QueryPlan; aggregations: Aggregation[] } {
  const saq = structuredAggregationQuery;
  if (!isObject(saq) || saq['structuredQuery'] === undefined) {
    throw invalidArgument('Invalid aggregation query: missing structuredQuery.');
  }
  const aggregations = saq['aggregations'];
  if (!Array.isArray(aggregations) || aggregations.length === 0 || aggregations.length > 5) {
    throw invalidArgument('Invalid aggregation query: needs between 1 and 5 aggregations.');
  }
  const compiled = aggregations.map(compileAggregation);
  // sum() and average() take their documents in the order of their fields, which join the
  // implicit order after the inequality fields; a limit then counts in that order.
  const fields = compiled.flatMap((a) => (a.kind === 'count' ? [] : [a.field]));
  const query = compileQuery(parent, saq['structuredQuery'], {
    orderedAlso: fields,
    via: 'request',
  });
  return { query, aggregations: compiled };
}

function compileAggregation(raw: unknown, index: number): Aggregation {
  const spec = isObject(raw) ? raw : {};
  const alias =
    typeof spec['alias'] === 'string' && spec['alias'] ? spec['alias'] : `field_${index + 1}`;
  if (spec['count'] !== undefined) {
    const upToRaw = isObject(spec['count']) ? spec['count']['upTo'] : undefined;
    if (upToRaw === undefined) return { alias, kind: 'count' };
    const upTo = Number(isObject(upToRaw) ? upToRaw['value'] : upToRaw);
    if (!Number.isInteger(upTo) || upTo < 0) {
      throw invalidArgument(
        'Invalid aggregation query: count.upTo must be a non-negative integer.',
      );
    }
    return { alias, kind: 'count', upTo };
  }
  for (const kind of ['sum', 'avg'] as const) {
    if (spec[kind] !== undefined) return { alias, kind, field: fieldOf(spec[kind]) };
  }
  throw invalidArgument('Invalid aggregation query: unknown aggregation operator.');
}

function fieldOf(spec: unknown): string[] {
  const field = isObject(spec) ? spec['field'] : undefined;
  const path = isObject(field) ? field['fieldPath'] : undefined;
  if (typeof path !== 'string' || path === '') throw invalidArgument('Aggregation needs a field.');
  return parseFieldPath(path);
}
