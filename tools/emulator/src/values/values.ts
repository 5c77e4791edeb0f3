import { invalidArgument } from './errors';
import { canonicalTimestamp } from './timestamps';
import type { Fields, Value } from './types';

/**
 * Firestore's value model on the wire (proto3 JSON) form. Stored values are canonical (see
 * `normalizeValue`), so comparisons below can rely on: integers as decimal strings, doubles as
 * numbers (never -0) or one of 'NaN' | 'Infinity' | '-Infinity', timestamps in the fixed-width
 * microsecond form, arrays with `values`, maps with `fields`.
 */

export const enum TypeOrder {
  Null = 0,
  Boolean = 1,
  Number = 2,
  Timestamp = 3,
  String = 4,
  Bytes = 5,
  Reference = 6,
  GeoPoint = 7,
  Array = 8,
  Vector = 9,
  Map = 10,
}

type AnyValue = {
  nullValue?: unknown;
  booleanValue?: boolean;
  integerValue?: string | number;
  doubleValue?: number | string;
  timestampValue?: string;
  stringValue?: string;
  bytesValue?: string;
  referenceValue?: string;
  geoPointValue?: { latitude?: number; longitude?: number };
  arrayValue?: { values?: Value[] };
  mapValue?: { fields?: Fields };
};

/** The range of Firestore's (and the rules language's) 64-bit signed integers. */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function typeOrder(value: Value): TypeOrder {
  const v = value as AnyValue;
  if (v.stringValue !== undefined) return TypeOrder.String;
  if (v.integerValue !== undefined || v.doubleValue !== undefined) return TypeOrder.Number;
  if (v.timestampValue !== undefined) return TypeOrder.Timestamp;
  if (v.booleanValue !== undefined) return TypeOrder.Boolean;
  if (v.mapValue !== undefined) return isVector(v) ? TypeOrder.Vector : TypeOrder.Map;
  if (v.arrayValue !== undefined) return TypeOrder.Array;
  if ('nullValue' in v) return TypeOrder.Null;
  if (v.referenceValue !== undefined) return TypeOrder.Reference;
  if (v.bytesValue !== undefined) return TypeOrder.Bytes;
  if (v.geoPointValue !== undefined) return TypeOrder.GeoPoint;
  throw invalidArgument(`Invalid value: ${JSON.stringify(value)}`);
}

function isVector(v: AnyValue): boolean {
  const type = v.mapValue?.fields?.['__type__'] as AnyValue | undefined;
  return type?.stringValue === '__vector__';
}

/** Number of any stored numeric value; integers beyond 2^53 lose precision (see compareNumbers). */
export function toNumber(value: Value): number {
  const v = value as AnyValue;
  if (v.integerValue !== undefined) return Number(v.integerValue);
  const d = v.doubleValue;
  return typeof d === 'number' ? d : Number(d);
}

export function isInteger(value: Value): boolean {
  return (value as AnyValue).integerValue !== undefined;
}

export function isNaNValue(value: Value): boolean {
  const d = (value as AnyValue).doubleValue;
  return d !== undefined && Number.isNaN(typeof d === 'number' ? d : Number(d));
}

export function isNullValue(value: Value): boolean {
  return 'nullValue' in value;
}

export function isArrayValue(
  value: Value | undefined,
): value is { arrayValue: { values?: Value[] } } {
  return value !== undefined && (value as AnyValue).arrayValue !== undefined;
}

export function arrayElements(value: Value): Value[] {
  return (value as AnyValue).arrayValue?.values ?? [];
}

function compareNumbers(a: Value, b: Value): number {
  const x = a as AnyValue;
  const y = b as AnyValue;
  if (x.integerValue !== undefined && y.integerValue !== undefined) {
    return compareIntegerStrings(String(x.integerValue), String(y.integerValue));
  }
  const left = toNumber(a);
  const right = toNumber(b);
  if (left < right) return -1;
  if (left > right) return 1;
  if (left === right) {
    // Doubles and integers near or beyond 2^53 may round to the same double.
    if (Math.abs(left) >= 2 ** 53 && Number.isFinite(left)) return compareExactly(x, y);
    return 0;
  }
  const leftNaN = Number.isNaN(left);
  const rightNaN = Number.isNaN(right);
  if (leftNaN && rightNaN) return 0;
  return leftNaN ? -1 : 1;
}

