import { serverValueName } from './enums';
import { invalidArgument } from '../../values/errors';
import { parseFieldPath } from '../../values/fieldPaths';
import { parseTimestamp } from '../../values/timestamps';
import type { Value } from '../../values/types';
import { normalizeFields, normalizeValue, typeOrder, TypeOrder } from '../../values/values';
import {
  checkDatabase,
  MAX_WRITES_PER_COMMIT,
  parseDocumentName,
  type FieldTransform,
  type Precondition,
  type Write,
} from '../engine';
import { isObject } from './json';

/** Decodes the `writes` of a wire commit (Write stream or REST) into validated engine writes. */
export function decodeWrites(database: string, writes: unknown): Write[] {
  checkDatabase(database);
  if (!Array.isArray(writes)) throw invalidArgument('writes must be a list.');
  if (writes.length > MAX_WRITES_PER_COMMIT) {
    throw invalidArgument(`maximum ${MAX_WRITES_PER_COMMIT} writes allowed per request`);
  }
  const decoded = writes.map((write) => decodeWrite(write, database));
  checkVerifiedAlone(decoded);
  return decoded;
}

/**
 * A document a commit verifies is neither written nor verified again by it: Google's emulator
 * refuses such a request whole, with these texts, before any precondition or rule.
 */
function checkVerifiedAlone(writes: Write[]): void {
  const verified = new Set<string>();
  const written = new Set<string>();
  for (const write of writes) {
    if (write.kind === 'verify') {
      if (verified.has(write.name)) {
        throw invalidArgument(
          'the same document cannot be verified more than once in a single request',
        );
      }
      if (written.has(write.name)) {
        throw invalidArgument(
          'the same document cannot be written and then verified in a single request',
        );
      }
      verified.add(write.name);
    } else {
      if (verified.has(write.name)) {
        throw invalidArgument(
          'the same document cannot be verified and then written in a single request',
        );
      }
      written.add(write.name);
    }
  }
}

function decodeName(name: unknown, database: string): string {
  const parsed = parseDocumentName(name);
  if (parsed.database !== database) {
    throw invalidArgument(
      `Document name "${String(name)}" is not in the request's database ${database}.`,
    );
  }
  return name as string;
}

function decodePrecondition(raw: unknown): Precondition | null {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) throw invalidArgument('Invalid precondition.');
  if (raw['exists'] !== undefined && raw['updateTime'] !== undefined) {
    throw invalidArgument('A precondition may set exists or updateTime, not both.');
  }
  const precondition: Precondition = {};
  if (typeof raw['exists'] === 'boolean') precondition.exists = raw['exists'];
  if (raw['updateTime'] !== undefined) precondition.updateTime = parseTimestamp(raw['updateTime']);
  return precondition;
}

function decodeWrite(raw: unknown, database: string): Write {
  if (!isObject(raw)) throw invalidArgument('Invalid write: expected an object.');
  const kinds = ['update', 'delete', 'transform', 'verify'].filter((k) => raw[k] !== undefined);
  if (kinds.length !== 1) {
    throw invalidArgument('A write must have exactly one of update, delete, transform or verify.');
  }
  const kind = kinds[0]!;
  if (kind === 'verify' || kind === 'delete') {
    const name = decodeName(raw[kind], database);
    const precondition = decodePrecondition(raw['currentDocument']);
    if (kind === 'verify' && precondition === null) {
      throw invalidArgument('a verify must contain a precondition');
    }
    return { kind, name, precondition };
  }
  if (kind === 'update') {
    const update = raw['update'];
    if (!isObject(update)) throw invalidArgument('Invalid write: update must be a document.');
    const name = decodeName(update['name'], database);
    const precondition = decodePrecondition(raw['currentDocument']);
    const fields = normalizeFields(update['fields'] ?? {});
    return {
      kind,
      name,
      precondition,
      fields,
      mask: decodeMask(raw['updateMask']),
      transforms: decodeTransforms(raw['updateTransforms']),
    };
  }
  const transform = raw['transform'];
  if (!isObject(transform)) throw invalidArgument('Invalid write: transform must be an object.');
  const name = decodeName(transform['document'], database);
  return {
    kind: 'transform',
    name,
    precondition: decodePrecondition(raw['currentDocument']),
    transforms: decodeTransforms(transform['fieldTransforms']),
  };
}

function decodeMask(mask: unknown): string[][] | null {
  if (mask === undefined || mask === null) return null;
  if (!isObject(mask)) throw invalidArgument('Invalid updateMask.');
  const paths = mask['fieldPaths'] ?? [];
  if (!Array.isArray(paths))
    throw invalidArgument('Invalid updateMask: fieldPaths must be a list.');
  return paths.map((path) => parseFieldPath(path));
}

function decodeTransforms(transforms: unknown): FieldTransform[] | null {
  if (transforms === undefined || transforms === null) return null;
  if (!Array.isArray(transforms))
    throw invalidArgument('Invalid write: transforms must be a list.');
  return transforms.map(decodeTransform);
}

function decodeTransform(raw: unknown): FieldTransform {
  if (!isObject(raw)) throw invalidArgument('Invalid field transform.');
  const path = parseFieldPath(raw['fieldPath']);
  if (raw['setToServerValue'] !== undefined) {
    if (serverValueName(raw['setToServerValue']) !== 'REQUEST_TIME') {
      throw invalidArgument(`Unsupported server value ${JSON.stringify(raw['setToServerValue'])}.`);
    }
    return { path, kind: 'serverTime' };
  }
  for (const kind of ['increment', 'maximum', 'minimum'] as const) {
    if (raw[kind] !== undefined) return { path, kind, operand: numericOperand(raw[kind], kind) };
  }
  for (const kind of ['appendMissingElements', 'removeAllFromArray'] as const) {
    if (raw[kind] !== undefined) return { path, kind, values: arrayOperand(raw[kind]) };
  }
  throw invalidArgument(`Unsupported field transform: ${JSON.stringify(Object.keys(raw))}.`);
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
