import type { Value as WireValue, Fields } from '../values/types';

/**
 * Runtime values of the rules language. Integers and floats are distinct types (as in the
 * official evaluator); timestamps and durations are whole nanoseconds.
 */
export type RValue =
  | { k: 'null' }
  | { k: 'bool'; v: boolean }
  | { k: 'int'; v: number }
  | { k: 'float'; v: number }
  | { k: 'string'; v: string }
  | { k: 'bytes'; v: Uint8Array }
  | { k: 'timestamp'; ns: bigint }
  | { k: 'duration'; ns: bigint }
  | { k: 'latlng'; lat: number; lng: number }
  | { k: 'path'; segments: string[] }
  | { k: 'list'; v: RValue[] }
  | { k: 'set'; v: RValue[] }
  | { k: 'map'; v: Map<string, RValue> }
  | { k: 'mapdiff'; left: Map<string, RValue>; right: Map<string, RValue> };

/** An evaluation error: the condition is not `true`, and the message is reported. */
export class EvalError extends Error {}

export const NULL: RValue = { k: 'null' };
export const TRUE: RValue = { k: 'bool', v: true };
export const FALSE: RValue = { k: 'bool', v: false };
export const bool = (v: boolean): RValue => (v ? TRUE : FALSE);
export const str = (v: string): RValue => ({ k: 'string', v });
export const int = (v: number): RValue => {
  if (!Number.isFinite(v) || !Number.isSafeInteger(Math.trunc(v))) {
    throw new EvalError('Integer overflow error.');
  }
  return { k: 'int', v: Math.trunc(v) || 0 };
};
export const float = (v: number): RValue => ({ k: 'float', v });
export const list = (v: RValue[]): RValue => ({ k: 'list', v });
export const map = (entries: Record<string, RValue>): RValue => ({
  k: 'map',
  v: new Map(Object.entries(entries)),
});

export function typeName(value: RValue): string {
  switch (value.k) {
    case 'mapdiff':
      return 'map_diff';
    case 'bool':
      return 'bool';
    default:
      return value.k;
  }
}

export function isNumber(value: RValue): value is { k: 'int' | 'float'; v: number } {
  return value.k === 'int' || value.k === 'float';
}

type NumberValue = { k: 'int' | 'float'; v: number };

/**
 * How two numbers compare in each of the language's equalities, as measured against Google's
 * engine: `1 == 1.0` and `-0.0 == 0.0` hold, but `1.0 in [1]`, `[1] == [1.0]` and
 * `[0.0] == [-0.0]` do not, while sets and map diffs treat 1, 1.0 and NaN, NaN as the same.
 */
type NumberEquality = (a: NumberValue, b: NumberValue) => boolean;
/** `==` on two numbers. */
const numeric: NumberEquality = (a, b) => a.v === b.v;
/** An element of a list against the value `in` looks for: int and float differ. */
const typed: NumberEquality = (a, b) => a.k === b.k && a.v === b.v;
/** Numbers inside lists and maps compared with `==`: the type and the sign of zero count. */
const exact: NumberEquality = (a, b) => a.k === b.k && a.v === b.v && Object.is(a.v, b.v);
/** Set elements and map diffs: by value, NaN the same as NaN. */
const byValue: NumberEquality = (a, b) => a.v === b.v || (Number.isNaN(a.v) && Number.isNaN(b.v));

function sameValue(a: RValue, b: RValue, top: NumberEquality, nested: NumberEquality): boolean {
  if (isNumber(a) && isNumber(b)) return top(a, b);
  if (a.k !== b.k) return false;
  switch (a.k) {
    case 'null':
      return true;
    case 'bool':
    case 'string':
      return a.v === (b as typeof a).v;
    case 'bytes': {
      const other = (b as typeof a).v;
      return a.v.length === other.length && a.v.every((x, i) => x === other[i]);
    }
    case 'timestamp':
    case 'duration':
      return a.ns === (b as typeof a).ns;
    case 'latlng':
      return a.lat === (b as typeof a).lat && a.lng === (b as typeof a).lng;
    case 'path': {
      const other = (b as typeof a).segments;
      return a.segments.length === other.length && a.segments.every((x, i) => x === other[i]);
    }
    case 'list': {
      const other = (b as typeof a).v;
      return (
        a.v.length === other.length && a.v.every((x, i) => sameValue(x, other[i]!, nested, nested))
      );
    }
    case 'set': {
      const other = (b as typeof a).v;
      return a.v.length === other.length && a.v.every((x) => setContains(other, x));
    }
    case 'map': {
      const other = (b as typeof a).v;
      if (a.v.size !== other.size) return false;
      for (const [key, value] of a.v) {
        const o = other.get(key);
        if (o === undefined || !sameValue(value, o, nested, nested)) return false;
      }
      return true;
    }
    case 'mapdiff':
      return false;
    default:
      return false;
  }
}

