import { FirestoreError, invalidArgument } from '../../values/errors';
import { deleteField, getField, setField } from '../../values/fieldPaths';
import { canonicalTimestamp, parseTimestamp } from '../../values/timestamps';
import type { Fields, PlannedWrite, StoredDocument, Value } from '../../values/types';
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
  toNumber,
  typeOrder,
  TypeOrder,
} from '../../values/values';
import { checkDocumentSize } from './limits';
import type { FieldTransform, Precondition, Write, WriteResult } from './types';

export interface StagedWrite {
  name: string;
  /** null for `verify`, which only checks its precondition. */
  planned: PlannedWrite | null;
  result: WriteResult;
  /**
   * The precondition this write failed. The write is staged as if it held: rules judge the
   * commit first, and only a commit they allow answers with this error.
   */
  failed: FirestoreError | null;
}

export interface WriteContext {
  /** Commit time, canonical form; also the value of REQUEST_TIME. */
  commitTime: string;
  /** The document as staged so far in this batch. */
  current(name: string): StoredDocument | null;
  /** The document before this batch: what `updateTime` preconditions compare with. */
  original(name: string): StoredDocument | null;
}

function failedPrecondition(
  precondition: Precondition | null,
  name: string,
  staged: StoredDocument | null,
  original: StoredDocument | null,
): FirestoreError | null {
  if (precondition === null) return null;
  if (precondition.exists === true && staged === null) {
    return FirestoreError.of('NOT_FOUND', `No document to update: ${name}`);
  }
  if (precondition.exists === false && staged !== null) {
    return FirestoreError.of('ALREADY_EXISTS', `Document already exists: ${name}`);
  }
  if (precondition.updateTime !== undefined) {
    const required = precondition.updateTime;
    const stored = original === null ? 0n : parseTimestamp(original.updateTime);
    if (original === null || stored !== required) {
      return FirestoreError.of(
        'FAILED_PRECONDITION',
        `the stored version (${stored}) does not match the required base version (${required})`,
      );
    }
  }
  return null;
}

/** Applies one validated write to the (staged) document it names. */
export function stageWrite(write: Write, ctx: WriteContext): StagedWrite {
  const name = write.name;
  const before = ctx.current(name);
  const failed = failedPrecondition(write.precondition, name, before, ctx.original(name));
  if (write.kind === 'verify') return { name, planned: null, result: {}, failed };
  if (write.kind === 'delete') {
    return {
      name,
      planned: { name, method: 'delete', before, after: null },
      result: {},
      failed,
    };
  }

  let fields: Fields;
  if (write.kind === 'transform') {
    fields = { ...(before?.fields ?? {}) };
  } else if (write.mask === null) {
    fields = write.fields;
  } else {
    fields = { ...(before?.fields ?? {}) };
    for (const path of write.mask) {
      const value = getField(write.fields, path);
      if (value === undefined) deleteField(fields, path);
      else setField(fields, path, value);
    }
  }

  const result: WriteResult = {};
  if (write.transforms !== null) {
    result.transformResults = write.transforms.map((t) =>
      transformResult(t, applyTransform(fields, t, ctx.commitTime)),
    );
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
    failed,
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

/**
 * What a write answers for a transform: the value it wrote, but null for arrayUnion and
 * arrayRemove ("The corresponding transform_result will be the null value", in Firestore's
 * `DocumentTransform.FieldTransform` reference; Google's emulator answers so).
 */
function transformResult(transform: FieldTransform, written: Value): Value {
  const arrayTransform =
    transform.kind === 'appendMissingElements' || transform.kind === 'removeAllFromArray';
  return arrayTransform ? { nullValue: null } : written;
}

function applyTransform(fields: Fields, transform: FieldTransform, commitTime: string): Value {
  const current = getField(fields, transform.path);
  let next: Value;
  switch (transform.kind) {
    case 'serverTime':
      next = { timestampValue: canonicalTimestamp(commitTime) };
      break;
    case 'increment':
      next = increment(current, transform.operand);
      break;
    case 'maximum':
      next = extremum(current, transform.operand, 1);
      break;
    case 'minimum':
      next = extremum(current, transform.operand, -1);
      break;
    case 'appendMissingElements': {
      const out = current !== undefined && isArrayValue(current) ? [...arrayElements(current)] : [];
      for (const v of transform.values) if (!arrayContains(out, v)) out.push(v);
      next = { arrayValue: { values: out } };
      break;
    }
    case 'removeAllFromArray': {
      const base = current !== undefined && isArrayValue(current) ? arrayElements(current) : [];
      next = {
        arrayValue: { values: base.filter((e) => !arrayContains(transform.values, e)) },
      };
      break;
    }
  }
  setField(fields, transform.path, next);
  return next;
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