function exactBigInt(v: AnyValue): bigint {
  if (v.integerValue !== undefined) return BigInt(v.integerValue);
  return BigInt(toNumber(v as Value)); // a double of magnitude >= 2^53 is an integer
}

function compareExactly(x: AnyValue, y: AnyValue): number {
  const a = exactBigInt(x);
  const b = exactBigInt(y);
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareIntegerStrings(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length < 16 && b.length < 16) {
    const d = Number(a) - Number(b);
    return d < 0 ? -1 : d > 0 ? 1 : 0;
  }
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Compares strings by their UTF-8 encoding (= Unicode code point order), not UTF-16 units. */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate === ySurrogate) return x < y ? -1 : 1;
    // A surrogate encodes a code point above U+FFFF, which sorts after any BMP character.
    return xSurrogate ? 1 : -1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'base64'), Buffer.from(b, 'base64'));
}

export function compareReferences(a: string, b: string): number {
  if (a === b) return 0;
  const left = a.split('/');
  const right = b.split('/');
  const n = Math.min(left.length, right.length);
  for (let i = 0; i < n; i++) {
    const c = compareUtf8(left[i]!, right[i]!);
    if (c !== 0) return c;
  }
  return left.length - right.length < 0 ? -1 : left.length === right.length ? 0 : 1;
}

