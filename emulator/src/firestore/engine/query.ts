import { invalidArgument } from '../../values';
import { compareFieldPaths, formatFieldPath, getField, parseFieldPath, parseParent } from './paths';
import type { DocumentStore } from './store';
import type { CompiledQuery } from './types';
import type { StoredDocument, Value } from '../../values';
import {
  TypeOrder,
  arrayContains,
  arrayElements,
  compareReferences,
  compareValues,
  equalityTester,
  indexKey,
  isArrayValue,
  isNaNValue,
  isNullValue,
  normalizeValue,
  typeOrder,
} from '../../values';

/** Compiles wire `StructuredQuery` JSON into a validated, executable query. */

type Predicate = (doc: StoredDocument) => boolean;

interface Order {
  /** null = the document name (`__name__`). */
  path: string[] | null;
  descending: boolean;
}

interface Bound {
  values: Value[];
  before: boolean;
}

const NAME_FIELD = '__name__';

const INEQUALITY_OPS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

function fieldRef(raw: unknown, where: string): string[] | null {
  const path = isObject(raw) ? raw['fieldPath'] : undefined;
  if (typeof path !== 'string' || path === '') {
    throw invalidArgument(`Invalid query: ${where} needs a field path.`);
  }
  if (path === NAME_FIELD) return null;
  return parseFieldPath(path);
}

function valueAt(doc: StoredDocument, path: string[] | null): Value | undefined {
  return path === null ? { referenceValue: doc.name } : getField(doc.fields, path);
}

function readInt(raw: unknown, what: string): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  const n = isObject(raw) ? Number(raw['value'] ?? 0) : Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    throw invalidArgument(
      `Invalid query: ${what} must be a non-negative integer, got ${JSON.stringify(raw)}.`,
    );
  }
  return n;
}

function checkReference(value: Value, database: string, op: string): void {
  const ref = (value as { referenceValue?: string }).referenceValue;
  if (ref === undefined) {
    throw invalidArgument(
      `Invalid query: a filter or cursor on ${NAME_FIELD} with ${op} must use a document reference value.`,
    );
  }
  if (!ref.startsWith(database + '/documents/')) {
    throw invalidArgument(`Invalid query: reference "${ref}" is not in database ${database}.`);
  }
}

interface FilterInfo {
  predicate: Predicate;
  inequalityPaths: Array<string[] | null>;
}

function compileFilter(raw: unknown, database: string): FilterInfo {
  if (!isObject(raw)) throw invalidArgument('Invalid query: a filter must be an object.');
  if (raw['compositeFilter'] !== undefined)
    return compileComposite(raw['compositeFilter'], database);
  if (raw['fieldFilter'] !== undefined) return compileFieldFilter(raw['fieldFilter'], database);
  if (raw['unaryFilter'] !== undefined) return compileUnary(raw['unaryFilter']);
  throw invalidArgument(`Invalid query: unknown filter ${JSON.stringify(Object.keys(raw))}.`);
}

function compileComposite(raw: unknown, database: string): FilterInfo {
  if (!isObject(raw)) throw invalidArgument('Invalid query: compositeFilter must be an object.');
  const op = raw['op'];
  const filters = raw['filters'];
  if (op !== 'AND' && op !== 'OR') {
    throw invalidArgument(
      `Invalid query: unsupported composite filter operator ${JSON.stringify(op)}.`,
    );
  }
  if (!Array.isArray(filters) || filters.length === 0) {
    throw invalidArgument('Invalid query: a composite filter needs at least one filter.');
  }
  const parts = filters.map((f) => compileFilter(f, database));
  const predicates = parts.map((p) => p.predicate);
  const predicate: Predicate =
    op === 'AND'
      ? (doc) => predicates.every((p) => p(doc))
      : (doc) => predicates.some((p) => p(doc));
  return {
    predicate,
    inequalityPaths: parts.flatMap((p) => p.inequalityPaths),
  };
}

function compileUnary(raw: unknown): FilterInfo {
  if (!isObject(raw)) throw invalidArgument('Invalid query: unaryFilter must be an object.');
  const path = fieldRef(raw['field'], 'a unary filter');
  const op = raw['op'];
  const get = (doc: StoredDocument) => valueAt(doc, path);
  switch (op) {
    case 'IS_NAN':
      return { predicate: (d) => isNaNOf(get(d)), inequalityPaths: [] };
    case 'IS_NULL':
      return { predicate: (d) => isNullOf(get(d)), inequalityPaths: [] };
    case 'IS_NOT_NAN': {
      // Like `!=`: the field must exist (and here be a non-NaN value).
      const predicate: Predicate = (d) => {
        const v = get(d);
        return v !== undefined && !isNullValue(v) && !isNaNValue(v);
      };
      return { predicate, inequalityPaths: [path] };
    }
    case 'IS_NOT_NULL': {
      const predicate: Predicate = (d) => {
        const v = get(d);
        return v !== undefined && !isNullValue(v);
      };
      return { predicate, inequalityPaths: [path] };
    }
    default:
      throw invalidArgument(
        `Invalid query: unsupported unary filter operator ${JSON.stringify(op)}.`,
      );
  }
}

