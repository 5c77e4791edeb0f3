import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Fields, Value } from '../values/types';

/**
 * Firestore values as a person types them into the data browser's forms, and back: one type
 * (chosen from a list) and one text. Parsing gives the wire form (proto3 JSON) that the commit
 * path then validates as it validates any client's; formatting gives the text that parses back
 * to the same value, so an edit that changes nothing writes what was there.
 *
 * Arrays and maps are written as JSON, where a number with neither point nor exponent is an
 * integer and one with either is a double; any other value is written in Firestore's wire form,
 * an object with one `…Value` member: `{"timestampValue": "2024-01-02T03:04:05Z"}`.
 */

export const VALUE_TYPES = [
  'string',
  'integer',
  'double',
  'boolean',
  'null',
  'timestamp',
  'geopoint',
  'reference',
  'bytes',
  'array',
  'map',
] as const;

export type ValueType = (typeof VALUE_TYPES)[number];

/** How each type's text is written, for the forms' help. */
export const TYPE_HINTS: Record<ValueType, string> = {
  string: 'Any text.',
  integer: 'A whole number, e.g. 42 or -7 (64-bit).',
  double: 'A number, e.g. 0.5, 1e3, -0, NaN, Infinity or -Infinity.',
  boolean: 'true or false.',
  null: 'Nothing to type.',
  timestamp: 'RFC 3339, e.g. 2024-01-02T03:04:05.123456Z or 2024-01-02T04:04:05+01:00.',
  geopoint: 'Latitude, longitude, e.g. 52.52, 13.405.',
  reference: 'A document path, e.g. users/alice (or the full projects/…/documents/… name).',
  bytes: 'Base64, e.g. AQID.',
  array: 'JSON, e.g. ["a", 7, 0.5, {"timestampValue": "2024-01-02T03:04:05Z"}]; empty for [].',
  map: 'JSON, e.g. {"name": "Alice", "links": {"site": "https://example.test"}}; empty for {}.',
};

/** The wire keys a JSON object may name to give a value its type. */
const WIRE_KEYS = new Set([
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
]);

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export type Parsed = { value: Value } | { error: string };

export function isValueType(type: string): type is ValueType {
  return (VALUE_TYPES as readonly string[]).includes(type);
}

/** The value `text` holds as a `type`; `database` (`projects/p/databases/d`) resolves references. */
export function parseTypedValue(type: string, text: string, database: string): Parsed {
  if (!isValueType(type)) return { error: `Unknown type ${JSON.stringify(type)}.` };
  // Browsers send a textarea's line breaks as CR LF.
  const input = text.replace(/\r\n/g, '\n');
  const trimmed = input.trim();
  switch (type) {
    case 'string':
      return { value: { stringValue: input } };
    case 'integer':
      return parseInteger(trimmed);
    case 'double':
      return parseDouble(trimmed);
    case 'boolean': {
      const word = trimmed.toLowerCase();
      if (word === 'true' || word === 'false') return { value: { booleanValue: word === 'true' } };
      return { error: 'A boolean is true or false.' };
    }
    case 'null':
      return trimmed === '' || trimmed === 'null'
        ? { value: { nullValue: null } }
        : { error: 'A null holds nothing: leave the value empty.' };
    case 'timestamp':
      return parseTimestampText(trimmed);
    case 'geopoint':
      return parseGeoPoint(trimmed);
    case 'reference':
      return parseReference(trimmed, database);
    case 'bytes': {
      const base64 = trimmed.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) {
        return { error: 'Bytes are written in base64 (A-Z, a-z, 0-9, + and /, padded with =).' };
      }
      return { value: { bytesValue: base64 } };
    }
    case 'array':
    case 'map':
      return parseContainer(type, trimmed, database);
  }
}