function compareArrays(a: Value[], b: Value[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

export function sortedKeys(fields: Fields): string[] {
  return Object.keys(fields).sort(compareUtf8);
}

function compareMaps(a: Fields, b: Fields): number {
  const left = sortedKeys(a);
  const right = sortedKeys(b);
  const n = Math.min(left.length, right.length);
  for (let i = 0; i < n; i++) {
    const keyOrder = compareUtf8(left[i]!, right[i]!);
    if (keyOrder !== 0) return keyOrder;
    const c = compareValues(a[left[i]!]!, b[right[i]!]!);
    if (c !== 0) return c;
  }
  return left.length < right.length ? -1 : left.length > right.length ? 1 : 0;
}

function compareVectors(a: Fields, b: Fields): number {
  const left = arrayElements(a['value'] ?? { arrayValue: {} });
  const right = arrayElements(b['value'] ?? { arrayValue: {} });
  if (left.length !== right.length) return left.length < right.length ? -1 : 1;
  return compareArrays(left, right);
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** Firestore's total order over values. */
export function compareValues(a: Value, b: Value): number {
  if (a === b) return 0;
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  const x = a as AnyValue;
  const y = b as AnyValue;
  switch (ta) {
    case TypeOrder.Null:
      return 0;
    case TypeOrder.Boolean:
      return x.booleanValue === y.booleanValue ? 0 : x.booleanValue ? 1 : -1;
    case TypeOrder.Number:
      return compareNumbers(a, b);
    case TypeOrder.Timestamp:
      // Canonical timestamps are fixed width, so text order is time order.
      return x.timestampValue! < y.timestampValue!
        ? -1
        : x.timestampValue! > y.timestampValue!
          ? 1
          : 0;
    case TypeOrder.String:
      return compareUtf8(x.stringValue!, y.stringValue!);
    case TypeOrder.Bytes:
      return compareBytes(x.bytesValue!, y.bytesValue!);
    case TypeOrder.Reference:
      return compareReferences(x.referenceValue!, y.referenceValue!);
    case TypeOrder.GeoPoint: {
      const la = x.geoPointValue!;
      const lb = y.geoPointValue!;
      const c = sign((la.latitude ?? 0) - (lb.latitude ?? 0));
      return c !== 0 ? c : sign((la.longitude ?? 0) - (lb.longitude ?? 0));
    }
    case TypeOrder.Array:
      return compareArrays(x.arrayValue!.values ?? [], y.arrayValue!.values ?? []);
    case TypeOrder.Vector:
      return compareVectors(x.mapValue!.fields ?? {}, y.mapValue!.fields ?? {});
    case TypeOrder.Map:
      return compareMaps(x.mapValue!.fields ?? {}, y.mapValue!.fields ?? {});
  }
}

/** Firestore equality as queries use it: 1 == 1.0, NaN == NaN, -0 == 0. */
export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

/**
 * A fast test for Firestore equality with one fixed value: plain comparisons for the common
 * scalar types, the general comparison otherwise.
 */
export function equalityTester(needle: Value): (v: Value) => boolean {
  const n = needle as AnyValue;
  if (n.stringValue !== undefined) {
    const s = n.stringValue;
    return (v) => (v as AnyValue).stringValue === s;
  }
  if (n.booleanValue !== undefined) {
    const b = n.booleanValue;
    return (v) => (v as AnyValue).booleanValue === b;
  }
  if (n.referenceValue !== undefined) {
    const r = n.referenceValue;
    return (v) => (v as AnyValue).referenceValue === r;
  }
  if (n.timestampValue !== undefined) {
    const t = n.timestampValue;
    return (v) => (v as AnyValue).timestampValue === t;
  }
  return (v) => compareValues(v, needle) === 0;
}

/**
 * A key that is equal for exactly the values Firestore considers equal, for scalar values
 * (null for arrays, maps and bytes, which indexes leave to a scan).
 */
export function indexKey(value: Value): string | null {
  const v = value as AnyValue;
  if (v.stringValue !== undefined) return 's' + v.stringValue;
  if (v.integerValue !== undefined) {
    const n = Number(v.integerValue);
    return Number.isSafeInteger(n) ? 'n' + n : 'n' + String(v.integerValue);
  }
  if (v.doubleValue !== undefined) {
    const n = toNumber(value);
    if (Number.isNaN(n)) return 'nNaN';
    if (Number.isInteger(n) && !Number.isSafeInteger(n) && Number.isFinite(n)) {
      return 'n' + BigInt(n).toString();
    }
    return 'n' + (n === 0 ? 0 : n);
  }
  if (v.booleanValue !== undefined) return v.booleanValue ? 'T' : 'F';
  if ('nullValue' in v) return 'N';
  if (v.timestampValue !== undefined) return 't' + v.timestampValue;
  if (v.referenceValue !== undefined) return 'r' + v.referenceValue;
  if (v.geoPointValue !== undefined) {
    return `g${v.geoPointValue.latitude ?? 0},${v.geoPointValue.longitude ?? 0}`;
  }
  return null;
}

export function arrayContains(values: Value[], needle: Value): boolean {
  for (const v of values) if (compareValues(v, needle) === 0) return true;
  return false;
}

/** Exact (storage) equality: 1 and 1.0 differ; used to detect writes that change nothing. */
export function identical(a: Value | Fields | undefined, b: Value | Fields | undefined): boolean {
  return JSON.stringify(a, keysInOrder) === JSON.stringify(b, keysInOrder);
}

/**
 * Map keys in sorted order, so a document whose field was removed and added again by the same
 * commit is still identical (Firestore maps have no key order).
 */
function keysInOrder(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  );
}

// ---- normalization of incoming values -------------------------------------------------------

const MAX_DEPTH = 20;

// The backend's text for a value nested in more than 20 maps/arrays, or an array in an array.
function nestedEntityError(property: string): Error {
  return invalidArgument(`Property ${property} contains an invalid nested entity.`);
}

/**
 * Validates one incoming wire value and returns its canonical form. `depth` counts map and
 * array levels as Firestore does (a top-level field is depth 1).
 */
export function normalizeValue(
  input: unknown,
  depth = 1,
  insideArray = false,
  property = '',
): Value {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw invalidArgument(`Invalid value: ${JSON.stringify(input)}`);
  }
  const v = input as Record<string, unknown>;
  const keys = Object.keys(v);
  if (keys.length !== 1) {
    throw invalidArgument(`A value must have exactly one type: ${JSON.stringify(input)}`);
  }
  const key = keys[0]!;
  const raw = v[key];
  switch (key) {
    case 'nullValue':
      return { nullValue: null };
    case 'booleanValue':
      if (typeof raw !== 'boolean') throw invalidArgument(`Invalid booleanValue: ${String(raw)}`);
      return { booleanValue: raw };
    case 'integerValue':
      return { integerValue: normalizeInteger(raw) };
    case 'doubleValue':
      return { doubleValue: normalizeDouble(raw) };
    case 'timestampValue':
      return { timestampValue: canonicalTimestamp(raw) };
    case 'stringValue':
      if (typeof raw !== 'string') throw invalidArgument(`Invalid stringValue: ${String(raw)}`);
      return { stringValue: withoutLoneSurrogates(raw) };
    case 'bytesValue':
      if (typeof raw !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(raw)) {
        throw invalidArgument(`Invalid bytesValue: ${String(raw)}`);
      }
      return { bytesValue: Buffer.from(raw, 'base64').toString('base64') };
    case 'referenceValue':
      if (
        typeof raw !== 'string' ||
        !/^projects\/[^/]+\/databases\/[^/]+\/documents\/[^/]+(\/[^/]+\/[^/]+)*\/[^/]+$/.test(raw)
      ) {
        throw invalidArgument(`Invalid reference value: ${String(raw)}`);
      }
      return { referenceValue: raw };
    case 'geoPointValue': {
      const g = (raw ?? {}) as { latitude?: unknown; longitude?: unknown };
      const latitude = g.latitude === undefined ? 0 : Number(g.latitude);
      const longitude = g.longitude === undefined ? 0 : Number(g.longitude);
      if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180)) {
        throw invalidArgument(`Invalid geo point: ${JSON.stringify(raw)}`);
      }
      return { geoPointValue: { latitude, longitude } };
    }
    case 'arrayValue': {
      if (insideArray) {
        throw nestedEntityError(property); // the backend's text for an array in an array
      }
      if (depth > MAX_DEPTH) throw nestedEntityError(property);
      const values = ((raw ?? {}) as { values?: unknown }).values ?? [];
      if (!Array.isArray(values))
        throw invalidArgument('Invalid arrayValue: values must be a list');
      return {
        arrayValue: {
          values: values.map((e) => normalizeValue(e, depth + 1, true, property)),
        },
      };
    }
    case 'mapValue': {
      if (depth > MAX_DEPTH) throw nestedEntityError(property);
      const fields = ((raw ?? {}) as { fields?: unknown }).fields ?? {};
      return { mapValue: { fields: normalizeFields(fields, depth + 1) } };
    }
    default:
      throw invalidArgument(`Unknown value type "${key}"`);
  }
}