function isNaNOf(v: Value | undefined): boolean {
  return v !== undefined && isNaNValue(v);
}

function isNullOf(v: Value | undefined): boolean {
  return v !== undefined && isNullValue(v);
}

function arrayOperand(value: Value, op: string): Value[] {
  if (!isArrayValue(value)) {
    throw invalidArgument(`Invalid query: '${op}' requires an array value.`);
  }
  const values = arrayElements(value);
  if (values.length === 0) {
    throw invalidArgument(`Invalid query: '${op}' requires a non-empty array value.`);
  }
  if (values.length > 30) {
    throw invalidArgument(`Invalid query: '${op}' supports up to 30 comparison values.`);
  }
  return values;
}

function compileFieldFilter(raw: unknown, database: string): FilterInfo {
  if (!isObject(raw)) throw invalidArgument('Invalid query: fieldFilter must be an object.');
  const path = fieldRef(raw['field'], 'a field filter');
  const op = String(raw['op']);
  if (raw['value'] === undefined)
    throw invalidArgument('Invalid query: a field filter needs a value.');
  const value = normalizeValue(raw['value']);
  const get = (doc: StoredDocument) => valueAt(doc, path);
  const inequalityPaths = INEQUALITY_OPS.has(op) ? [path] : [];
  const valueType = typeOrder(value);

  if (path === null) {
    if (op === 'IN' || op === 'NOT_IN') {
      arrayOperand(value, op).forEach((v) => checkReference(v, database, op));
    } else if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') {
      throw invalidArgument(`Invalid query: '${op}' cannot be used on ${NAME_FIELD}.`);
    } else {
      checkReference(value, database, op);
    }
  }

  const compareTo = (doc: StoredDocument): number | undefined => {
    const v = get(doc);
    // Range comparisons only match values of the same type (ints and doubles are one type).
    if (v === undefined || typeOrder(v) !== valueType) return undefined;
    return compareValues(v, value);
  };

  let predicate: Predicate;
  switch (op) {
    case 'EQUAL': {
      const equals = equalityTester(value);
      predicate = (d) => {
        const v = get(d);
        return v !== undefined && equals(v);
      };
      break;
    }
    case 'LESS_THAN':
      predicate = (d) => (compareTo(d) ?? 0) < 0;
      break;
    case 'LESS_THAN_OR_EQUAL':
      predicate = (d) => {
        const c = compareTo(d);
        return c !== undefined && c <= 0;
      };
      break;
    case 'GREATER_THAN':
      predicate = (d) => (compareTo(d) ?? 0) > 0;
      break;
    case 'GREATER_THAN_OR_EQUAL':
      predicate = (d) => {
        const c = compareTo(d);
        return c !== undefined && c >= 0;
      };
      break;
    case 'NOT_EQUAL':
      // Types need not match; documents lacking the field or holding null never match.
      predicate = (d) => {
        const v = get(d);
        return v !== undefined && !isNullValue(v) && compareValues(v, value) !== 0;
      };
      break;
    case 'IN': {
      const values = arrayOperand(value, op);
      predicate = (d) => {
        const v = get(d);
        return v !== undefined && arrayContains(values, v);
      };
      break;
    }
    case 'NOT_IN': {
      const values = arrayOperand(value, op);
      const excludesNull = values.some((v) => isNullValue(v));
      predicate = (d) => {
        if (excludesNull) return false;
        const v = get(d);
        return v !== undefined && !isNullValue(v) && !arrayContains(values, v);
      };
      break;
    }
    case 'ARRAY_CONTAINS': {
      const equals = equalityTester(value);
      predicate = (d) => {
        const v = get(d);
        return v !== undefined && isArrayValue(v) && arrayElements(v).some(equals);
      };
      break;
    }
    case 'ARRAY_CONTAINS_ANY': {
      const values = arrayOperand(value, op);
      predicate = (d) => {
        const v = get(d);
        if (v === undefined || !isArrayValue(v)) return false;
        return arrayElements(v).some((e) => arrayContains(values, e));
      };
      break;
    }
    default:
      throw invalidArgument(
        `Invalid query: unsupported field filter operator ${JSON.stringify(op)}.`,
      );
  }
  if (valueType === TypeOrder.Null && op !== 'EQUAL' && op !== 'NOT_EQUAL') {
    throw invalidArgument(`Invalid query: null only supports 'EQUAL' and 'NOT_EQUAL' comparisons.`);
  }
  if (isNaNValue(value) && op !== 'EQUAL' && op !== 'NOT_EQUAL') {
    throw invalidArgument(`Invalid query: NaN only supports 'EQUAL' and 'NOT_EQUAL' comparisons.`);
  }
  return { predicate, inequalityPaths };
}

