import {
  compositeOperatorName,
  directionName,
  fieldOperatorName,
  unaryOperatorName,
} from './enums';
import { invalidArgument } from '../../values/errors';
import { compareFieldPaths, formatFieldPath, parseFieldPath } from '../../values/fieldPaths';
import type { Value } from '../../values/types';
import { arrayElements, isArrayValue, normalizeValue } from '../../values/values';
import {
  parseParent,
  type Cursor,
  type FieldOperator,
  type FieldRef,
  type Filter,
  type Order,
  type QueryPlan,
} from '../engine';
import { isObject } from './json';
import {
  checkAggregatedFieldsBeforeKey,
  checkQueryShape,
  inequalityOnNothing,
  INEQUALITY_OPERATORS,
  type QueryChannel,
} from './queryShape';

export interface CompileOptions {
  /**
   * Fields that join the implicit order after the inequality fields (lexicographically, in the
   * same direction), before __name__: sum() and average()'s.
   */
  orderedAlso?: string[][];
  /**
   * How the query came: Google's emulator words some refusals differently for a Listen target
   * (what the SDK's getDocs and onSnapshot send) and a runQuery / runAggregationQuery request.
   */
  via?: QueryChannel;
}

/** Compiles a wire `StructuredQuery` (with its parent) into a validated engine query plan. */
export function compileQuery(
  parent: unknown,
  structuredQuery: unknown,
  { orderedAlso = [], via = 'listen' }: CompileOptions = {},
): QueryPlan {
  const { database, prefix } = parseParent(parent);
  if (!isObject(structuredQuery))
    throw invalidArgument('Invalid query: structuredQuery must be an object.');
  const q = structuredQuery;
  for (const key of Object.keys(q)) {
    if (!KNOWN_FIELDS.has(key)) throw invalidArgument(`Invalid query: unsupported field "${key}".`);
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
  const where = q['where'] === undefined ? null : compileFilter(q['where'], database);
  if (where !== null) checkNotInCombinations(where);
  const inequalities = where === null ? [] : inequalityFields(where);
  // The query's own order is checked first; then the aggregated fields join it.
  let orderBy = compileOrders(q['orderBy'], [inequalities]);
  checkQueryShape(where, orderBy, via);
  if (orderedAlso.length > 0) {
    const rawOrders: unknown[] = Array.isArray(q['orderBy']) ? q['orderBy'] : [];
    checkAggregatedFieldsBeforeKey(
      where,
      orderBy,
      rawOrders.some(
        (o) => isObject(o) && isObject(o['field']) && o['field']['fieldPath'] === NAME_FIELD,
      ),
      orderedAlso,
    );
    orderBy = compileOrders(q['orderBy'], [inequalities, orderedAlso]);
  }
  const explicitOrders = Array.isArray(q['orderBy']) ? q['orderBy'].length : 0;
  const plan: QueryPlan = {
    database,
    parent: prefix,
    collectionId,
    allDescendants: selector['allDescendants'] === true,
    where,
    orderBy,
    startAt: compileCursor(q['startAt'], orderBy, explicitOrders, database, 'startAt'),
    endAt: compileCursor(q['endAt'], orderBy, explicitOrders, database, 'endAt'),
    offset: readInt(q['offset'], 'offset') ?? 0,
    select: null,
  };
  const limit = readInt(q['limit'], 'limit');
  if (limit !== undefined) plan.limit = limit;
  plan.select = compileProjection(q['select']);
  return plan;
}

const KNOWN_FIELDS = new Set([
  'select',
  'from',
  'where',
  'orderBy',
  'startAt',
  'endAt',
  'offset',
  'limit',
]);

const NAME_FIELD = '__name__';

const FIELD_OPERATORS = new Set<string>([
  'EQUAL',
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'IN',
  'NOT_IN',
  'ARRAY_CONTAINS',
  'ARRAY_CONTAINS_ANY',
]);

/** Operators whose operand is a list of values. */
const LIST_OPERATORS = new Set<string>(['IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY']);

function fieldRef(raw: unknown, where: string): FieldRef {
  const path = isObject(raw) ? raw['fieldPath'] : undefined;
  if (typeof path !== 'string' || path === '') {
    throw invalidArgument(`Invalid query: ${where} needs a field path.`);
  }
  if (path === NAME_FIELD) return null;
  return parseFieldPath(path);
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

/**
 * Composite filters nested deeper than this are refused before anything walks them: every later
 * step (planning, rules, matching) recurses once per level, and the SDK nests at most a few.
 */
export const MAX_FILTER_DEPTH = 64;

function compileFilter(raw: unknown, database: string, depth = 1): Filter {
  if (!isObject(raw)) throw invalidArgument('Invalid query: a filter must be an object.');
  if (raw['compositeFilter'] !== undefined) {
    if (depth > MAX_FILTER_DEPTH) {
      throw invalidArgument(
        `Invalid query: composite filters may be nested at most ${MAX_FILTER_DEPTH} deep.`,
      );
    }
    return compileComposite(raw['compositeFilter'], database, depth);
  }
  if (raw['fieldFilter'] !== undefined) return compileFieldFilter(raw['fieldFilter'], database);
  if (raw['unaryFilter'] !== undefined) return compileUnary(raw['unaryFilter']);
  throw invalidArgument(`Invalid query: unknown filter ${JSON.stringify(Object.keys(raw))}.`);
}

function compileComposite(raw: unknown, database: string, depth: number): Filter {
  if (!isObject(raw)) throw invalidArgument('Invalid query: compositeFilter must be an object.');
  const op = compositeOperatorName(raw['op']);
  const filters = raw['filters'];
  if (op !== 'AND' && op !== 'OR') {
    throw invalidArgument(
      `Invalid query: unsupported composite filter operator ${JSON.stringify(op)}.`,
    );
  }
  if (!Array.isArray(filters) || filters.length === 0) {
    throw invalidArgument('Invalid query: a composite filter needs at least one filter.');
  }
  return {
    kind: 'composite',
    op,
    filters: filters.map((f) => compileFilter(f, database, depth + 1)),
  };
}

function compileUnary(raw: unknown): Filter {
  if (!isObject(raw)) throw invalidArgument('Invalid query: unaryFilter must be an object.');
  const field = fieldRef(raw['field'], 'a unary filter');
  const op = unaryOperatorName(raw['op']);
  if (op !== 'IS_NAN' && op !== 'IS_NULL' && op !== 'IS_NOT_NAN' && op !== 'IS_NOT_NULL') {
    throw invalidArgument(
      `Invalid query: unsupported unary filter operator ${JSON.stringify(op)}.`,
    );
  }
  return { kind: 'unary', field, op };
}

function checkListOperand(value: Value, op: string): void {
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
}

/**
 * The operand of `in`, `not-in` and `array-contains-any`: a list whose elements may themselves be
 * arrays (compared by equality), which a stored value may not hold.
 */
function normalizeList(raw: unknown): Value {
  const list = isObject(raw) && Object.keys(raw).length === 1 ? raw['arrayValue'] : undefined;
  const values = isObject(list) ? (list['values'] ?? []) : undefined;
  if (!Array.isArray(values)) return normalizeValue(raw);
  return { arrayValue: { values: values.map((v) => normalizeValue(v, 2)) } };
}

function compileFieldFilter(raw: unknown, database: string): Filter {
  if (!isObject(raw)) throw invalidArgument('Invalid query: fieldFilter must be an object.');
  const field = fieldRef(raw['field'], 'a field filter');
  const op = String(fieldOperatorName(raw['op']));
  if (raw['value'] === undefined)
    throw invalidArgument('Invalid query: a field filter needs a value.');
  const value = LIST_OPERATORS.has(op) ? normalizeList(raw['value']) : normalizeValue(raw['value']);
  if (field === null) {
    if (op === 'IN' || op === 'NOT_IN') {
      checkListOperand(value, op);
      arrayElements(value).forEach((v) => checkReference(v, database, op));
    } else if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') {
      throw invalidArgument(`Invalid query: '${op}' cannot be used on ${NAME_FIELD}.`);
    } else {
      checkReference(value, database, op);
    }
  }
  if (!FIELD_OPERATORS.has(op)) {
    throw invalidArgument(
      `Invalid query: unsupported field filter operator ${JSON.stringify(op)}.`,
    );
  }
  if (LIST_OPERATORS.has(op)) checkListOperand(value, op);
  return { kind: 'field', field, op: op as FieldOperator, value };
}

/** Every operator a filter uses, composites included ('AND' / 'OR'). */
function operatorsOf(filter: Filter): string[] {
  return filter.kind === 'composite'
    ? [filter.op, ...filter.filters.flatMap(operatorsOf)]
    : [filter.op];
}

/**
 * Production's limit, as Google's emulator words it: `not-in` excludes `in`, `array-contains-any`
 * and `or` from the same query (https://firebase.google.com/docs/firestore/query-data/queries#limitations).
 * The SDK checks this only for filters outside composites.
 */
function checkNotInCombinations(where: Filter): void {
  const operators = new Set(operatorsOf(where));
  if (!operators.has('NOT_IN')) return;
  if (['IN', 'ARRAY_CONTAINS_ANY', 'OR'].some((op) => operators.has(op)))
    throw invalidArgument(
      "'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.",
    );
}

/** The fields a filter constrains by inequality, in filter order (they join the implicit order). */
function inequalityFields(filter: Filter): FieldRef[] {
  switch (filter.kind) {
    case 'composite':
      return filter.filters.flatMap(inequalityFields);
    case 'unary':
      return filter.op === 'IS_NOT_NAN' || filter.op === 'IS_NOT_NULL' ? [filter.field] : [];
    case 'field':
      return INEQUALITY_OPERATORS.has(filter.op) && !inequalityOnNothing(filter)
        ? [filter.field]
        : [];
  }
}

/**
 * The explicit orders, then each group of implicitly ordered fields in turn (each group sorted
 * lexicographically, fields already ordered left out), then __name__.
 */
function compileOrders(raw: unknown, implicitGroups: FieldRef[][]): Order[] {
  if (raw !== undefined && !Array.isArray(raw))
    throw invalidArgument('Invalid query: orderBy must be a list.');
  const orders: Order[] = [];
  const seen = new Set<string>();
  for (const entry of (raw as unknown[] | undefined) ?? []) {
    if (!isObject(entry))
      throw invalidArgument('Invalid query: an orderBy entry must be an object.');
    const field = fieldRef(entry['field'], 'orderBy');
    const direction = directionName(entry['direction'] ?? 'ASCENDING');
    if (direction !== 'ASCENDING' && direction !== 'DESCENDING') {
      throw invalidArgument(`Invalid query: unknown order direction ${JSON.stringify(direction)}.`);
    }
    const key = field === null ? NAME_FIELD : formatFieldPath(field);
    if (seen.has(key)) continue;
    seen.add(key);
    orders.push({ field, descending: direction === 'DESCENDING' });
  }
  // Firestore's implicit order: inequality fields (lexicographically) then __name__, in the
  // direction of the last explicit order. An aggregation's fields come after the inequality
  // fields, as a group of their own (Google's emulator orders `sum(a)` over `z > 0` by z, then a).
  const lastDescending = orders.length > 0 ? orders[orders.length - 1]!.descending : false;
  for (const group of implicitGroups) {
    const implicit = group
      .filter((p): p is string[] => p !== null)
      .filter((p) => !seen.has(formatFieldPath(p)))
      .sort(compareFieldPaths);
    for (const field of implicit) {
      const key = formatFieldPath(field);
      if (seen.has(key)) continue;
      seen.add(key);
      orders.push({ field, descending: lastDescending });
    }
  }
  if (!seen.has(NAME_FIELD)) orders.push({ field: null, descending: lastDescending });
  return orders;
}

function compileCursor(
  raw: unknown,
  orders: Order[],
  explicitOrders: number,
  database: string,
  what: string,
): Cursor | null {
  if (raw === undefined || raw === null) return null;
  const rawValues = isObject(raw) ? (raw['values'] ?? []) : undefined;
  if (!isObject(raw) || !Array.isArray(rawValues)) {
    throw invalidArgument(`Invalid query: ${what} must have a list of values.`);
  }
  const values = rawValues.map((v) => normalizeValue(v));
  // A cursor positions on the explicit orders only, as Google's emulator and production refuse
  // more values (an aggregation with the SDK's startAfter(snapshot), which sends only the
  // explicit orders: firebase/firebase-js-sdk#8241).
  if (values.length > explicitOrders) throw invalidArgument('Cursor has too many values.');
  values.forEach((v, i) => {
    if (orders[i]!.field === null) checkReference(v, database, what);
  });
  return { values, before: raw['before'] === true };
}

function compileProjection(raw: unknown): string[][] | null {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) throw invalidArgument('Invalid query: select must be an object.');
  const fields = raw['fields'];
  if (fields === undefined) return [];
  if (!Array.isArray(fields)) throw invalidArgument('Invalid query: select.fields must be a list.');
  return fields.map((f) => fieldRef(f, 'select')).filter((p): p is string[] => p !== null);
}
