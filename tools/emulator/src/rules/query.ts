import { parseFieldPath } from '../values/fieldPaths';
import type { Value as WireValue } from '../values/types';
import { NULL, float, fromWire, int, list, pathFromName, str, type RValue } from './values';

/** What rules can know about a list query before looking at any document. */
export interface QuerySketch {
  /** A document name inside the queried collection, used to find the applicable match blocks. */
  exampleName: string;
  /** `resource` as the query constrains it: fields fixed by equality / array-contains filters only. */
  resource: RValue;
  /** `request.query`: limit (null when absent), offset, orderBy (field path to 'ASC' | 'DESC'). */
  requestQuery: RValue;
}

/** Stands for "any document id" when matching the query's collection against match blocks. */
export const QUERY_PLACEHOLDER_ID = '__query_document__';

interface FieldFilter {
  field?: { fieldPath?: string };
  op?: string;
  value?: WireValue;
}
interface Filter {
  fieldFilter?: FieldFilter;
  unaryFilter?: { op?: string; field?: { fieldPath?: string } };
  compositeFilter?: { op?: string; filters?: Filter[] };
}
interface StructuredQuery {
  from?: Array<{ collectionId?: string; allDescendants?: boolean }>;
  where?: Filter;
  orderBy?: Array<{ field?: { fieldPath?: string }; direction?: string }>;
  limit?: number | { value?: number };
  offset?: number;
}

function setPath(root: Map<string, RValue>, path: string[], value: RValue): void {
  let node = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node.set(key, value);
      return;
    }
    let child = node.get(key);
    if (!child || child.k !== 'map') {
      child = { k: 'map', v: new Map() };
      node.set(key, child);
    }
    node = child.v;
  });
}

function collectConstraints(
  filter: Filter | undefined,
  data: Map<string, RValue>,
  meta: Map<string, RValue>,
): void {
  if (!filter) return;
  if (filter.compositeFilter) {
    if (filter.compositeFilter.op === 'AND') {
      for (const f of filter.compositeFilter.filters ?? []) collectConstraints(f, data, meta);
    }
    return;
  }
  const f = filter.fieldFilter;
  if (f?.field?.fieldPath && f.value) {
    if (f.field.fieldPath === '__name__') {
      if (f.op === 'EQUAL' && 'referenceValue' in f.value) {
        const path = pathFromName(f.value.referenceValue) as { segments: string[] };
        meta.set('__name__', { k: 'path', segments: path.segments });
        meta.set('id', str(path.segments[path.segments.length - 1] ?? ''));
      }
      return;
    }
    const path = parseFieldPath(f.field.fieldPath);
    if (f.op === 'EQUAL') setPath(data, path, fromWire(f.value));
    else if (f.op === 'ARRAY_CONTAINS') setPath(data, path, list([fromWire(f.value)]));
    return;
  }
  const u = filter.unaryFilter;
  if (u?.field?.fieldPath) {
    const path = parseFieldPath(u.field.fieldPath);
    if (u.op === 'IS_NULL') setPath(data, path, NULL);
    else if (u.op === 'IS_NAN') setPath(data, path, float(NaN));
  }
}

/**
 * Accepts `{ parent, structuredQuery }` (preferred) or a bare structuredQuery. Without a parent,
 * the parent of the first returned document is used, else the database root.
 */
export function querySketch(database: string, query: unknown, firstResult?: string): QuerySketch {
  const q = (query ?? {}) as {
    parent?: string;
    structuredQuery?: StructuredQuery;
  } & StructuredQuery;
  const structured: StructuredQuery = q.structuredQuery ?? q;
  const parent =
    q.parent ??
    (firstResult ? firstResult.split('/').slice(0, -2).join('/') : `${database}/documents`);
  const collection = structured.from?.[0]?.collectionId ?? QUERY_PLACEHOLDER_ID;
  const data = new Map<string, RValue>();
  const meta = new Map<string, RValue>();
  collectConstraints(structured.where, data, meta);
  const limitRaw =
    typeof structured.limit === 'object' ? structured.limit?.value : structured.limit;
  const orderBy = new Map<string, RValue>();
  for (const o of structured.orderBy ?? []) {
    if (o.field?.fieldPath)
      orderBy.set(o.field.fieldPath, str(o.direction === 'DESCENDING' ? 'DESC' : 'ASC'));
  }
  return {
    exampleName: `${parent}/${collection}/${QUERY_PLACEHOLDER_ID}`,
    resource: { k: 'map', v: new Map<string, RValue>([['data', { k: 'map', v: data }], ...meta]) },
    requestQuery: {
      k: 'map',
      v: new Map<string, RValue>([
        ['limit', limitRaw === undefined ? NULL : int(Number(limitRaw))],
        ['offset', int(Number(structured.offset ?? 0))],
        ['orderBy', { k: 'map', v: orderBy }],
      ]),
    },
  };
}