function compileOrders(raw: unknown, inequalityPaths: Array<string[] | null>): Order[] {
  if (raw !== undefined && !Array.isArray(raw))
    throw invalidArgument('Invalid query: orderBy must be a list.');
  const orders: Order[] = [];
  const seen = new Set<string>();
  for (const entry of (raw as unknown[] | undefined) ?? []) {
    if (!isObject(entry))
      throw invalidArgument('Invalid query: an orderBy entry must be an object.');
    const path = fieldRef(entry['field'], 'orderBy');
    const direction = entry['direction'] ?? 'ASCENDING';
    if (direction !== 'ASCENDING' && direction !== 'DESCENDING') {
      throw invalidArgument(`Invalid query: unknown order direction ${JSON.stringify(direction)}.`);
    }
    const key = path === null ? NAME_FIELD : formatFieldPath(path);
    if (seen.has(key)) continue;
    seen.add(key);
    orders.push({ path, descending: direction === 'DESCENDING' });
  }
  // Firestore's implicit order: inequality fields (lexicographically) then __name__, in the
  // direction of the last explicit order.
  const lastDescending = orders.length > 0 ? orders[orders.length - 1]!.descending : false;
  const implicit = inequalityPaths
    .filter((p): p is string[] => p !== null)
    .filter((p) => !seen.has(formatFieldPath(p)))
    .sort(compareFieldPaths);
  for (const path of implicit) {
    const key = formatFieldPath(path);
    if (seen.has(key)) continue;
    seen.add(key);
    orders.push({ path, descending: lastDescending });
  }
  if (!seen.has(NAME_FIELD)) orders.push({ path: null, descending: lastDescending });
  return orders;
}

function compileBound(raw: unknown, orders: Order[], database: string, what: string): Bound | null {
  if (raw === undefined || raw === null) return null;
  const rawValues = isObject(raw) ? (raw['values'] ?? []) : undefined;
  if (!isObject(raw) || !Array.isArray(rawValues)) {
    throw invalidArgument(`Invalid query: ${what} must have a list of values.`);
  }
  const values = rawValues.map((v) => normalizeValue(v));
  if (values.length > orders.length) {
    throw invalidArgument(
      `Invalid query: ${what} has ${values.length} values but the query has only ${orders.length} orderings.`,
    );
  }
  values.forEach((v, i) => {
    if (orders[i]!.path === null) checkReference(v, database, what);
  });
  return { values, before: raw['before'] === true };
}

/** A compiled query; `run` reads the store given at compile time. */
export class Query implements CompiledQuery {
  readonly limit?: number;
  readonly limitToLast = false;
  readonly offset: number;
  readonly projection: string[][] | null;
  private readonly orders: Order[];
  private readonly predicate: Predicate;
  private readonly startAt: Bound | null;
  private readonly endAt: Bound | null;
  private readonly collectionId: string;
  private readonly allDescendants: boolean;
  private readonly prefix: string;
  private readonly database: string;
  private readonly collectionPath: string;
  /** An array-contains condition every result must meet, answerable from an index. */
  private readonly arrayHint: ArrayHint | null;
  /** `predicate` minus the hinted array-contains filter, for documents taken from the index. */
  private readonly indexedPredicate: Predicate;

