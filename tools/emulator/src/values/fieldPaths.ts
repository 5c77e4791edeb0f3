import { invalidArgument } from './errors';
import type { Fields, Value } from './types';
import { compareUtf8 } from './values';

/** Field paths: parsing the wire form, ordering, and reading and writing fields by path. */

const SIMPLE_SEGMENT = /^[A-Za-z_][A-Za-z_0-9]*$/;

/** Parses `a.b`, `` a.`b.c` ``, `` `x\`y` `` into segments. */
export function parseFieldPath(path: unknown): string[] {
  if (typeof path !== 'string' || path === '') {
    throw invalidArgument(`Invalid field path: ${JSON.stringify(path)}`);
  }
  const segments: string[] = [];
  let i = 0;
  while (i < path.length) {
    let segment = '';
    if (path[i] === '`') {
      i++;
      let closed = false;
      while (i < path.length) {
        const c = path[i]!;
        if (c === '\\' && i + 1 < path.length) {
          segment += path[i + 1];
          i += 2;
        } else if (c === '`') {
          closed = true;
          i++;
          break;
        } else {
          segment += c;
          i++;
        }
      }
      if (!closed || segment === '') throw invalidArgument(`Invalid field path: "${path}"`);
    } else {
      const end = path.indexOf('.', i);
      segment = path.slice(i, end === -1 ? path.length : end);
      i = end === -1 ? path.length : end;
      if (segment === '' || segment.includes('`')) {
        throw invalidArgument(`Invalid field path: "${path}"`);
      }
    }
    segments.push(segment);
    if (i < path.length) {
      if (path[i] !== '.' || i === path.length - 1) {
        throw invalidArgument(`Invalid field path: "${path}"`);
      }
      i++;
    }
  }
  return segments;
}

export function formatFieldPath(segments: string[]): string {
  return segments
    .map((s) =>
      SIMPLE_SEGMENT.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`',
    )
    .join('.');
}

export function compareFieldPaths(a: string[], b: string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareUtf8(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

export function isPrefixPath(prefix: string[], path: string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== path[i]) return false;
  return true;
}

export function getField(fields: Fields, segments: string[]): Value | undefined {
  let current: Value | undefined = fields[segments[0]!];
  for (let i = 1; i < segments.length; i++) {
    if (current === undefined) return undefined;
    const map = (current as { mapValue?: { fields?: Fields } }).mapValue;
    if (map === undefined) return undefined;
    current = map.fields?.[segments[i]!];
  }
  return current;
}

/** Sets a value, replacing any non-map on the way with a map. Mutates `fields`. */
export function setField(fields: Fields, segments: string[], value: Value): void {
  let target = fields;
  for (let i = 0; i < segments.length - 1; i++) {
    const key = segments[i]!;
    const existing = target[key] as { mapValue?: { fields?: Fields } } | undefined;
    if (existing?.mapValue) {
      // Copy on write: maps may be shared with the stored previous version.
      const copy: Fields = { ...(existing.mapValue.fields ?? {}) };
      target[key] = { mapValue: { fields: copy } };
      target = copy;
    } else {
      const created: Fields = {};
      target[key] = { mapValue: { fields: created } };
      target = created;
    }
  }
  target[segments[segments.length - 1]!] = value;
}

/** Removes a field if present. Mutates `fields` (copying the maps on the way). */
export function deleteField(fields: Fields, segments: string[]): void {
  if (getField(fields, segments) === undefined) return;
  let target = fields;
  for (let i = 0; i < segments.length - 1; i++) {
    const key = segments[i]!;
    const existing = target[key] as { mapValue: { fields?: Fields } };
    const copy: Fields = { ...(existing.mapValue.fields ?? {}) };
    target[key] = { mapValue: { fields: copy } };
    target = copy;
  }
  delete target[segments[segments.length - 1]!];
}
