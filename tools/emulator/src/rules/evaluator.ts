import type { Expr, FunctionDecl } from './ast';
import type { RulesCoverage } from './coverage';
import { NAMESPACES, callMethod, toFloat, toInt, toStringValue } from './methods';
import { applyBinary, applyUnary, isType } from './operators';
import { EvalError, FALSE, NULL, TRUE, bool, list, show, typeName, type RValue } from './values';

/** A `let` binding is evaluated on first use, so an unused failing binding does not fail. */
type Binding = RValue | { thunk: () => RValue; value?: RValue };

export interface Scope {
  vars: Map<string, Binding>;
  functions: Map<string, FunctionDecl>;
  parent: Scope | null;
}

/** Reads of other documents (Firestore only): null when the document does not exist. */
export interface DocumentReader {
  read(segments: string[], after: boolean): RValue;
}

export interface Runtime {
  globals: Map<string, RValue>;
  documents: DocumentReader | null;
  depth: number;
  /** Told what each expression evaluated to (the rules' coverage); it never changes a result. */
  coverage?: RulesCoverage | null;
}

export const MAX_CALL_DEPTH = 20;
export const BUILTIN_FUNCTIONS: Record<string, [number, number]> = {
  get: [1, 1],
  exists: [1, 1],
  getAfter: [1, 1],
  existsAfter: [1, 1],
  int: [1, 1],
  float: [1, 1],
  string: [1, 1],
  path: [1, 1],
  debug: [1, 1],
};

export function childScope(
  parent: Scope | null,
  vars: Map<string, Binding>,
  functions?: FunctionDecl[],
): Scope {
  return { vars, functions: new Map((functions ?? []).map((f) => [f.name, f])), parent };
}

function lookupVar(scope: Scope | null, name: string, rt: Runtime): RValue {
  for (let s = scope; s; s = s.parent) {
    const binding = s.vars.get(name);
    if (binding === undefined) continue;
    if ('thunk' in binding) {
      if (binding.value === undefined) binding.value = binding.thunk();
      return binding.value;
    }
    return binding;
  }
  const global = rt.globals.get(name);
  if (global !== undefined) return global;
  throw new EvalError(`Variable ${name} is not defined.`);
}

function isVariable(scope: Scope | null, name: string): boolean {
  for (let s = scope; s; s = s.parent) if (s.vars.has(name)) return true;
  return false;
}

function lookupFunction(
  scope: Scope | null,
  name: string,
): { decl: FunctionDecl; scope: Scope } | null {
  for (let s = scope; s; s = s.parent) {
    const decl = s.functions.get(name);
    if (decl) return { decl, scope: s };
  }
  return null;
}

function asBool(value: RValue): boolean {
  if (value.k === 'bool') return value.v;
  if (value.k === 'null') throw new EvalError('Null value error.');
  throw new EvalError(`Expected a boolean, received ${typeName(value)}.`);
}

function member(object: RValue, name: string): RValue {
  if (object.k === 'null') throw new EvalError('Null value error.');
  if (object.k === 'map') {
    const value = object.v.get(name);
    if (value === undefined) throw new EvalError(`Property ${name} is undefined on object.`);
    return value;
  }
  throw new EvalError(`Property ${name} is undefined on object.`);
}

function index(object: RValue, key: RValue): RValue {
  if (object.k === 'null') throw new EvalError('Null value error.');
  if (object.k === 'map') {
    if (key.k !== 'string') throw new EvalError(`Map keys are strings, received ${typeName(key)}.`);
    const value = object.v.get(key.v);
    if (value === undefined) throw new EvalError(`Property ${key.v} is undefined on object.`);
    return value;
  }
  if (object.k === 'list' || object.k === 'path') {
    if (key.k !== 'int') throw new EvalError(`Index must be an int, received ${typeName(key)}.`);
    const items: RValue[] =
      object.k === 'list' ? object.v : object.segments.map((v) => ({ k: 'string', v }) as RValue);
    // No index from the end, for lists as for paths (measured against Google's engine).
    const value = key.v >= 0n ? items[Number(key.v)] : undefined;
    if (value === undefined) {
      throw new EvalError(`Index out of bound error. Index: [${key.v}] , size: [${items.length}].`);
    }
    return value;
  }
  if (object.k === 'string' && key.k === 'int') {
    // A UTF-16 unit, as Google's engine indexes ('a😀'[1] is the high surrogate).
    const value = key.v >= 0n ? object.v[Number(key.v)] : undefined;
    if (value === undefined) throw new EvalError('Index out of range.');
    return { k: 'string', v: value };
  }
  throw new EvalError(`Cannot index a value of type ${typeName(object)}.`);
}