  constructor(
    private readonly store: DocumentStore,
    parent: unknown,
    structuredQuery: unknown,
  ) {
    const { database, prefix } = parseParent(parent);
    this.database = database;
    this.prefix = prefix;
    if (!isObject(structuredQuery))
      throw invalidArgument('Invalid query: structuredQuery must be an object.');
    const q = structuredQuery;
    const known = new Set([
      'select',
      'from',
      'where',
      'orderBy',
      'startAt',
      'endAt',
      'offset',
      'limit',
    ]);
    for (const key of Object.keys(q)) {
      if (!known.has(key)) throw invalidArgument(`Invalid query: unsupported field "${key}".`);
    }
    const from = q['from'];
    if (!Array.isArray(from) || from.length !== 1 || !isObject(from[0])) {
      throw invalidArgument('Invalid query: exactly one collection selector (from) is required.');
    }
    const selector = from[0];
    const collectionId = selector['collectionId'];
    if (typeof collectionId !== 'string' || collectionId === '' || collectionId.includes('/')) {
      throw invalidArgument('Invalid query: the collection selector needs a collectionId.');
    }
    this.collectionId = collectionId;
    this.allDescendants = selector['allDescendants'] === true;
    this.collectionPath = `${prefix}/${collectionId}`;

    const filter = q['where'] === undefined ? null : compileFilter(q['where'], database);
    this.arrayHint = findArrayHint(q['where']);
    this.orders = compileOrders(q['orderBy'], filter?.inequalityPaths ?? []);
    const orderPaths = this.orders.map((o) => o.path).filter((p): p is string[] => p !== null);
    this.startAt = compileBound(q['startAt'], this.orders, database, 'startAt');
    this.endAt = compileBound(q['endAt'], this.orders, database, 'endAt');
    const startAt = this.startAt;
    const endAt = this.endAt;
    const withBounds = (filterPredicate: Predicate | null): Predicate => {
      return (doc) => {
        // Documents missing an ordered field are not in the result (as in Firestore).
        for (const p of orderPaths) if (getField(doc.fields, p) === undefined) return false;
        if (filterPredicate !== null && !filterPredicate(doc)) return false;
        if (startAt !== null) {
          const c = this.compareToBound(doc, startAt);
          if (c < 0 || (c === 0 && !startAt.before)) return false;
        }
        if (endAt !== null) {
          const c = this.compareToBound(doc, endAt);
          if (c > 0 || (c === 0 && endAt.before)) return false;
        }
        return true;
      };
    };
    this.predicate = withBounds(filter?.predicate ?? null);
    const residual = this.arrayHint?.residualWhere;
    this.indexedPredicate =
      this.arrayHint === null
        ? this.predicate
        : withBounds(residual === undefined ? null : compileFilter(residual, database).predicate);
    this.offset = readInt(q['offset'], 'offset') ?? 0;
    const limit = readInt(q['limit'], 'limit');
    if (limit !== undefined) this.limit = limit;
    this.projection = compileProjection(q['select']);
  }

  private compareToBound(doc: StoredDocument, bound: Bound): number {
    for (let i = 0; i < bound.values.length; i++) {
      const order = this.orders[i]!;
      const v = valueAt(doc, order.path);
      if (v === undefined) return -1;
      const c = compareValues(v, bound.values[i]!);
      if (c !== 0) return order.descending ? -c : c;
    }
    return 0;
  }

  /** Whether the document belongs to this query's collection(s). */
  inScope(doc: StoredDocument): boolean {
    const name = doc.name;
    if (!this.allDescendants) {
      // Directly in prefix/collectionId: the rest after that path is a single id.
      const collectionPath = this.collectionPath;
      return (
        name.length > collectionPath.length + 1 &&
        name.charCodeAt(collectionPath.length) === 47 &&
        name.startsWith(collectionPath) &&
        name.indexOf('/', collectionPath.length + 1) === -1
      );
    }
    if (!name.startsWith(this.prefix + '/')) return false;
    const slash = name.lastIndexOf('/');
    const before = name.lastIndexOf('/', slash - 1);
    return name.slice(before + 1, slash) === this.collectionId;
  }

  matches(doc: StoredDocument): boolean {
    return this.inScope(doc) && this.predicate(doc);
  }

  compare(a: StoredDocument, b: StoredDocument): number {
    for (const order of this.orders) {
      let c: number;
      if (order.path === null) {
        c = compareReferences(a.name, b.name);
      } else {
        const x = getField(a.fields, order.path);
        const y = getField(b.fields, order.path);
        if (x === undefined || y === undefined) c = x === y ? 0 : x === undefined ? -1 : 1;
        else c = compareValues(x, y);
      }
      if (c !== 0) return order.descending ? -c : c;
    }
    return 0;
  }

  private candidates(): Iterable<StoredDocument> {
    if (this.arrayHint !== null) {
      const { path, value } = this.arrayHint;
      const docs = this.store.arrayContainsCandidates(
        this.database,
        this.collectionId,
        path,
        value,
      );
      if (docs !== null) return docs;
    }
    if (this.allDescendants) return this.store.group(this.database, this.collectionId);
    return this.store.collection(this.collectionPath);
  }

