// What a document costs Firestore in production, which no emulator checks: its stored size by the
// published storage-size rules (https://firebase.google.com/docs/firestore/storage-size) and the
// index entries it makes (automatic single-field indexes, the index exemptions and the composite
// indexes of firestore.indexes.json). The scale bench audits every document it writes with these.

/** Firestore's maximum document size. */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
/** The bound the product holds every document to (a quarter of Firestore's maximum). */
export const AUDIT_BYTES_BOUND = 256 * 1024;
/** The bound the product holds every document's index entries to (Firestore refuses 40,000). */
export const AUDIT_INDEX_ENTRIES_BOUND = 10_000;

const utf8 = (text) => Buffer.byteLength(text, 'utf8');
const stringSize = (text) => utf8(text) + 1;
const isTimestamp = (value) =>
  typeof value.toMillis === 'function' ||
  (typeof value.seconds === 'number' && typeof value.nanoseconds === 'number');
const isGeoPoint = (value) =>
  typeof value.latitude === 'number' && typeof value.longitude === 'number';
const isReference = (value) => typeof value.path === 'string' && 'firestore' in value;
const isPlainMap = (value) => Object.getPrototypeOf(value) === Object.prototype;
/** A Firestore map: a plain object that is not a timestamp or a point written as one. */
const isMap = (value) =>
  value !== null &&
  typeof value === 'object' &&
  isPlainMap(value) &&
  !isTimestamp(value) &&
  !isGeoPoint(value);

/** A document name's size: each segment's string size, plus 16. */
export function documentNameSize(path) {
  return (
    path
      .split('/')
      .filter(Boolean)
      .reduce((sum, segment) => sum + stringSize(segment), 0) + 16
  );
}

/** A field value's size. */
export function valueSize(value) {
  if (value === null || value === undefined) return 1;
  switch (typeof value) {
    case 'boolean':
      return 1;
    case 'number':
    case 'bigint':
      return 8;
    case 'string':
      return stringSize(value);
    default:
      break;
  }
  if (Array.isArray(value)) return value.reduce((sum, item) => sum + valueSize(item), 0);
  if (value instanceof Uint8Array) return value.length;
  if (value instanceof Date || isTimestamp(value)) return 8;
  if (isGeoPoint(value)) return 16;
  if (isReference(value)) return documentNameSize(value.path);
  if (isMap(value)) return fieldsSize(value);
  throw new TypeError(`No storage size for a ${value.constructor?.name ?? typeof value} value`);
}

/** A map's (and a document's fields') size: each field name's string size plus its value's. */
function fieldsSize(fields) {
  let size = 0;
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    size += stringSize(name) + valueSize(value);
  }
  return size;
}

/** A document's stored size: its name, its fields, and 32 more bytes. */
export function documentSize(path, data) {
  return documentNameSize(path) + fieldsSize(data) + 32;
}

/** The collection group of a document path (`timelines/u/entries/p` → `entries`). */
export function collectionGroupOf(path) {
  const segments = path.split('/').filter(Boolean);
  return segments[segments.length - 2];
}

/** The value at a dotted field path of a document's data, or undefined. */
function valueAt(data, fieldPath) {
  let value = data;
  for (const part of fieldPath.split('.')) {
    if (!isMap(value)) return undefined;
    value = value[part];
  }
  return value;
}

/** Entries one single-field index configuration makes for a value. */
function configuredEntries(value, indexes) {
  let entries = 0;
  for (const index of indexes) {
    if (index.arrayConfig) entries += Array.isArray(value) ? distinctCount(value) : 0;
    else entries += 1;
  }
  return entries;
}

const distinctCount = (values) =>
  new Set(values.map((value) => JSON.stringify(value) ?? 'null')).size;

/**
 * Index entries of one document: per field (map subfields recursively) two for a scalar
 * (ascending and descending) and one per distinct element for an array (array-contains), or what
 * an index exemption of firestore.indexes.json lists instead; plus, for each composite index of
 * its collection group whose fields the document all holds, one entry per combination of its
 * array-contains field's distinct elements.
 */
/**
 * @typedef {{ fieldPath: string, order?: string, arrayConfig?: string }} IndexField
 * @typedef {{
 *   indexes?: { collectionGroup: string, fields: IndexField[] }[],
 *   fieldOverrides?: { collectionGroup: string, fieldPath: string, indexes?: object[] }[],
 * }} IndexConfig firestore.indexes.json's shape, in the parts the count reads
 * @param {string} path
 * @param {Record<string, unknown>} data
 * @param {IndexConfig} [indexConfig]
 */
export function indexEntries(path, data, indexConfig = { indexes: [], fieldOverrides: [] }) {
  const group = collectionGroupOf(path);
  const overrides = new Map(
    (indexConfig.fieldOverrides ?? [])
      .filter((override) => override.collectionGroup === group)
      .map((override) => [override.fieldPath, override.indexes ?? []]),
  );
  let entries = 0;
  const visit = (fields, prefix) => {
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const fieldPath = prefix ? `${prefix}.${name}` : name;
      if (overrides.has(fieldPath)) {
        entries += configuredEntries(value, overrides.get(fieldPath));
      } else if (Array.isArray(value)) {
        entries += distinctCount(value);
      } else if (isMap(value)) {
        visit(value, fieldPath);
      } else {
        entries += 2;
      }
    }
  };
  visit(data, '');
  for (const index of indexConfig.indexes ?? []) {
    if (index.collectionGroup !== group) continue;
    let combinations = 1;
    for (const field of index.fields) {
      const value = valueAt(data, field.fieldPath);
      if (value === undefined) {
        combinations = 0;
        break;
      }
      if (field.arrayConfig) combinations *= Array.isArray(value) ? distinctCount(value) : 0;
    }
    entries += combinations;
  }
  return entries;
}

/**
 * Every document audited, summed up per collection group: how many, the largest by size and by
 * index entries, and each document over either bound.
 */
export class DocumentAudit {
  /** @param {IndexConfig} indexConfig */
  constructor(indexConfig) {
    this.indexConfig = indexConfig;
    /** @type {Map<string, { documents: number, bytes: number, bytesPath: string, entries: number, entriesPath: string }>} */
    this.groups = new Map();
    /** @type {{ path: string, bytes: number, entries: number }[]} */
    this.overBound = [];
    this.documents = 0;
  }

  add(path, data) {
    const bytes = documentSize(path, data);
    const entries = indexEntries(path, data, this.indexConfig);
    const group = collectionGroupOf(path);
    const summary = this.groups.get(group) ?? {
      documents: 0,
      bytes: -1,
      bytesPath: '',
      entries: -1,
      entriesPath: '',
    };
    summary.documents += 1;
    if (bytes > summary.bytes) Object.assign(summary, { bytes, bytesPath: path });
    if (entries > summary.entries) Object.assign(summary, { entries, entriesPath: path });
    this.groups.set(group, summary);
    this.documents += 1;
    if (bytes > AUDIT_BYTES_BOUND || entries > AUDIT_INDEX_ENTRIES_BOUND)
      this.overBound.push({ path, bytes, entries });
    return { bytes, entries };
  }

  /** The collection groups, largest document first. */
  summary() {
    return [...this.groups.entries()]
      .map(([group, summary]) => ({ group, ...summary }))
      .sort((a, b) => b.bytes - a.bytes);
  }
}
