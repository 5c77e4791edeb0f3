import { getField } from '../../values/fieldPaths';
import type { StoredDocument, Value } from '../../values/types';
import {
  arrayContains,
  arrayElements,
  compareReferences,
  compareValues,
  equalityTester,
  indexKey,
  isArrayValue,
  isNaNValue,
  isNullValue,
  typeOrder,
} from '../../values/values';
import type { DocumentStore } from './store';
import type { CompiledQuery, Cursor, FieldRef, Filter, Order, QueryPlan } from './types';

/** Runs validated query plans (see protocol/query.ts for how the wire query becomes one). */

type Predicate = (doc: StoredDocument) => boolean;

function valueAt(doc: StoredDocument, field: FieldRef): Value | undefined {
  return field === null ? { referenceValue: doc.name } : getField(doc.fields, field);
}

function predicateOf(filter: Filter): Predicate {
  switch (filter.kind) {
    case 'composite': {
      const predicates = filter.filters.map(predicateOf);
      return filter.op === 'AND'
        ? (doc) => predicates.every((p) => p(doc))
        : (doc) => predicates.some((p) => p(doc));
    }
    case 'unary':
      return unaryPredicate(filter.field, filter.op);
    case 'field':
      return fieldPredicate(filter.field, filter.op, filter.value);
  }
}

function unaryPredicate(field: FieldRef, op: Extract<Filter, { kind: 'unary' }>['op']): Predicate {
  switch (op) {
    case 'IS_NAN':
      return (d) => {
        const v = valueAt(d, field);
        return v !== undefined && isNaNValue(v);
      };
    case 'IS_NULL':
      return (d) => {
        const v = valueAt(d, field);
        return v !== undefined && isNullValue(v);
      };
    case 'IS_NOT_NAN':
      // Like `!=`: the field must exist (and here be a non-NaN value).
      return (d) => {
        const v = valueAt(d, field);
        return v !== undefined && !isNullValue(v) && !isNaNValue(v);
      };
    case 'IS_NOT_NULL':
      return (d) => {
        const v = valueAt(d, field);
        return v !== undefined && !isNullValue(v);
      };
  }
}

/**
 * A null or NaN operand matches nothing in a field filter, as in Google's emulator: `==`, `in`,
 * ranges and array filters with one match no document (the SDK sends `== null` and `== NaN` as
 * the unary IS_NULL / IS_NAN filters, which do match). In `!=` and `not-in`, a null matches
 * nothing and a NaN excludes nothing.
 */
function equalsNothing(value: Value): boolean {
  return isNullValue(value) || isNaNValue(value);
}

const matchesNothing: Predicate = () => false;

function fieldPredicate(
  field: FieldRef,
  op: Extract<Filter, { kind: 'field' }>['op'],
  value: Value,
): Predicate {
  const get = (doc: StoredDocument) => valueAt(doc, field);
  const valueType = typeOrder(value);
  const compareTo = (doc: StoredDocument): number | undefined => {
    const v = get(doc);
    // Range comparisons only match values of the same type (ints and doubles are one type),
    // and never NaN: Google's emulator scans a number range from -Infinity up.
    if (v === undefined || typeOrder(v) !== valueType || isNaNValue(v)) return undefined;
    return compareValues(v, value);
  };
  const comparable = (values: Value[]) => values.filter((v) => !equalsNothing(v));
  switch (op) {
    case 'EQUAL': {
      if (equalsNothing(value)) return matchesNothing;
      const equals = equalityTester(value);
      return (d) => {
        const v = get(d);
        return v !== undefined && equals(v);
      };
    }
    case 'LESS_THAN':
      if (equalsNothing(value)) return matchesNothing;
      return (d) => (compareTo(d) ?? 0) < 0;
    case 'LESS_THAN_OR_EQUAL':
      if (equalsNothing(value)) return matchesNothing;
      return (d) => {
        const c = compareTo(d);
        return c !== undefined && c <= 0;
      };
    case 'GREATER_THAN':
      if (equalsNothing(value)) return matchesNothing;
      return (d) => (compareTo(d) ?? 0) > 0;
    case 'GREATER_THAN_OR_EQUAL':
      if (equalsNothing(value)) return matchesNothing;
      return (d) => {
        const c = compareTo(d);
        return c !== undefined && c >= 0;
      };
    case 'NOT_EQUAL':
      // As `not-in [value]` in Google's emulator: `!= null` matches nothing, `!= NaN` excludes
      // nothing (the SDK sends both as unary filters; a REST client may send them as these).
      return fieldPredicate(field, 'NOT_IN', { arrayValue: { values: [value] } });
    case 'IN': {
      const values = comparable(arrayElements(value));
      return (d) => {
        const v = get(d);
        return v !== undefined && arrayContains(values, v);
      };
    }
    case 'NOT_IN': {
      if (arrayElements(value).some((v) => isNullValue(v))) return matchesNothing;
      // A NaN in the list excludes nothing: Google's emulator keeps `b: NaN` for
      // `not-in [-0, NaN]` (the 20,000-operation differential run, DIFF_SEED=1 episode 38).
      const values = comparable(arrayElements(value));
      return (d) => {
        const v = get(d);
        return v !== undefined && !isNullValue(v) && !arrayContains(values, v);
      };
    }
    case 'ARRAY_CONTAINS': {
      if (equalsNothing(value)) return matchesNothing;
      const equals = equalityTester(value);
      return (d) => {
        const v = get(d);
        return v !== undefined && isArrayValue(v) && arrayElements(v).some(equals);
      };
    }
    case 'ARRAY_CONTAINS_ANY': {
      const values = comparable(arrayElements(value));
      return (d) => {
        const v = get(d);
        if (v === undefined || !isArrayValue(v)) return false;
        return arrayElements(v).some((e) => arrayContains(values, e));
      };
    }
  }
}