  /** All matching documents in order, before offset and limit. */
  private matching(): StoredDocument[] {
    const out: StoredDocument[] = [];
    if (this.arrayHint !== null) {
      // The index answers the array-contains filter exactly but spans the collection group.
      const { path, value } = this.arrayHint;
      const docs = this.store.arrayContainsCandidates(
        this.database,
        this.collectionId,
        path,
        value,
      );
      for (const doc of docs) if (this.inScope(doc) && this.indexedPredicate(doc)) out.push(doc);
      return out;
    }
    const checkScope = this.prefix !== `${this.database}/documents`;
    for (const doc of this.candidates()) {
      if (checkScope && !this.inScope(doc)) continue;
      if (this.predicate(doc)) out.push(doc);
    }
    return out;
  }

  run(): StoredDocument[] {
    const docs = this.matching();
    const wanted = this.limit === undefined ? Infinity : this.offset + this.limit;
    const cmp = (a: StoredDocument, b: StoredDocument) => this.compare(a, b);
    const top =
      wanted < 64 && docs.length > wanted * 4 ? smallest(docs, wanted, cmp) : docs.sort(cmp);
    return top.slice(this.offset, wanted === Infinity ? undefined : wanted);
  }

  count(upTo?: number): number {
    let n = Math.max(0, this.matching().length - this.offset);
    if (this.limit !== undefined) n = Math.min(n, this.limit);
    if (upTo !== undefined) n = Math.min(n, upTo);
    return n;
  }

  /** Applies `select` (if any) to a result document. */
  project(doc: StoredDocument): StoredDocument {
    if (this.projection === null) return doc;
    const fields: StoredDocument['fields'] = {};
    for (const path of this.projection) {
      const v = getField(doc.fields, path);
      if (v === undefined) continue;
      let target = fields;
      for (let i = 0; i < path.length - 1; i++) {
        const existing = target[path[i]!] as
          { mapValue?: { fields: StoredDocument['fields'] } } | undefined;
        if (existing?.mapValue) target = existing.mapValue.fields;
        else {
          const created: StoredDocument['fields'] = {};
          target[path[i]!] = { mapValue: { fields: created } };
          target = created;
        }
      }
      target[path[path.length - 1]!] = v;
    }
    return { ...doc, fields };
  }
}

interface ArrayHint {
  path: string[];
  value: Value;
  /** The `where` without that filter: what candidates from the index must still meet. */
  residualWhere: unknown;
}

/**
 * The top-level (or top-level AND) array-contains filter on a scalar, if any, which the store's
 * index answers exactly. Input already validated.
 */
function findArrayHint(where: unknown): ArrayHint | null {
  if (!isObject(where)) return null;
  const hintOf = (wrapper: unknown): { path: string[]; value: Value } | null => {
    const filter = isObject(wrapper) ? wrapper['fieldFilter'] : undefined;
    if (!isObject(filter) || filter['op'] !== 'ARRAY_CONTAINS') return null;
    const path = fieldRef(filter['field'], 'a field filter');
    const value = normalizeValue(filter['value']);
    return path === null || indexKey(value) === null ? null : { path, value };
  };
  const direct = hintOf(where);
  if (direct !== null) return { ...direct, residualWhere: undefined };
  const composite = where['compositeFilter'];
  if (!isObject(composite) || composite['op'] !== 'AND' || !Array.isArray(composite['filters'])) {
    return null;
  }
  const filters = composite['filters'] as unknown[];
  for (let i = 0; i < filters.length; i++) {
    const hint = hintOf(filters[i]);
    if (hint === null) continue;
    const rest = filters.filter((_, j) => j !== i);
    const residualWhere =
      rest.length === 0 ? undefined : { compositeFilter: { op: 'AND', filters: rest } };
    return { ...hint, residualWhere };
  }
  return null;
}

function compileProjection(raw: unknown): string[][] | null {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) throw invalidArgument('Invalid query: select must be an object.');
  const fields = raw['fields'];
  if (fields === undefined) return [];
  if (!Array.isArray(fields)) throw invalidArgument('Invalid query: select.fields must be a list.');
  return fields.map((f) => fieldRef(f, 'select')).filter((p): p is string[] => p !== null);
}

/** The k smallest items in order, by insertion into a short sorted list. */
function smallest<T>(items: T[], k: number, cmp: (a: T, b: T) => number): T[] {
  const top: T[] = [];
  if (k === 0) return top;
  for (const item of items) {
    if (top.length === k && cmp(item, top[k - 1]!) >= 0) continue;
    let i = top.length;
    while (i > 0 && cmp(item, top[i - 1]!) < 0) i--;
    top.splice(i, 0, item);
    if (top.length > k) top.pop();
  }
  return top;
}
