import type { AllowStatement, Expr, FunctionDecl, MatchBlock, RulesFile, Span } from './ast';
import type { EvalError, RValue } from './values';

/**
 * Rules coverage: what each expression of the rules in force evaluated to since they were loaded,
 * and how often each `allow` statement granted or refused. The report has the shape of Google's
 * Firestore emulator's `…:ruleCoverage` (an expression tree per evaluated `allow` condition and
 * function, each node with its distinct values and their counts), so tools written for that
 * endpoint read this one; the data browser shows it per line.
 *
 * Recording observes and never decides: every method swallows its own failures, so a defect here
 * cannot turn into a refusal (evaluateCondition denies on any unexpected error).
 */

/** A value as Google's report writes it: `{"boolValue": true}`, `{}` for a short-circuited one. */
export type CoverageValue = Record<string, unknown>;

export interface ExpressionReport {
  sourcePosition: { line: number; column: number; currentOffset: number; endOffset: number };
  values: Array<{ value: CoverageValue; count: number }>;
  children?: ExpressionReport[];
}

/** Google's `…:ruleCoverage` body. */
export interface CoverageReport {
  rules: { files: Array<{ name: string; content: string }> };
  report: ExpressionReport[];
}

/** One line of the rules source, as the data browser shows it. */
export interface CoverageLine {
  line: number;
  text: string;
  /** The line starts an `allow` statement or an expression (so it can run). */
  runnable: boolean;
  /**
   * How often the line ran: the evaluations of its most evaluated expression (short-circuited
   * ones not counted), so a line is counted once each time it runs, whatever its sub-expressions.
   */
  runs: number;
  /** For an `allow` line: how often it granted, and how often it was evaluated and did not. */
  allowed: number;
  denied: number;
  /** The expressions starting on this line that ran, with what they evaluated to. */
  expressions: Array<{ text: string; values: string[] }>;
}

/** Distinct values kept per expression: values made of the request time are all distinct. */
export const MAX_VALUES_PER_EXPRESSION = 20;
/** Longer strings (and bytes) are kept shortened to this many characters, ending in `…`. */
export const MAX_VALUE_TEXT = 100;

interface NodeRecord {
  /** Evaluations, short-circuited ones included. */
  total: number;
  /** Of those, short-circuited (`{}`). */
  skipped: number;
  values: Map<string, { value: CoverageValue; count: number }>;
}

const SHORT_CIRCUITED = '{}';

export class RulesCoverage {
  private readonly expressions = new Map<Expr, NodeRecord>();
  private readonly functions = new Map<FunctionDecl, NodeRecord>();
  private readonly statements = new Map<AllowStatement, { allowed: number; denied: number }>();
  /** Where an error first arose, so every expression it passes through names the same place. */
  private readonly origins = new WeakMap<EvalError, Expr>();
  private readonly lineStarts: number[] = [0];
  private resetAt = new Date();

  constructor(
    private readonly file: RulesFile,
    private readonly source: string,
    private readonly fileName: string,
  ) {
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.lineStarts.push(i + 1);
  }

  /** The rules file's name (`firestore.rules`). */
  get name(): string {
    return this.fileName;
  }

  /** When recording started: the rules' load, or the last `reset()`. */
  get since(): Date {
    return this.resetAt;
  }

  reset(): void {
    this.expressions.clear();
    this.functions.clear();
    this.statements.clear();
    this.resetAt = new Date();
  }

  evaluated(expr: Expr, value: RValue): void {
    if (expr.kind === 'literal') return;
    try {
      add(recordOf(this.expressions, expr), coverageValue(value));
    } catch {
      // Never part of the verdict.
    }
  }

  failed(expr: Expr, error: EvalError): void {
    if (expr.kind === 'literal') return;
    try {
      let origin = this.origins.get(error);
      if (!origin) {
        origin = expr;
        this.origins.set(error, expr);
      }
      add(recordOf(this.expressions, expr), this.errorValue(origin, error));
    } catch {
      // Never part of the verdict.
    }
  }

  /** `expr` was not evaluated because `&&`, `||` or `?:` did not need it. */
  skipped(expr: Expr): void {
    try {
      for (const node of subtree(expr)) {
        const record = recordOf(this.expressions, node);
        record.skipped++;
        add(record, {});
      }
    } catch {
      // Never part of the verdict.
    }
  }

  returned(decl: FunctionDecl, value: RValue): void {
    try {
      add(recordOf(this.functions, decl), coverageValue(value));
    } catch {
      // Never part of the verdict.
    }
  }

  returnFailed(decl: FunctionDecl, error: EvalError): void {
    try {
      const origin = this.origins.get(error) ?? decl.body;
      add(recordOf(this.functions, decl), this.errorValue(origin, error));
    } catch {
      // Never part of the verdict.
    }
  }

  statement(allow: AllowStatement, granted: boolean): void {
    try {
      let counts = this.statements.get(allow);
      if (!counts) this.statements.set(allow, (counts = { allowed: 0, denied: 0 }));
      if (granted) counts.allowed++;
      else counts.denied++;
    } catch {
      // Never part of the verdict.
    }
  }

