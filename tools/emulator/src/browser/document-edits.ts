import type { Fields, Value } from '../values/types';

/**
 * Where a value sits in a document: its top-level field's name, then a map key or an array index
 * per level (`["tags", 1]`, `["userInfo", "links", "site"]`). Firestore's field paths cannot
 * name an array element, so the data browser edits a value by rewriting its top-level field.
 */
export type ValuePath = Array<string | number>;

/** Deeper than any value Firestore stores (its limit is 20 levels of maps and arrays). */
const MAX_DEPTH = 32;

/** A path as the forms carry it (JSON); null when it is not one. */
export function parseValuePath(text: string | null): ValuePath | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_DEPTH) return null;
  const ok = parsed.every(
    (step, i) =>
      (typeof step === 'string' && (i > 0 || step !== '')) ||
      (i > 0 && typeof step === 'number' && Number.isInteger(step) && step >= 0),
  );
  return ok ? (parsed as ValuePath) : null;
}

export function formatValuePath(path: ValuePath): string {
  return JSON.stringify(path);
}

/** The value at `path`; undefined when nothing is there. */
export function valueAt(fields: Fields, path: ValuePath): Value | undefined {
  if (path.length === 0) return { mapValue: { fields } };
  let current: Value | undefined = fields[path[0] as string];
  for (const step of path.slice(1)) {
    if (current === undefined) return undefined;
    current = childOf(current, step);
  }
  return current;
}

function childOf(value: Value, step: string | number): Value | undefined {
  if (typeof step === 'number' && 'arrayValue' in value) return value.arrayValue.values?.[step];
  if (typeof step === 'string' && 'mapValue' in value) return value.mapValue.fields?.[step];
  return undefined;
}

/** One change to a document's data. */
export type ValueEdit =
  | { kind: 'set'; path: ValuePath; value: Value }
  | { kind: 'delete'; path: ValuePath }
  /** Into the map (or the document, `path` []) at `path` under a new key, or onto the array's end. */
  | { kind: 'add'; path: ValuePath; key: string | null; value: Value };

/** What to write: the new value of one top-level field, or null to delete that field. */
export interface FieldWrite {
  field: string;
  value: Value | null;
}

export class EditError extends Error {}

/** The top-level field write that makes `edit` (the document's `fields` are not changed). */
export function applyEdit(fields: Fields, edit: ValueEdit): FieldWrite {
  if (edit.kind === 'add') {
    if (edit.path.length === 0) {
      if (!edit.key) throw new EditError('A field needs a name.');
      if (edit.key in fields) throw new EditError(`The field ${edit.key} exists already.`);
      return { field: edit.key, value: edit.value };
    }
    const parent = valueAt(fields, edit.path);
    if (parent === undefined) throw new EditError('That value is not there any more.');
    if ('arrayValue' in parent) {
      const values = [...(parent.arrayValue.values ?? []), edit.value];
      return rewrite(fields, edit.path, { arrayValue: { values } });
    }
    if ('mapValue' in parent) {
      if (!edit.key) throw new EditError('A map entry needs a key.');
      const existing = parent.mapValue.fields ?? {};
      if (edit.key in existing) throw new EditError(`The key ${edit.key} exists already.`);
      return rewrite(fields, edit.path, {
        mapValue: { fields: { ...existing, [edit.key]: edit.value } },
      });
    }
    throw new EditError('Only a map or an array takes a new entry.');
  }
  if (edit.path.length === 0) throw new EditError('Name a field.');
  if (valueAt(fields, edit.path) === undefined)
    throw new EditError('That value is not there any more.');
  if (edit.kind === 'set') return rewrite(fields, edit.path, edit.value);
  if (edit.path.length === 1) return { field: edit.path[0] as string, value: null };
  const parentPath = edit.path.slice(0, -1);
  const parent = valueAt(fields, parentPath)!;
  const step = edit.path[edit.path.length - 1]!;
  if ('arrayValue' in parent) {
    const values = (parent.arrayValue.values ?? []).filter((_, i) => i !== step);
    return rewrite(fields, parentPath, { arrayValue: { values } });
  }
  const { [step as string]: _removed, ...rest } =
    (parent as { mapValue: { fields?: Fields } }).mapValue.fields ?? {};
  return rewrite(fields, parentPath, { mapValue: { fields: rest } });
}

/** The top-level field of `path` with the value at `path` replaced by `value`. */
function rewrite(fields: Fields, path: ValuePath, value: Value): FieldWrite {
  const field = path[0] as string;
  return { field, value: replaced(fields[field], path.slice(1), value) };
}

function replaced(current: Value | undefined, rest: ValuePath, value: Value): Value {
  if (rest.length === 0) return value;
  const [step, ...deeper] = rest;
  if (current !== undefined && typeof step === 'number' && 'arrayValue' in current) {
    const values = [...(current.arrayValue.values ?? [])];
    values[step] = replaced(values[step], deeper, value);
    return { arrayValue: { values } };
  }
  if (current !== undefined && typeof step === 'string' && 'mapValue' in current) {
    const fields = { ...(current.mapValue.fields ?? {}) };
    fields[step] = replaced(fields[step], deeper, value);
    return { mapValue: { fields } };
  }
  throw new EditError('That value is not there any more.');
}
