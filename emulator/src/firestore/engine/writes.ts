import { FirestoreError, invalidArgument } from '../../values';
import { checkDocumentSize } from './limits';
import { deleteField, getField, parseDocumentName, parseFieldPath, setField } from './paths';
import { canonicalTimestamp, parseTimestamp } from '../../values';
import type { WriteResult } from './types';
import type { Fields, PlannedWrite, StoredDocument, Value } from '../../values';
import {
  arrayContains,
  arrayElements,
  bigIntOf,
  compareValues,
  doubleValue,
  identical,
  integerValue,
  isArrayValue,
  isInteger,
  normalizeFields,
  normalizeValue,
  toNumber,
  typeOrder,
  TypeOrder,
} from '../../values';

/** Turns one wire `Write` into its effect on the (staged) document it names. */

export interface StagedWrite {
  name: string;
  /** null for `verify`, which only checks its precondition. */
  planned: PlannedWrite | null;
  result: WriteResult;
}

export interface WriteContext {
  database: string;
  /** Commit time, canonical form; also the value of REQUEST_TIME. */
  commitTime: string;
  /** The document as staged so far in this batch. */
  current(name: string): StoredDocument | null;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

function checkName(name: unknown, ctx: WriteContext): string {
  const parsed = parseDocumentName(name);
  if (parsed.database !== ctx.database) {
    throw invalidArgument(
      `Document name "${String(name)}" is not in the request's database ${ctx.database}.`,
    );
  }
  return name as string;
}

function versionMicros(time: string | undefined): bigint {
  return time === undefined ? 0n : parseTimestamp(time);
}

function checkPrecondition(raw: unknown, name: string, doc: StoredDocument | null): void {
  if (raw === undefined || raw === null) return;
  if (!isObject(raw)) throw invalidArgument('Invalid precondition.');
  if (raw['exists'] !== undefined && raw['updateTime'] !== undefined) {
    throw invalidArgument('A precondition may set exists or updateTime, not both.');
  }
  if (raw['exists'] === true && doc === null) {
    throw FirestoreError.of('NOT_FOUND', `No document to update: ${name}`);
  }
  if (raw['exists'] === false && doc !== null) {
    throw FirestoreError.of('ALREADY_EXISTS', `Document already exists: ${name}`);
  }
  if (raw['updateTime'] !== undefined) {
    const required = parseTimestamp(raw['updateTime']);
    const stored = versionMicros(doc?.updateTime);
    if (doc === null || stored !== required) {
      throw FirestoreError.of(
        'FAILED_PRECONDITION',
        `the stored version (${stored}) does not match the required base version (${required})`,
      );
    }
  }
}

export function stageWrite(raw: unknown, ctx: WriteContext): StagedWrite {
  if (!isObject(raw)) throw invalidArgument('Invalid write: expected an object.');
  const kinds = ['update', 'delete', 'transform', 'verify'].filter((k) => raw[k] !== undefined);
  if (kinds.length !== 1) {
    throw invalidArgument('A write must have exactly one of update, delete, transform or verify.');
  }
  const kind = kinds[0]!;

  if (kind === 'verify') {
    const name = checkName(raw['verify'], ctx);
    checkPrecondition(raw['currentDocument'], name, ctx.current(name));
    return { name, planned: null, result: {} };
  }

  if (kind === 'delete') {
    const name = checkName(raw['delete'], ctx);
    const before = ctx.current(name);
    checkPrecondition(raw['currentDocument'], name, before);
    return {
      name,
      planned: { name, method: 'delete', before, after: null },
      result: {},
    };
  }

  let name: string;
  let fields: Fields;
  let transforms: unknown;
  let before: StoredDocument | null;
  if (kind === 'update') {
    const update = raw['update'];
    if (!isObject(update)) throw invalidArgument('Invalid write: update must be a document.');
    name = checkName(update['name'], ctx);
    before = ctx.current(name);
    checkPrecondition(raw['currentDocument'], name, before);
    const given = normalizeFields(update['fields'] ?? {});
    const mask = raw['updateMask'];
    if (mask === undefined || mask === null) {
      fields = given;
    } else {
      if (!isObject(mask)) throw invalidArgument('Invalid updateMask.');
      const paths = mask['fieldPaths'] ?? [];
      if (!Array.isArray(paths))
        throw invalidArgument('Invalid updateMask: fieldPaths must be a list.');
      fields = { ...(before?.fields ?? {}) };
      for (const rawPath of paths) {
        const path = parseFieldPath(rawPath);
        const value = getField(given, path);
        if (value === undefined) deleteField(fields, path);
        else setField(fields, path, value);
      }
    }
    transforms = raw['updateTransforms'];
  } else {
    const transform = raw['transform'];
    if (!isObject(transform)) throw invalidArgument('Invalid write: transform must be an object.');
    name = checkName(transform['document'], ctx);
    before = ctx.current(name);
    checkPrecondition(raw['currentDocument'], name, before);
    fields = { ...(before?.fields ?? {}) };
    transforms = transform['fieldTransforms'];
  }

  const result: WriteResult = {};
  if (transforms !== undefined && transforms !== null) {
    if (!Array.isArray(transforms))
      throw invalidArgument('Invalid write: transforms must be a list.');
    result.transformResults = transforms.map((t) => applyTransform(fields, t, ctx.commitTime));
  }

  checkDocumentSize(name, fields);
  checkDepth(fields, 1);

  let after: StoredDocument;
  if (before !== null && identical(before.fields, fields)) {
    after = before; // Nothing changed: Firestore keeps the previous update time.
  } else {
    after = {
      name,
      fields,
      createTime: before?.createTime ?? ctx.commitTime,
      updateTime: ctx.commitTime,
    };
  }
  result.updateTime = after.updateTime;
  return {
    name,
    planned: {
      name,
      method: before === null ? 'create' : 'update',
      before,
      after,
    },
    result,
  };
}

/** Field paths can create maps deeper than any incoming value; Firestore allows 20 levels. */
function checkDepth(fields: Fields, depth: number): void {
  for (const [key, value] of Object.entries(fields)) {
    const map = (value as { mapValue?: { fields?: Fields } }).mapValue;
    const array = (value as { arrayValue?: { values?: Value[] } }).arrayValue;
    if (map === undefined && array === undefined) continue;
    if (depth > 20) throw invalidArgument(`Property ${key} contains an invalid nested entity.`);
    if (map !== undefined) checkDepth(map.fields ?? {}, depth + 1);
    else {
      for (const e of array!.values ?? []) {
        const inner = (e as { mapValue?: { fields?: Fields } }).mapValue;
        if (inner === undefined) continue;
        if (depth + 1 > 20)
          throw invalidArgument(`Property ${key} contains an invalid nested entity.`);
        checkDepth(inner.fields ?? {}, depth + 2);
      }
    }
  }
}

function applyTransform(fields: Fields, raw: unknown, commitTime: string): Value {
  if (!isObject(raw)) throw invalidArgument('Invalid field transform.');
  const path = parseFieldPath(raw['fieldPath']);
  const current = getField(fields, path);
  let next: Value;
  if (raw['setToServerValue'] !== undefined) {
    if (raw['setToServerValue'] !== 'REQUEST_TIME') {
      throw invalidArgument(`Unsupported server value ${JSON.stringify(raw['setToServerValue'])}.`);
    }
    next = { timestampValue: canonicalTimestamp(commitTime) };
  } else if (raw['increment'] !== undefined) {
    next = increment(current, numericOperand(raw['increment'], 'increment'));
  } else if (raw['maximum'] !== undefined) {
    next = extremum(current, numericOperand(raw['maximum'], 'maximum'), 1);
  } else if (raw['minimum'] !== undefined) {
    next = extremum(current, numericOperand(raw['minimum'], 'minimum'), -1);
  } else if (raw['appendMissingElements'] !== undefined) {
    const values = arrayOperand(raw['appendMissingElements']);
    const out = current !== undefined && isArrayValue(current) ? [...arrayElements(current)] : [];
    for (const v of values) if (!arrayContains(out, v)) out.push(v);
    next = { arrayValue: { values: out } };
  } else if (raw['removeAllFromArray'] !== undefined) {
    const values = arrayOperand(raw['removeAllFromArray']);
    const base = current !== undefined && isArrayValue(current) ? arrayElements(current) : [];
    next = {
      arrayValue: { values: base.filter((e) => !arrayContains(values, e)) },
    };
  } else {
    throw invalidArgument(`Unsupported field transform: ${JSON.stringify(Object.keys(raw))}.`);
  }
  setField(fields, path, next);
  return next;
}

function numericOperand(raw: unknown, what: string): Value {
  const value = normalizeValue(raw);
  if (typeOrder(value) !== TypeOrder.Number) {
    throw invalidArgument(`The ${what} transform needs a numeric operand.`);
  }
  return value;
}

function arrayOperand(raw: unknown): Value[] {
  if (!isObject(raw)) throw invalidArgument('Invalid array transform.');
  const values = raw['values'] ?? [];
  if (!Array.isArray(values))
    throw invalidArgument('Invalid array transform: values must be a list.');
  return values.map((v) => normalizeValue(v, 2, true));
}

function isNumber(value: Value | undefined): value is Value {
  return value !== undefined && typeOrder(value) === TypeOrder.Number;
}

function increment(current: Value | undefined, operand: Value): Value {
  if (!isNumber(current)) return operand;
  if (isInteger(current) && isInteger(operand)) {
    return integerValue(bigIntOf(current) + bigIntOf(operand)); // saturates at the int64 bounds
  }
  return doubleValue(toNumber(current) + toNumber(operand));
}

function extremum(current: Value | undefined, operand: Value, direction: 1 | -1): Value {
  if (!isNumber(current)) return operand;
  const c = compareValues(operand, current) * direction;
  return c > 0 ? operand : current;
}