  /** Google's JSON: the evaluated functions and `allow` conditions, in source order. */
  report(): CoverageReport {
    const roots: Array<{ start: number; report: ExpressionReport }> = [];
    for (const decl of allFunctions(this.file)) {
      const record = this.functions.get(decl);
      if (!record || !decl.bodySpan) continue;
      const children = [...decl.lets.map((l) => l.value), decl.body]
        .map((e) => this.expressionReport(e))
        .filter((r): r is ExpressionReport => r !== null);
      roots.push({
        start: decl.bodySpan.start,
        report: this.withChildren(this.position(decl.bodySpan), record, children),
      });
    }
    for (const allow of allAllows(this.file)) {
      const report = allow.condition && this.expressionReport(allow.condition);
      if (report) roots.push({ start: allow.condition!.span?.start ?? 0, report });
    }
    roots.sort((a, b) => a.start - b.start);
    return {
      rules: { files: [{ name: this.fileName, content: this.source }] },
      report: roots.map((r) => r.report),
    };
  }

  /** Every line of the source with what ran there. */
  lines(): CoverageLine[] {
    const texts = this.source.split('\n');
    const lines: CoverageLine[] = texts.map((text, i) => ({
      line: i + 1,
      text: text.replace(/\r$/, ''),
      runnable: false,
      runs: 0,
      allowed: 0,
      denied: 0,
      expressions: [],
    }));
    const at = (line: number) => lines[line - 1];
    for (const allow of allAllows(this.file)) {
      const entry = at(allow.line);
      if (entry) entry.runnable = true;
      const counts = this.statements.get(allow);
      if (entry && counts) {
        entry.allowed += counts.allowed;
        entry.denied += counts.denied;
      }
      if (allow.condition) this.markRunnable(allow.condition, lines);
    }
    for (const decl of allFunctions(this.file)) {
      for (const e of [...decl.lets.map((l) => l.value), decl.body]) this.markRunnable(e, lines);
    }
    const ordered = [...this.expressions].sort(
      ([a], [b]) =>
        (a.span?.start ?? 0) - (b.span?.start ?? 0) || (b.span?.end ?? 0) - (a.span?.end ?? 0),
    );
    for (const [expr, record] of ordered) {
      const entry = expr.span && at(this.lineOf(expr.span.start));
      if (!entry) continue;
      entry.runs = Math.max(entry.runs, record.total - record.skipped);
      entry.expressions.push({
        text: shortened(this.source.slice(expr.span!.start, expr.span!.end).replace(/\s+/g, ' ')),
        values: [...record.values.values()].map(({ value, count }) => describe(value, count)),
      });
    }
    return lines;
  }

  private markRunnable(expr: Expr, lines: CoverageLine[]): void {
    for (const node of subtree(expr)) {
      const entry = node.span && lines[this.lineOf(node.span.start) - 1];
      if (entry) entry.runnable = true;
    }
  }

  private expressionReport(expr: Expr): ExpressionReport | null {
    const record = this.expressions.get(expr);
    if (!record || !expr.span) return null;
    const children = childrenOf(expr)
      .map((child) => this.expressionReport(child))
      .filter((r): r is ExpressionReport => r !== null);
    return this.withChildren(this.position(expr.span), record, children);
  }

  private withChildren(
    sourcePosition: ExpressionReport['sourcePosition'],
    record: NodeRecord,
    children: ExpressionReport[],
  ): ExpressionReport {
    const values = [...record.values.values()].map(({ value, count }) => ({ value, count }));
    return children.length > 0 ? { sourcePosition, values, children } : { sourcePosition, values };
  }