/**
 * `a[from:to]` of a string (UTF-16 units) or a list, with Google's errors: no negative or
 * clamped bounds (so `'abc'[0:0]` is an error, `'abc'[1:1]` is ''), and `from` after `to` is an
 * illegal range.
 */
function slice(object: RValue, from: RValue | null, to: RValue | null): RValue {
  if (object.k === 'null') throw new EvalError('Null value error.');
  const bound = (v: RValue | null) => (v === null ? 'null' : typeName(v));
  if (
    (object.k !== 'string' && object.k !== 'list') ||
    (from !== null && from.k !== 'int') ||
    (to !== null && to.k !== 'int')
  ) {
    const name = typeName(object);
    throw new EvalError(
      `Unsupported operation error. Received: ${name}[${bound(from)}:${bound(to)}]. Expected: ` +
        `${name}[null:null], ${name}[null:int], ${name}[int:null], ${name}[int:int].`,
    );
  }
  const size = object.v.length;
  // Beyond 2^53 a bound is out of range either way, so a double holds it well enough.
  const start = from === null ? 0 : Number((from as { v: bigint }).v);
  const end = to === null ? size : Number((to as { v: bigint }).v);
  const outOfBound = (at: number) =>
    new EvalError(`Index out of bound error. Index: [${at}] , size: [${size}].`);
  // A bound given must index an element: `from` itself, `to` the one before it.
  if (from !== null && (start < 0 || start >= size)) throw outOfBound(start);
  if (to !== null && (end - 1 < 0 || end - 1 >= size)) throw outOfBound(end - 1);
  if (start > end) {
    throw new EvalError(`Illegal range error. From index: [${start}] , To index: [${end}].`);
  }
  return object.k === 'string'
    ? { k: 'string', v: object.v.slice(start, end) }
    : { k: 'list', v: object.v.slice(start, end) };
}

function pathSegments(value: RValue): string[] {
  switch (value.k) {
    case 'path':
      return value.segments;
    case 'string':
      return value.v.split('/').filter((s) => s !== '');
    case 'int':
      return [String(value.v)];
    default:
      throw new EvalError(`Cannot use a value of type ${typeName(value)} in a path.`);
  }
}

export function evaluate(expr: Expr, scope: Scope | null, rt: Runtime): RValue {
  const coverage = rt.coverage;
  if (!coverage) return evaluateExpression(expr, scope, rt);
  let value: RValue;
  try {
    value = evaluateExpression(expr, scope, rt);
  } catch (error) {
    if (error instanceof EvalError) coverage.failed(expr, error);
    throw error;
  }
  coverage.evaluated(expr, value);
  return value;
}