function parseInteger(text: string): Parsed {
  if (!/^[+-]?\d+$/.test(text))
    return { error: 'An integer is written with digits only, e.g. -7.' };
  const n = BigInt(text);
  if (n < INT64_MIN || n > INT64_MAX) {
    return {
      error: 'An integer must fit in 64 bits (−9223372036854775808 to 9223372036854775807).',
    };
  }
  return { value: { integerValue: n.toString() } };
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function parseDouble(text: string): Parsed {
  if (text === 'NaN' || text === 'Infinity' || text === '-Infinity') {
    return { value: { doubleValue: text } };
  }
  if (text === '+Infinity') return { value: { doubleValue: 'Infinity' } };
  if (!DECIMAL.test(text)) {
    return { error: 'A double is a decimal number (0.5, 1e3), NaN, Infinity or -Infinity.' };
  }
  return { value: { doubleValue: Number(text) } };
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

function parseTimestampText(text: string): Parsed {
  if (!RFC3339.test(text) || Number.isNaN(Date.parse(text.toUpperCase()))) {
    return { error: 'A timestamp is written in RFC 3339, e.g. 2024-01-02T03:04:05.123456Z.' };
  }
  return { value: { timestampValue: text.toUpperCase() } };
}

function parseGeoPoint(text: string): Parsed {
  const parts = text.split(/\s*,\s*|\s+/).filter((p) => p !== '');
  const numbers = parts.map((p) => (DECIMAL.test(p) ? Number(p) : NaN));
  const [latitude, longitude] = numbers;
  if (numbers.length !== 2 || latitude === undefined || longitude === undefined) {
    return { error: 'A geopoint is two numbers: latitude, longitude (e.g. 52.52, 13.405).' };
  }
  if (!(latitude >= -90 && latitude <= 90)) return { error: 'Latitude is from -90 to 90.' };
  if (!(longitude >= -180 && longitude <= 180)) return { error: 'Longitude is from -180 to 180.' };
  return { value: { geoPointValue: { latitude, longitude } } };
}

function parseReference(text: string, database: string): Parsed {
  const name = text.startsWith('projects/')
    ? text
    : `${database}/documents/${text.replace(/^\/+/, '')}`;
  const match = /^projects\/[^/]+\/databases\/[^/]+\/documents\/(.+)$/.exec(name);
  const segments = match ? match[1]!.split('/') : [];
  if (segments.length === 0 || segments.length % 2 !== 0 || segments.some((s) => s === '')) {
    return { error: 'A reference names a document: collection/id (e.g. users/alice).' };
  }
  return { value: { referenceValue: name } };
}

function parseContainer(type: 'array' | 'map', text: string, database: string): Parsed {
  if (text === '') {
    return {
      value: type === 'array' ? { arrayValue: { values: [] } } : { mapValue: { fields: {} } },
    };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || !root) {
    const first = errors[0];
    return {
      error: first
        ? `Not JSON: ${printParseErrorCode(first.error)} at ${positionIn(text, first.offset)}.`
        : 'Not JSON.',
    };
  }
  if (type === 'array' && root.type !== 'array') return { error: 'An array is written as [ … ].' };
  if (type === 'map' && root.type !== 'object') return { error: 'A map is written as { … }.' };
  try {
    return { value: fromJson(root, text, database) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function positionIn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
}

/** A JSON node as a Firestore value (see the module comment). */
function fromJson(node: Node, text: string, database: string): Value {
  switch (node.type) {
    case 'string':
      return { stringValue: node.value as string };
    case 'boolean':
      return { booleanValue: node.value as boolean };
    case 'null':
      return { nullValue: null };
    case 'number': {
      const source = text.slice(node.offset, node.offset + node.length);
      if (/^-?\d+$/.test(source)) {
        const parsed = parseInteger(source);
        if ('error' in parsed) {
          throw new Error(`${source}: ${parsed.error} Write it with a decimal point for a double.`);
        }
        return parsed.value;
      }
      return { doubleValue: Number(source) };
    }
    case 'array':
      return {
        arrayValue: { values: (node.children ?? []).map((c) => fromJson(c, text, database)) },
      };
    case 'object': {
      const properties = node.children ?? [];
      const only = properties.length === 1 ? properties[0]! : null;
      const key = only?.children?.[0]?.value as string | undefined;
      if (only && key !== undefined && WIRE_KEYS.has(key)) {
        return wireValue(key, only.children![1]!, text, database);
      }
      const fields: Fields = {};
      for (const property of properties) {
        const [name, value] = property.children ?? [];
        if (!name || !value) continue;
        fields[name.value as string] = fromJson(value, text, database);
      }
      return { mapValue: { fields } };
    }
    default:
      throw new Error('Not a value.');
  }
}

/**
 * `{"<key>": …}` in Firestore's wire form, taken as it is (the commit path validates it), except
 * that a reference may name a document relative to the database, as the form does.
 */
function wireValue(key: string, node: Node, text: string, database: string): Value {
  const raw: unknown = JSON.parse(text.slice(node.offset, node.offset + node.length));
  if (key === 'referenceValue' && typeof raw === 'string') {
    const parsed = parseReference(raw, database);
    if ('error' in parsed) throw new Error(parsed.error);
    return parsed.value;
  }
  return { [key]: raw } as Value;
}

/** The type and text of a stored value, as the forms show it (parsing them gives it back). */
export function formatTypedValue(
  value: Value,
  database: string,
): { type: ValueType; text: string } {
  if ('nullValue' in value) return { type: 'null', text: '' };
  if ('booleanValue' in value) return { type: 'boolean', text: String(value.booleanValue) };
  if ('integerValue' in value) return { type: 'integer', text: String(value.integerValue) };
  if ('doubleValue' in value) return { type: 'double', text: doubleText(value.doubleValue) };
  if ('timestampValue' in value)
    return { type: 'timestamp', text: timestampText(value.timestampValue) };
  if ('stringValue' in value) return { type: 'string', text: value.stringValue };
  if ('bytesValue' in value) return { type: 'bytes', text: value.bytesValue };
  if ('referenceValue' in value) {
    return { type: 'reference', text: relativeReference(value.referenceValue, database) };
  }
  if ('geoPointValue' in value) {
    const { latitude = 0, longitude = 0 } = value.geoPointValue;
    return { type: 'geopoint', text: `${latitude}, ${longitude}` };
  }
  if ('arrayValue' in value) {
    const values = value.arrayValue.values ?? [];
    return {
      type: 'array',
      text: JSON.stringify(
        values.map((v) => toJson(v, database)),
        null,
        2,
      ),
    };
  }
  return {
    type: 'map',
    text: JSON.stringify(mapToJson(value.mapValue.fields ?? {}, database), null, 2),
  };
}

function doubleText(d: number | string): string {
  if (typeof d === 'string') return d;
  if (Object.is(d, -0)) return '-0';
  return String(d);
}

function timestampText(t: Extract<Value, { timestampValue: unknown }>['timestampValue']): string {
  if (typeof t === 'string') return t;
  const seconds = BigInt(t.seconds ?? 0);
  const nanos = t.nanos ?? 0;
  const base = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  return `${base}.${String(nanos).padStart(9, '0')}Z`;
}

function relativeReference(name: string, database: string): string {
  const prefix = `${database}/documents/`;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/** A value as the JSON of an array or map (see the module comment). */
function toJson(value: Value, database: string): unknown {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) {
    const n = BigInt(value.integerValue);
    return n >= -MAX_SAFE && n <= MAX_SAFE ? Number(n) : { integerValue: String(n) };
  }
  if ('doubleValue' in value) {
    const d = value.doubleValue;
    // A whole double would read back as an integer, and JSON has no NaN or -0.
    if (typeof d === 'number' && Number.isFinite(d) && !Number.isInteger(d)) return d;
    return { doubleValue: typeof d === 'number' && Number.isFinite(d) ? d : doubleText(d) };
  }
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map((v) => toJson(v, database));
  if ('mapValue' in value) {
    const fields = value.mapValue.fields ?? {};
    const keys = Object.keys(fields);
    // A map whose one key is a wire key would read back as that typed value.
    if (keys.length === 1 && WIRE_KEYS.has(keys[0]!)) return { mapValue: { fields } };
    return mapToJson(fields, database);
  }
  if ('referenceValue' in value) {
    return { referenceValue: relativeReference(value.referenceValue, database) };
  }
  return value;
}

function mapToJson(fields: Fields, database: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields).sort()) out[key] = toJson(fields[key]!, database);
  return out;
}