  private lineOf(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  /** Google's position: 1-based line and column, 0-based offsets of the first and last character. */
  private position(span: Span): ExpressionReport['sourcePosition'] {
    const line = this.lineOf(span.start);
    return {
      line,
      column: span.start - this.lineStarts[line - 1]! + 1,
      currentOffset: span.start,
      endOffset: Math.max(span.start, span.end - 1),
    };
  }

  private errorValue(origin: Expr, error: EvalError): CoverageValue {
    return {
      undefined: {
        ...(origin.span ? { sourcePosition: this.position(origin.span) } : {}),
        causeMessage: error.message,
      },
    };
  }
}

/** One kept value as a person reads it, in the words of Google's report page. */
export function describe(value: CoverageValue, count: number): string {
  const times = `× ${count}`;
  const [kind] = Object.keys(value);
  if (kind === undefined) return `short-circuited ${times}`;
  const inner = value[kind];
  if (kind === 'undefined') {
    return `error '${(inner as { causeMessage?: string }).causeMessage ?? ''}' ${times}`;
  }
  const name = kind.replace(/Value$/, '');
  if (['list', 'set', 'map', 'mapDiff'].includes(name)) return `a ${name} ${times}`;
  if (name === 'path') {
    const segments = (inner as { segments: Array<{ simple: string }> }).segments;
    return `path /${segments.map((s) => s.simple).join('/')} ${times}`;
  }
  return `${name} ${JSON.stringify(inner)} ${times}`;
}

function recordOf<K>(records: Map<K, NodeRecord>, key: K): NodeRecord {
  let record = records.get(key);
  if (!record) records.set(key, (record = { total: 0, skipped: 0, values: new Map() }));
  return record;
}

function add(record: NodeRecord, value: CoverageValue): void {
  record.total++;
  const key = Object.keys(value).length === 0 ? SHORT_CIRCUITED : stable(value);
  const entry = record.values.get(key);
  if (entry) entry.count++;
  else if (record.values.size < MAX_VALUES_PER_EXPRESSION)
    record.values.set(key, { value, count: 1 });
}

function stable(value: CoverageValue): string {
  return JSON.stringify(value);
}

function shortened(text: string): string {
  return text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT)}…` : text;
}

function rfc3339(ns: bigint): string {
  const NS = 1_000_000_000n;
  let seconds = ns / NS;
  let nanos = ns % NS;
  if (nanos < 0n) {
    nanos += NS;
    seconds -= 1n;
  }
  const base = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  const fraction = nanos === 0n ? '' : `.${nanos.toString().padStart(9, '0').replace(/0+$/, '')}`;
  return `${base}${fraction}Z`;
}

function durationText(ns: bigint): string {
  const negative = ns < 0n;
  const abs = negative ? -ns : ns;
  const seconds = abs / 1_000_000_000n;
  const nanos = abs % 1_000_000_000n;
  const fraction = nanos === 0n ? '' : `.${nanos.toString().padStart(9, '0').replace(/0+$/, '')}`;
  return `${negative ? '-' : ''}${seconds}${fraction}s`;
}

function floatValue(v: number): number | string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  return v;
}

/**
 * A value in Google's form. Lists, sets and maps are kept by kind only: their contents (whole
 * documents, the request) would make every evaluation a distinct, large value, and Google's own
 * report page shows them only as objects.
 */
export function coverageValue(value: RValue): CoverageValue {
  switch (value.k) {
    case 'null':
      return { nullValue: null };
    case 'bool':
      return { boolValue: value.v };
    case 'int':
      return { intValue: value.v.toString() };
    case 'float':
      return { floatValue: floatValue(value.v) };
    case 'string':
      return { stringValue: shortened(value.v) };
    case 'bytes':
      return { bytesValue: shortened(Buffer.from(value.v).toString('base64')) };
    case 'timestamp':
      return { timestampValue: rfc3339(value.ns) };
    case 'duration':
      return { durationValue: durationText(value.ns) };
    case 'latlng':
      return { latlngValue: { latitude: value.lat, longitude: value.lng } };
    case 'path':
      return { pathValue: { segments: value.segments.map((s) => ({ simple: shortened(s) })) } };
    case 'list':
      return { listValue: {} };
    case 'set':
      return { setValue: {} };
    case 'map':
      return { mapValue: {} };
    case 'mapdiff':
      return { mapDiffValue: {} };
  }
}

/** The sub-expressions the evaluator evaluates for `expr` (literals included; callers skip them). */
export function childrenOf(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'literal':
    case 'ident':
      return [];
    case 'list':
      return expr.items;
    case 'map':
      return expr.entries.flatMap((e) => [e.key, e.value]);
    case 'path':
      return expr.parts.flatMap((p) => ('expr' in p ? [p.expr] : []));
    case 'member':
      return [expr.object];
    case 'index':
      return [expr.object, expr.index];
    case 'slice':
      return [expr.object, ...(expr.from ? [expr.from] : []), ...(expr.to ? [expr.to] : [])];
    case 'call':
      // A method's receiver is evaluated; the callee's name is not (nor a namespace like `math`).
      return [...(expr.callee.kind === 'member' ? [expr.callee.object] : []), ...expr.args];
    case 'unary':
      return [expr.operand];
    case 'binary':
      return [expr.left, expr.right];
    case 'is':
      return [expr.operand];
    case 'ternary':
      return [expr.test, expr.then, expr.otherwise];
  }
}

/** `expr` and everything below it that can be reported (no literals). */
function subtree(expr: Expr): Expr[] {
  const out: Expr[] = [];
  const visit = (e: Expr) => {
    if (e.kind !== 'literal') out.push(e);
    for (const child of childrenOf(e)) visit(child);
  };
  visit(expr);
  return out;
}

function allBlocks(file: RulesFile): MatchBlock[] {
  const out: MatchBlock[] = [];
  const visit = (block: MatchBlock) => {
    out.push(block);
    block.matches.forEach(visit);
  };
  file.matches.forEach(visit);
  return out;
}

function allAllows(file: RulesFile): AllowStatement[] {
  return allBlocks(file).flatMap((b) => b.allows);
}

function allFunctions(file: RulesFile): FunctionDecl[] {
  return [...file.functions, ...allBlocks(file).flatMap((b) => b.functions)];
}
