import type { BinaryOp } from './ast';
import {
  EvalError,
  bool,
  duration,
  listContains,
  setContains,
  equals,
  float,
  int,
  isNumber,
  timestamp,
  toDouble,
  typeName,
  type RValue,
} from './values';

function unsupported(op: string, a: RValue, b?: RValue): never {
  const operands = b ? `${typeName(a)} ${op} ${typeName(b)}` : `${op}${typeName(a)}`;
  throw new EvalError(`Unsupported operation error. Received: ${operands}.`);
}

function compare(op: BinaryOp, a: RValue, b: RValue): number {
  if (a.k === 'int' && b.k === 'int') return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  if (isNumber(a) && isNumber(b)) {
    // An int beside a float is compared as a double, as Java compares a long with a double.
    const [x, y] = [toDouble(a), toDouble(b)];
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  // By UTF-16 units, as Java compares strings in Google's engine ('\uE000' < '😀' is false).
  if (a.k === 'string' && b.k === 'string') return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  if ((a.k === 'timestamp' && b.k === 'timestamp') || (a.k === 'duration' && b.k === 'duration')) {
    return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  }
  if (a.k === 'bool' && b.k === 'bool') return Number(a.v) - Number(b.v);
  if (a.k === 'bytes' && b.k === 'bytes') return Buffer.compare(Buffer.from(a.v), Buffer.from(b.v));
  return unsupported(op, a, b);
}

function add(a: RValue, b: RValue): RValue {
  if (a.k === 'int' && b.k === 'int') return int(a.v + b.v);
  if (isNumber(a) && isNumber(b)) return float(toDouble(a) + toDouble(b));
  if (a.k === 'string' && b.k === 'string') return { k: 'string', v: a.v + b.v };
  if (a.k === 'timestamp' && b.k === 'duration') return timestamp(a.ns + b.ns);
  if (a.k === 'duration' && b.k === 'timestamp') return timestamp(a.ns + b.ns);
  if (a.k === 'duration' && b.k === 'duration') return duration(a.ns + b.ns);
  return unsupported('+', a, b);
}

function subtract(a: RValue, b: RValue): RValue {
  if (a.k === 'int' && b.k === 'int') return int(a.v - b.v);
  if (isNumber(a) && isNumber(b)) return float(toDouble(a) - toDouble(b));
  if (a.k === 'timestamp' && b.k === 'timestamp') return { k: 'duration', ns: a.ns - b.ns };
  if (a.k === 'timestamp' && b.k === 'duration') return timestamp(a.ns - b.ns);
  if (a.k === 'duration' && b.k === 'duration') return duration(a.ns - b.ns);
  return unsupported('-', a, b);
}

function multiply(a: RValue, b: RValue): RValue {
  if (a.k === 'int' && b.k === 'int') return int(a.v * b.v);
  if (isNumber(a) && isNumber(b)) return float(toDouble(a) * toDouble(b));
  return unsupported('*', a, b);
}

function divide(a: RValue, b: RValue): RValue {
  if (a.k === 'int' && b.k === 'int') {
    if (b.v === 0n) throw new EvalError('Division by zero.');
    // Toward zero, and wrapping as Java's long division does: -2^63 / -1 is -2^63.
    return { k: 'int', v: BigInt.asIntN(64, a.v / b.v) };
  }
  if (isNumber(a) && isNumber(b)) return float(toDouble(a) / toDouble(b));
  return unsupported('/', a, b);
}

function modulo(a: RValue, b: RValue): RValue {
  if (a.k === 'int' && b.k === 'int') {
    if (b.v === 0n) throw new EvalError('Division by zero.');
    return { k: 'int', v: a.v % b.v };
  }
  if (isNumber(a) && isNumber(b)) return float(toDouble(a) % toDouble(b));
  return unsupported('%', a, b);
}

export function membership(element: RValue, collection: RValue): RValue {
  switch (collection.k) {
    case 'list':
      return bool(listContains(collection.v, element));
    case 'set':
      return bool(setContains(collection.v, element));
    case 'map':
      if (element.k !== 'string') return unsupported('in', element, collection);
      return bool(collection.v.has(element.v));
    case 'null':
      throw new EvalError('Null value error.');
    default:
      return unsupported('in', element, collection);
  }
}

/** Every binary operator except the short-circuiting `&&` and `||`. */
export function applyBinary(op: BinaryOp, a: RValue, b: RValue): RValue {
  switch (op) {
    case '==':
      return bool(equals(a, b));
    case '!=':
      return bool(!equals(a, b));
    case '<':
      return bool(compare(op, a, b) < 0);
    case '<=':
      return bool(compare(op, a, b) <= 0);
    case '>':
      return bool(compare(op, a, b) > 0);
    case '>=':
      return bool(compare(op, a, b) >= 0);
    case 'in':
      return membership(a, b);
    case '+':
      return add(a, b);
    case '-':
      return subtract(a, b);
    case '*':
      return multiply(a, b);
    case '/':
      return divide(a, b);
    case '%':
      return modulo(a, b);
    default:
      throw new EvalError(`Unexpected operator ${op}.`);
  }
}

export function applyUnary(op: '!' | '-', a: RValue): RValue {
  if (op === '!') {
    if (a.k === 'bool') return bool(!a.v);
    if (a.k === 'null') throw new EvalError('Null value error.');
    return unsupported('!', a);
  }
  if (a.k === 'int') return int(-a.v);
  if (a.k === 'float') return float(-a.v);
  if (a.k === 'duration') return { k: 'duration', ns: -a.ns };
  return unsupported('-', a);
}

export function isType(value: RValue, name: string): boolean {
  switch (name) {
    case 'number':
      return isNumber(value);
    case 'map':
      return value.k === 'map';
    default:
      return value.k === name;
  }
}