/** A compiled query; `run` reads the store given at compile time. */
export class Query implements CompiledQuery {
  readonly limit?: number;
  readonly limitToLast = false;
  readonly offset: number;
  readonly projection: string[][] | null;
  private readonly orders: Order[];
  private readonly predicate: Predicate;
  private readonly startAt: Cursor | null;
  private readonly endAt: Cursor | null;
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
    plan: QueryPlan,
  ) {
    this.database = plan.database;
    this.prefix = plan.parent;
    this.collectionId = plan.collectionId;
    this.allDescendants = plan.allDescendants;
    this.collectionPath = `${plan.parent}/${plan.collectionId}`;
    this.orders = plan.orderBy;
    this.startAt = plan.startAt;
    this.endAt = plan.endAt;
    this.offset = plan.offset;
    if (plan.limit !== undefined) this.limit = plan.limit;
    this.projection = plan.select;
    this.arrayHint = plan.where === null ? null : findArrayHint(plan.where);

    const orderPaths = this.orders.map((o) => o.field).filter((p): p is string[] => p !== null);
    const startAt = this.startAt;
    const endAt = this.endAt;
    const withBounds = (filter: Filter | null): Predicate => {
      const filterPredicate = filter === null ? null : predicateOf(filter);
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
    this.predicate = withBounds(plan.where);
    this.indexedPredicate =
      this.arrayHint === null ? this.predicate : withBounds(this.arrayHint.residual);
  }

  private compareToBound(doc: StoredDocument, bound: Cursor): number {
    for (let i = 0; i < bound.values.length; i++) {
      const order = this.orders[i]!;
      const v = valueAt(doc, order.field);
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
      if (order.field === null) {
        c = compareReferences(a.name, b.name);
      } else {
        const x = getField(a.fields, order.field);
        const y = getField(b.fields, order.field);
        if (x === undefined || y === undefined) c = x === y ? 0 : x === undefined ? -1 : 1;
        else c = compareValues(x, y);
      }
      if (c !== 0) return order.descending ? -c : c;
    }
    return 0;
  }

  private candidates(): Iterable<StoredDocument> {
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
  /** The filter without that condition: what candidates from the index must still meet. */
  residual: Filter | null;
}

/**
 * The top-level (or top-level AND) array-contains filter on a scalar, if any, which the store's
 * index answers exactly.
 */
function findArrayHint(where: Filter): ArrayHint | null {
  const hintOf = (filter: Filter): { path: string[]; value: Value } | null => {
    if (filter.kind !== 'field' || filter.op !== 'ARRAY_CONTAINS') return null;
    if (filter.field === null || equalsNothing(filter.value)) return null;
    if (indexKey(filter.value) === null) return null;
    return { path: filter.field, value: filter.value };
  };
  const direct = hintOf(where);
  if (direct !== null) return { ...direct, residual: null };
  if (where.kind !== 'composite' || where.op !== 'AND') return null;
  for (let i = 0; i < where.filters.length; i++) {
    const hint = hintOf(where.filters[i]!);
    if (hint === null) continue;
    const rest = where.filters.filter((_, j) => j !== i);
    const residual: Filter | null =
      rest.length === 0 ? null : { kind: 'composite', op: 'AND', filters: rest };
    return { ...hint, residual };
  }
  return null;
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
