import type { AllowStatement, MatchBlock, PatternSegment, RuleMethod } from './ast';
import type { CompiledRules } from './compile';
import type { RulesCoverage } from './coverage';
import { childScope, evaluateCondition, type Runtime, type Scope } from './evaluator';
import { EvalError, type RValue } from './values';

export type RequestMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** One evaluated `allow` statement that did not grant: where it is and why. */
export interface DeniedStatement {
  /** Line of the `allow` in the rules source. */
  line: number;
  method: RequestMethod;
  /** `false`, or the evaluation error's text. */
  reason: string;
}

export interface Denial {
  message: string;
  /** The statements that were evaluated, in source order; empty when none applied. */
  statements: DeniedStatement[];
}

/** One evaluated `allow` statement: `reason` is `true` when it granted, else as in a denial. */
export interface StatementOutcome extends DeniedStatement {
  granted: boolean;
}

/** What the rules decided for one request, and which statements decided it. */
export interface Decision {
  /** null when granted. */
  denial: Denial | null;
  /** The statements evaluated, in source order: when granted, the last one is the one that granted. */
  statements: StatementOutcome[];
}

export interface ApplicableAllow {
  allow: AllowStatement;
  scope: Scope;
}

const COVERS: Record<RuleMethod, ReadonlyArray<RequestMethod>> = {
  read: ['get', 'list'],
  get: ['get'],
  list: ['list'],
  write: ['create', 'update', 'delete'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

type Bindings = Map<string, RValue>;

/**
 * Every way `pattern` can consume `segments` from `start`: the end index and the wildcard values.
 * A `{name=**}` matches zero or more segments in rules version 2, one or more in version 1.
 */
function matchPattern(
  pattern: PatternSegment[],
  segments: string[],
  start: number,
  minRecursive: number,
): Array<{ end: number; bindings: Bindings }> {
  const results: Array<{ end: number; bindings: Bindings }> = [];
  const walk = (p: number, s: number, bindings: Bindings) => {
    if (p === pattern.length) {
      results.push({ end: s, bindings });
      return;
    }
    const seg = pattern[p]!;
    if (seg.kind === 'recursive') {
      for (let end = segments.length; end >= s + minRecursive; end--) {
        const next = new Map(bindings);
        next.set(seg.name, { k: 'path', segments: segments.slice(s, end) });
        walk(p + 1, end, next);
      }
      return;
    }
    const value = segments[s];
    if (value === undefined) return;
    if (seg.kind === 'literal') {
      if (seg.text === value) walk(p + 1, s + 1, bindings);
      return;
    }
    const next = new Map(bindings);
    next.set(seg.name, { k: 'string', v: value });
    walk(p + 1, s + 1, next);
  };
  walk(0, start, new Map());
  return results;
}

/** The `allow` statements for `method` of every match block whose full path matches `segments`. */
export function applicableAllows(
  rules: CompiledRules,
  segments: string[],
  method: RequestMethod,
): ApplicableAllow[] {
  const minRecursive = rules.file.version === '2' ? 0 : 1;
  const root = childScope(null, new Map(), rules.file.functions);
  const found: ApplicableAllow[] = [];
  const visit = (block: MatchBlock, start: number, parent: Scope) => {
    for (const { end, bindings } of matchPattern(block.pattern, segments, start, minRecursive)) {
      const scope = childScope(parent, new Map(bindings), block.functions);
      if (end === segments.length) {
        for (const allow of block.allows) {
          if (allow.methods.some((m) => COVERS[m].includes(method))) found.push({ allow, scope });
        }
      }
      for (const child of block.matches) visit(child, end, scope);
    }
  };
  for (const block of rules.file.matches) visit(block, 0, root);
  return found.sort((a, b) => a.allow.line - b.allow.line || a.allow.column - b.allow.column);
}

export const NO_MATCHING_ALLOW = 'No matching allow statements';

/**
 * Grants when any applicable statement is exactly `true`; otherwise the official emulator's text:
 * one `<reason> for '<method>' @ L<line>` per evaluated statement, joined by ", ". Each
 * statement's outcome also goes to `coverage`, when given.
 */
export function decide(
  allows: ApplicableAllow[],
  method: RequestMethod,
  makeRuntime: () => Runtime,
  coverage: RulesCoverage | null = null,
): Decision {
  if (allows.length === 0) {
    return { denial: { message: NO_MATCHING_ALLOW, statements: [] }, statements: [] };
  }
  let runtime: Runtime | null = null;
  const statements: StatementOutcome[] = [];
  for (const { allow, scope } of allows) {
    if (!allow.condition) {
      coverage?.statement(allow, true);
      statements.push({ line: allow.line, method, reason: 'true', granted: true });
      return { denial: null, statements };
    }
    let result: { granted: boolean; error?: string };
    try {
      runtime ??= makeRuntime();
      result = evaluateCondition(allow.condition, scope, runtime);
    } catch (error) {
      if (!(error instanceof EvalError)) throw error;
      result = { granted: false, error: error.message };
    }
    coverage?.statement(allow, result.granted);
    if (result.granted) {
      statements.push({ line: allow.line, method, reason: 'true', granted: true });
      return { denial: null, statements };
    }
    statements.push({ line: allow.line, method, reason: result.error ?? 'false', granted: false });
  }
  const denied = statements.map(({ line, method: m, reason }) => ({ line, method: m, reason }));
  const message = denied.map((s) => `${s.reason} for '${s.method}' @ L${s.line}`).join(', ');
  return { denial: { message, statements: denied }, statements };
}