function evaluateExpression(expr: Expr, scope: Scope | null, rt: Runtime): RValue {
  switch (expr.kind) {
    case 'literal': {
      const v = expr.value;
      switch (v.type) {
        case 'null':
          return NULL;
        case 'bool':
          return bool(v.value);
        case 'int':
          return { k: 'int', v: v.value };
        case 'float':
          return { k: 'float', v: v.value };
        case 'bytes':
          return { k: 'bytes', v: v.value };
        default:
          return { k: 'string', v: v.value };
      }
    }
    case 'ident':
      return lookupVar(scope, expr.name, rt);
    case 'list':
      return list(expr.items.map((item) => evaluate(item, scope, rt)));
    case 'map': {
      const out = new Map<string, RValue>();
      for (const entry of expr.entries) {
        const key = evaluate(entry.key, scope, rt);
        if (key.k !== 'string') throw new EvalError('Map keys must be strings.');
        out.set(key.v, evaluate(entry.value, scope, rt));
      }
      return { k: 'map', v: out };
    }
    case 'path': {
      const segments: string[] = [];
      for (const part of expr.parts) {
        if ('text' in part) segments.push(decodeURIComponentSafe(part.text));
        else segments.push(...pathSegments(evaluate(part.expr, scope, rt)));
      }
      return { k: 'path', segments };
    }
    case 'member':
      return member(evaluate(expr.object, scope, rt), expr.name);
    case 'index':
      return index(evaluate(expr.object, scope, rt), evaluate(expr.index, scope, rt));
    case 'slice':
      return slice(
        evaluate(expr.object, scope, rt),
        expr.from && evaluate(expr.from, scope, rt),
        expr.to && evaluate(expr.to, scope, rt),
      );
    case 'unary':
      return applyUnary(expr.op, evaluate(expr.operand, scope, rt));
    case 'is':
      return bool(isType(evaluate(expr.operand, scope, rt), expr.typeName));
    case 'ternary': {
      const test = asBool(evaluate(expr.test, scope, rt));
      rt.coverage?.skipped(test ? expr.otherwise : expr.then);
      return test ? evaluate(expr.then, scope, rt) : evaluate(expr.otherwise, scope, rt);
    }
    case 'binary':
      if (expr.op === '&&' || expr.op === '||')
        return logical(expr.op, expr.left, expr.right, scope, rt);
      return applyBinary(expr.op, evaluate(expr.left, scope, rt), evaluate(expr.right, scope, rt));
    case 'call':
      return call(expr, scope, rt);
    default:
      throw new EvalError('Unsupported expression.');
  }
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * `&&` and `||` as the official evaluator treats errors: an erroring side is skipped when the
 * other side alone decides the result (`error || true` is true, `error && false` is false).
 */
function logical(
  op: '&&' | '||',
  left: Expr,
  right: Expr,
  scope: Scope | null,
  rt: Runtime,
): RValue {
  const decisive = op === '||';
  let leftError: unknown = null;
  try {
    if (asBool(evaluate(left, scope, rt)) === decisive) {
      rt.coverage?.skipped(right);
      return bool(decisive);
    }
  } catch (error) {
    if (!(error instanceof EvalError)) throw error;
    leftError = error;
  }
  let rightValue: boolean;
  try {
    rightValue = asBool(evaluate(right, scope, rt));
  } catch (error) {
    if (leftError && error instanceof EvalError) throw leftError;
    throw error;
  }
  if (leftError) {
    if (rightValue === decisive) return bool(decisive);
    throw leftError;
  }
  return bool(rightValue);
}

function call(expr: Extract<Expr, { kind: 'call' }>, scope: Scope | null, rt: Runtime): RValue {
  const callee = expr.callee;
  const args = () => expr.args.map((arg) => evaluate(arg, scope, rt));
  if (callee.kind === 'member') {
    const object = callee.object;
    if (object.kind === 'ident' && NAMESPACES[object.name] && !isVariable(scope, object.name)) {
      const fn = NAMESPACES[object.name]![callee.name];
      if (!fn)
        throw new EvalError(`Function not found error: Name: [${object.name}.${callee.name}].`);
      return fn.fn(args());
    }
    return callMethod(evaluate(object, scope, rt), callee.name, args());
  }
  if (callee.kind !== 'ident') throw new EvalError('Value is not callable.');
  const user = lookupFunction(scope, callee.name);
  if (user) return callUser(user.decl, user.scope, args(), rt);
  return callBuiltin(callee.name, args(), rt);
}

function callUser(decl: FunctionDecl, defining: Scope, args: RValue[], rt: Runtime): RValue {
  if (rt.depth >= MAX_CALL_DEPTH) throw new EvalError('Maximum function call depth exceeded.');
  const vars = new Map<string, Binding>();
  decl.params.forEach((name, i) => vars.set(name, args[i] ?? NULL));
  const frame = childScope(defining, vars);
  for (const binding of decl.lets) {
    vars.set(binding.name, { thunk: () => evaluate(binding.value, frame, rt) });
  }
  rt.depth++;
  try {
    const value = evaluate(decl.body, frame, rt);
    rt.coverage?.returned(decl, value);
    return value;
  } catch (error) {
    if (error instanceof EvalError) rt.coverage?.returnFailed(decl, error);
    throw error;
  } finally {
    rt.depth--;
  }
}

function callBuiltin(name: string, args: RValue[], rt: Runtime): RValue {
  const arg = args[0]!;
  switch (name) {
    case 'int':
      return toInt(arg);
    case 'float':
      return toFloat(arg);
    case 'string':
      return toStringValue(arg);
    case 'path':
      if (arg.k !== 'string') throw new EvalError('path() expects a string.');
      return { k: 'path', segments: pathSegments(arg) };
    case 'debug':
      process.stderr.write(`rules debug: ${show(arg)}\n`);
      return arg;
    case 'get':
    case 'getAfter':
    case 'exists':
    case 'existsAfter': {
      if (!rt.documents) throw new EvalError(`Function not found error: Name: [${name}].`);
      if (arg.k !== 'path') throw new EvalError(`${name}() expects a path.`);
      const doc = rt.documents.read(arg.segments, name.endsWith('After'));
      if (name.startsWith('exists')) return doc.k === 'null' ? FALSE : TRUE;
      return doc;
    }
    default:
      throw new EvalError(`Function not found error: Name: [${name}].`);
  }
}

/** Evaluates an `allow` condition: only exactly `true` grants. */
export function evaluateCondition(
  condition: Expr,
  scope: Scope,
  rt: Runtime,
): { granted: boolean; error?: string } {
  try {
    const value = evaluate(condition, scope, rt);
    return { granted: value.k === 'bool' && value.v };
  } catch (error) {
    if (error instanceof EvalError) return { granted: false, error: error.message };
    // A defect here must deny the request, never crash the server or grant access.
    return { granted: false, error: `Internal evaluation error: ${String(error)}` };
  }
}