export function normalizeFields(input: unknown, depth = 1): Fields {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw invalidArgument(`Invalid fields: ${JSON.stringify(input)}`);
  }
  const out: Fields = {};
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    out[withoutLoneSurrogates(name)] = normalizeValue(value, depth, false, name);
  }
  return out;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A string as stored: a lone surrogate (which no UTF-8 text can hold) becomes '?', in values and
 * field names alike, as Google's Cloud Firestore emulator stores it.
 */
export function withoutLoneSurrogates(text: string): string {
  return text.replace(LONE_SURROGATE, '?');
}

function normalizeInteger(raw: unknown): string {
  let n: bigint;
  if (typeof raw === 'number' && Number.isInteger(raw)) n = BigInt(raw);
  else if (typeof raw === 'string' && /^[+-]?\d+$/.test(raw)) n = BigInt(raw);
  else throw invalidArgument(`Invalid integerValue: ${String(raw)}`);
  if (n > INT64_MAX || n < INT64_MIN) throw invalidArgument(`Integer out of range: ${String(raw)}`);
  return n.toString();
}

function normalizeDouble(raw: unknown): number | string {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  if (typeof raw === 'string' && raw !== 'NaN' && Number.isNaN(n)) {
    throw invalidArgument(`Invalid doubleValue: ${raw}`);
  }
  if (typeof raw !== 'number' && typeof raw !== 'string') {
    throw invalidArgument(`Invalid doubleValue: ${String(raw)}`);
  }
  return doubleValue(n).doubleValue;
}

/**
 * A double in canonical wire form ('NaN', 'Infinity', '-Infinity' as strings). -0 becomes 0, as
 * Google's Cloud Firestore emulator stores and answers it.
 */
export function doubleValue(n: number): { doubleValue: number | string } {
  if (Number.isNaN(n)) return { doubleValue: 'NaN' };
  if (n === Infinity) return { doubleValue: 'Infinity' };
  if (n === -Infinity) return { doubleValue: '-Infinity' };
  if (n === 0) return { doubleValue: 0 };
  return { doubleValue: n };
}

export function integerValue(n: bigint): { integerValue: string } {
  const clamped = n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : n;
  return { integerValue: clamped.toString() };
}

export function bigIntOf(value: Value): bigint {
  return BigInt((value as AnyValue).integerValue!);
}