/** The `==` operator. */
export function equals(a: RValue, b: RValue): boolean {
  return sameValue(a, b, numeric, exact);
}

/** Whether a map diff counts a key's two values as unchanged. */
export function unchanged(a: RValue, b: RValue): boolean {
  return sameValue(a, b, byValue, byValue);
}

/** `value in list` and the list methods (`hasAny`, `removeAll`, ...). */
export function listContains(items: RValue[], value: RValue): boolean {
  return items.some((item) => sameValue(item, value, typed, exact));
}

/** `value in set` and the set methods; also what `toSet()` and `union()` keep once. */
export function setContains(items: RValue[], value: RValue): boolean {
  return items.some((item) => sameValue(item, value, byValue, byValue));
}

export function unique(items: RValue[]): RValue[] {
  const out: RValue[] = [];
  for (const item of items) if (!setContains(out, item)) out.push(item);
  return out;
}

// ---- conversion from Firestore wire values ----

const NANOS_PER_SECOND = 1_000_000_000n;

export function parseTimestamp(text: string): bigint {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i.exec(
    text,
  );
  if (!m) throw new EvalError(`Invalid timestamp '${text}'.`);
  const seconds = Math.floor(Date.parse(`${m[1]}${m[3]}`) / 1000);
  if (Number.isNaN(seconds)) throw new EvalError(`Invalid timestamp '${text}'.`);
  const nanos = BigInt((m[2] ?? '').padEnd(9, '0') || '0');
  return BigInt(seconds) * NANOS_PER_SECOND + nanos;
}

/** A Date (millisecond precision) or an RFC 3339 string (up to nanoseconds) as a timestamp. */
export function timestampFromDate(date: Date | string): RValue {
  if (typeof date === 'string') return { k: 'timestamp', ns: parseTimestamp(date) };
  return { k: 'timestamp', ns: BigInt(date.getTime()) * 1_000_000n };
}

export function fromWire(value: WireValue): RValue {
  if ('nullValue' in value) return NULL;
  if ('booleanValue' in value) return bool(value.booleanValue);
  // Beyond 2^53 the value loses precision; stored data must never make conversion fail.
  if ('integerValue' in value) return { k: 'int', v: Number(value.integerValue) };
  if ('doubleValue' in value) return float(Number(value.doubleValue));
  if ('stringValue' in value) return str(value.stringValue);
  if ('timestampValue' in value) {
    const t = value.timestampValue;
    if (typeof t === 'string') return { k: 'timestamp', ns: parseTimestamp(t) };
    return {
      k: 'timestamp',
      ns: BigInt(t.seconds ?? 0) * NANOS_PER_SECOND + BigInt(t.nanos ?? 0),
    };
  }
  if ('bytesValue' in value)
    return { k: 'bytes', v: new Uint8Array(Buffer.from(value.bytesValue, 'base64')) };
  if ('referenceValue' in value) return pathFromName(value.referenceValue);
  if ('geoPointValue' in value) {
    return {
      k: 'latlng',
      lat: value.geoPointValue.latitude ?? 0,
      lng: value.geoPointValue.longitude ?? 0,
    };
  }
  if ('arrayValue' in value) return list((value.arrayValue.values ?? []).map(fromWire));
  if ('mapValue' in value) return fromFields(value.mapValue.fields ?? {});
  throw new EvalError('Unknown value type.');
}

export function fromFields(fields: Fields): RValue {
  const out = new Map<string, RValue>();
  for (const [key, value] of Object.entries(fields)) out.set(key, fromWire(value));
  return { k: 'map', v: out };
}

/** `projects/p/databases/(default)/documents/a/b` becomes the path `/databases/(default)/documents/a/b`. */
export function pathFromName(name: string): RValue {
  const segments = name.split('/').filter((s) => s !== '');
  const at = segments.indexOf('databases');
  return { k: 'path', segments: at >= 0 ? segments.slice(at) : segments };
}

export function pathToString(segments: string[]): string {
  return '/' + segments.join('/');
}

export function show(value: RValue): string {
  switch (value.k) {
    case 'null':
      return 'null';
    case 'string':
      return JSON.stringify(value.v);
    case 'bool':
    case 'int':
    case 'float':
      return String(value.v);
    case 'path':
      return pathToString(value.segments);
    case 'list':
    case 'set':
      return `[${value.v.map(show).join(', ')}]`;
    case 'map':
      return `{${[...value.v].map(([k, v]) => `${k}: ${show(v)}`).join(', ')}}`;
    case 'timestamp':
      return new Date(Number(value.ns / 1_000_000n)).toISOString();
    case 'duration':
      return `${value.ns}ns`;
    default:
      return value.k;
  }
}
