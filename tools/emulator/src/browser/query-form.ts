import type { Value } from '../values/types';
import { parseTypedValue } from './typed-values';

/**
 * A collection page's filter and sort, as its form sends them (`field`, `op`, `type`, `value`,
 * `order`, `dir`, `start`), and the wire `StructuredQuery` that shows them. The query is run by
 * the engine as any client's, so the filter means what it means in Firestore: documents without
 * the filtered or sorted field are not listed.
 */

/** The operators offered, as the SDK writes them, with their wire names. */
export const FILTER_OPERATORS = [
  ['==', 'EQUAL'],
  ['!=', 'NOT_EQUAL'],
  ['<', 'LESS_THAN'],
  ['<=', 'LESS_THAN_OR_EQUAL'],
  ['>', 'GREATER_THAN'],
  ['>=', 'GREATER_THAN_OR_EQUAL'],
  ['array-contains', 'ARRAY_CONTAINS'],
  ['in', 'IN'],
  ['not-in', 'NOT_IN'],
  ['array-contains-any', 'ARRAY_CONTAINS_ANY'],
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number][0];

/** What a collection page shows: its filter (if `field` is set), its order, where the page starts. */
export interface CollectionView {
  field: string;
  op: string;
  type: string;
  value: string;
  order: string;
  dir: 'asc' | 'desc';
  start: number;
}

export function collectionViewOf(params: URLSearchParams): CollectionView {
  const start = Math.floor(Number(params.get('start') ?? 0));
  return {
    field: (params.get('field') ?? '').trim(),
    op: params.get('op') ?? '==',
    type: params.get('type') ?? 'string',
    value: params.get('value') ?? '',
    order: (params.get('order') ?? '').trim(),
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    start: Number.isFinite(start) && start > 0 ? start : 0,
  };
}

/** The view's query parameters (for links to other pages of the same view). */
export function viewParams(view: CollectionView): Record<string, string | undefined> {
  return {
    field: view.field || undefined,
    op: view.field ? view.op : undefined,
    type: view.field ? view.type : undefined,
    value: view.field ? view.value : undefined,
    order: view.order || undefined,
    dir: view.order ? view.dir : undefined,
  };
}

export function isPlainListing(view: CollectionView): boolean {
  return view.field === '' && view.order === '';
}

const LIST_OPERATORS = new Set(['in', 'not-in', 'array-contains-any']);

function isNaNValue(value: Value): boolean {
  return 'doubleValue' in value && (value.doubleValue === 'NaN' || Number.isNaN(value.doubleValue));
}

/** The filter as the SDK sends it: `== null` and `== NaN` (and `!=`) are unary filters. */
function whereOf(view: CollectionView, database: string): { where: unknown } | { error: string } {
  const operator = FILTER_OPERATORS.find(([symbol]) => symbol === view.op);
  if (!operator) return { error: `Unknown operator ${JSON.stringify(view.op)}.` };
  if (LIST_OPERATORS.has(view.op) && view.type !== 'array') {
    return { error: `${view.op} compares with a list: choose the type array.` };
  }
  const parsed = parseTypedValue(view.type, view.value, database);
  if ('error' in parsed) return { error: `Filter value: ${parsed.error}` };
  const field = { fieldPath: view.field };
  const value = parsed.value;
  if ((view.op === '==' || view.op === '!=') && ('nullValue' in value || isNaNValue(value))) {
    const kind = 'nullValue' in value ? 'NULL' : 'NAN';
    const op = view.op === '==' ? `IS_${kind}` : `IS_NOT_${kind}`;
    return { where: { unaryFilter: { field, op } } };
  }
  return { where: { fieldFilter: { field, op: operator[1], value } } };
}

/**
 * The query of a filtered or sorted view, one page of `pageSize` plus one (to know whether a
 * next page exists); null for the plain listing.
 */
export function structuredQueryOf(
  view: CollectionView,
  collectionId: string,
  database: string,
  pageSize: number,
): { query: Record<string, unknown> } | { error: string } | null {
  if (isPlainListing(view)) return null;
  const query: Record<string, unknown> = {
    from: [{ collectionId }],
    offset: view.start,
    limit: pageSize + 1,
  };
  if (view.field !== '') {
    const where = whereOf(view, database);
    if ('error' in where) return where;
    query['where'] = where.where;
  }
  if (view.order !== '') {
    query['orderBy'] = [
      {
        field: { fieldPath: view.order },
        direction: view.dir === 'desc' ? 'DESCENDING' : 'ASCENDING',
      },
    ];
  }
  return { query };
}
