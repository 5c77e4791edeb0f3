import { invalidArgument } from '../../values/errors';
import type { Fields, Value } from '../../values/types';

/** Firestore's maximum document size, 1 MiB. */
export const MAX_DOCUMENT_BYTES = 1_048_576;
export const MAX_WRITES_PER_COMMIT = 500;

function utf8(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/**
 * The size of a document name as Firestore's storage size calculation defines it: each path
 * segment after `documents/` counts its UTF-8 bytes plus one, plus 16 bytes.
 */
export function documentNameSize(name: string): number {
  const at = name.indexOf('/documents/');
  const path = at === -1 ? name : name.slice(at + '/documents/'.length);
  let size = 16;
  for (const segment of path.split('/')) size += utf8(segment) + 1;
  return size;
}

export function valueSize(value: Value): number {
  const v = value as Record<string, unknown>;
  if (v['stringValue'] !== undefined) return utf8(v['stringValue'] as string) + 1;
  if (v['integerValue'] !== undefined || v['doubleValue'] !== undefined) return 8;
  if (v['timestampValue'] !== undefined) return 8;
  if (v['booleanValue'] !== undefined || 'nullValue' in v) return 1;
  if (v['bytesValue'] !== undefined) return Buffer.from(v['bytesValue'] as string, 'base64').length;
  if (v['referenceValue'] !== undefined) return documentNameSize(v['referenceValue'] as string);
  if (v['geoPointValue'] !== undefined) return 16;
  if (v['arrayValue'] !== undefined) {
    let size = 0;
    for (const e of (v['arrayValue'] as { values?: Value[] }).values ?? []) size += valueSize(e);
    return size;
  }
  if (v['mapValue'] !== undefined)
    return fieldsSize((v['mapValue'] as { fields?: Fields }).fields ?? {});
  return 0;
}

export function fieldsSize(fields: Fields): number {
  let size = 0;
  for (const key of Object.keys(fields)) size += utf8(key) + 1 + valueSize(fields[key]!);
  return size;
}

export function documentSize(name: string, fields: Fields): number {
  return documentNameSize(name) + fieldsSize(fields) + 32;
}

export function checkDocumentSize(name: string, fields: Fields): void {
  const size = documentSize(name, fields);
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalidArgument(
      `Document '${name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of ${MAX_DOCUMENT_BYTES.toLocaleString('en-US')} bytes.`,
    );
  }
}
