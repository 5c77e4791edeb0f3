/**
 * What a rules file asks tests to prove, read with the emulator's own parser: every `allow`
 * statement for each method it grants (`read` = get + list, `write` = create + update + delete),
 * and its clauses. A clause is one conjunct of the condition; single-use functions
 * (`validNewPost`, `validReply`, ...) are opened up so each of their field checks is a clause of
 * its own, while shared helpers (`signedIn()`, `nonBlank(...)`) stay one clause per call. A clause
 * that is a disjunction also lists its branches (the alternative ways to be allowed).
 */
import type {
  Expr,
  FunctionDecl,
  MatchBlock,
  PatternSegment,
  RuleMethod,
} from '../../src/rules/ast';
import { Parser } from '../../src/rules/parser';

export type Method = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface Clause {
  /** The clause's source text, whitespace collapsed. */
  text: string;
  /** For a disjunction: the text of each alternative; otherwise empty. */
  branches: string[];
}

export interface Statement {
  /** The innermost match pattern as written, e.g. `/posts/{postId}`. */
  match: string;
  /** Line of the `allow` keyword (what denial texts cite: `@ L12`). */
  line: number;
  methods: Method[];
  /** `allow x: if false;` — nothing can be allowed, only denials can be shown. */
  neverAllows: boolean;
  /** `allow x;` without a condition — nothing can be denied. */
  alwaysAllows: boolean;
  clauses: Clause[];
}

const EXPANDED: Record<RuleMethod, Method[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

function patternText(pattern: PatternSegment[]): string {
  return pattern
    .map((s) =>
      s.kind === 'literal'
        ? `/${s.text}`
        : s.kind === 'wildcard'
          ? `/{${s.name}}`
          : `/{${s.name}=**}`,
    )
    .join('');
}

/** Sub-expressions, for counting calls. */
function children(e: Expr): Expr[] {
  switch (e.kind) {
    case 'list':
      return e.items;
    case 'map':
      return e.entries.flatMap((entry) => [entry.key, entry.value]);
    case 'path':
      return e.parts.flatMap((p) => ('expr' in p ? [p.expr] : []));
    case 'member':
      return [e.object];
    case 'index':
      return [e.object, e.index];
    case 'slice':
      return [e.object, ...(e.from ? [e.from] : []), ...(e.to ? [e.to] : [])];
    case 'call':
      return [e.callee, ...e.args];
    case 'unary':
      return [e.operand];
    case 'binary':
      return [e.left, e.right];
    case 'is':
      return [e.operand];
    case 'ternary':
      return [e.test, e.then, e.otherwise];
    default:
      return [];
  }
}

/** Where an expression's text starts (binary and member nodes sit at their operator or name). */
function leftmost(e: Expr): { line: number; column: number } {
  switch (e.kind) {
    case 'binary':
      return leftmost(e.left);
    case 'is':
      return leftmost(e.operand);
    case 'member':
    case 'index':
    case 'slice':
      return leftmost(e.object);
    case 'call':
      return leftmost(e.callee);
    case 'ternary':
      return leftmost(e.test);
    default:
      return e;
  }
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const OPENERS = '([{';
const CLOSERS = ')]}';

export function listStatements(source: string): Statement[] {
  const file = new Parser(source).parseFile();
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);

  /**
   * The source of the expression starting at `e`: up to the end of its enclosing construct, or
   * to the next `&&` (`||` for a branch) outside brackets.
   */
  const textOf = (e: Expr, until: '&&' | '||'): string => {
    const { line, column } = leftmost(e);
    const start = lineStarts[line - 1]! + column - 1;
    let depth = 0;
    let i = start;
    for (; i < source.length; i++) {
      const c = source[i]!;
      if (c === "'" || c === '"') {
        i = source.indexOf(c, i + 1);
        continue;
      }
      if (OPENERS.includes(c)) depth++;
      else if (CLOSERS.includes(c)) {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0) {
        const two = source.slice(i, i + 2);
        if (c === ';' || c === ',' || two === until) break;
      }
    }
    return squash(source.slice(start, i));
  };

  const functions = new Map<string, FunctionDecl | null>();
  const calls = new Map<string, number>();
  const countCalls = (e: Expr) => {
    if (e.kind === 'call' && e.callee.kind === 'ident') {
      calls.set(e.callee.name, (calls.get(e.callee.name) ?? 0) + 1);
    }
    children(e).forEach(countCalls);
  };
  const visitFunctions = (decls: FunctionDecl[]) => {
    for (const f of decls) {
      // The same name in two scopes: too ambiguous to open up, keep its calls as clauses.
      functions.set(f.name, functions.has(f.name) ? null : f);
      countCalls(f.body);
      f.lets.forEach((l) => countCalls(l.value));
    }
  };
  visitFunctions(file.functions);
  const walk = (blocks: MatchBlock[], visit: (b: MatchBlock) => void) =>
    blocks.forEach((b) => {
      visit(b);
      walk(b.matches, visit);
    });
  walk(file.matches, (b) => {
    visitFunctions(b.functions);
    b.allows.forEach((a) => a.condition && countCalls(a.condition));
  });

  const orBranches = (e: Expr): Expr[] =>
    e.kind === 'binary' && e.op === '||' ? [...orBranches(e.left), ...orBranches(e.right)] : [e];

  const clausesOf = (e: Expr): Clause[] => {
    if (e.kind === 'binary' && e.op === '&&') return [...clausesOf(e.left), ...clausesOf(e.right)];
    if (e.kind === 'call' && e.callee.kind === 'ident' && calls.get(e.callee.name) === 1) {
      const f = functions.get(e.callee.name);
      if (f) return clausesOf(f.body);
    }
    const branches = orBranches(e).map((b) => textOf(b, '||'));
    return branches.length > 1
      ? [{ text: branches.join(' || '), branches }]
      : [{ text: textOf(e, '&&'), branches: [] }];
  };

  const statements: Statement[] = [];
  walk(file.matches, (block) => {
    for (const allow of block.allows) {
      const condition = allow.condition;
      statements.push({
        match: patternText(block.pattern),
        line: allow.line,
        methods: [...new Set(allow.methods.flatMap((m) => EXPANDED[m]))],
        neverAllows:
          condition?.kind === 'literal' &&
          condition.value.type === 'bool' &&
          !condition.value.value,
        alwaysAllows: condition === null,
        clauses: condition ? clausesOf(condition) : [],
      });
    }
  });
  return statements;
}

/** `'<match pattern> <method>'`, e.g. `'/posts/{postId} create'`. */
export type Target = string;

interface Recorded {
  statement: Statement;
  method: Method;
  allowed: boolean;
  signedOut: boolean;
  clause?: string;
  branch?: string;
}

/** The cases a suite ran, by statement, method, clause and branch; `gaps()` says what is missing. */
export class Coverage {
  readonly statements: Statement[];
  private readonly records: Recorded[] = [];

  constructor(source: string) {
    this.statements = listStatements(source);
  }

  resolve(target: Target): { statement: Statement; method: Method } {
    const space = target.lastIndexOf(' ');
    const match = target.slice(0, space);
    const method = target.slice(space + 1) as Method;
    const statement = this.statements.find((s) => s.match === match && s.methods.includes(method));
    if (!statement) throw new Error(`no allow statement for ${target}`);
    return { statement, method };
  }

  /**
   * Checks the description of a denial before it runs: the clause it breaks (a part of its text,
   * required when the statement has more than one clause) must name exactly one clause.
   */
  denial(
    target: Target,
    breaks?: string,
  ): { statement: Statement; method: Method; clause: string } {
    const { statement, method } = this.resolve(target);
    const texts = statement.clauses.map((c) => c.text);
    if (breaks === undefined && texts.length > 1) {
      throw new Error(`deny ${target}: say which clause it breaks`);
    }
    return { statement, method, clause: pick(texts, breaks ?? '', 'clause') };
  }

  /** Checks an allowed case before it runs: `via` must name exactly one `||` branch. */
  allowance(targets: Target[], via?: string) {
    const resolved = targets.map((t) => this.resolve(t));
    const branches = resolved.flatMap(({ statement }) =>
      statement.clauses.flatMap((c) => c.branches),
    );
    return { resolved, branch: via === undefined ? undefined : pick(branches, via, 'branch') };
  }

  recordDenied(denial: ReturnType<Coverage['denial']>, signedOut: boolean): void {
    this.records.push({ ...denial, allowed: false, signedOut });
  }

  recordAllowed(allowance: ReturnType<Coverage['allowance']>): void {
    const { branch } = allowance;
    for (const { statement, method } of allowance.resolved) {
      const owns =
        branch !== undefined && statement.clauses.some((c) => c.branches.includes(branch));
      this.records.push({
        statement,
        method,
        allowed: true,
        signedOut: false,
        branch: owns ? branch : undefined,
      });
    }
  }

  /**
   * What lacks a case: per statement and method an allowed one and a signed-out denial; per
   * clause a denial that breaks it; per `||` branch an allowed case through it.
   */
  gaps(): string[] {
    const gaps: string[] = [];
    for (const statement of this.statements) {
      const name = `${statement.match} (L${statement.line})`;
      const mine = this.records.filter((r) => r.statement === statement);
      for (const method of statement.methods) {
        const cases = mine.filter((r) => r.method === method);
        if (!statement.neverAllows && !cases.some((r) => r.allowed)) {
          gaps.push(`${name} ${method}: no allowed case`);
        }
        if (!statement.alwaysAllows && !cases.some((r) => !r.allowed && r.signedOut)) {
          gaps.push(`${name} ${method}: no denied case signed out`);
        }
      }
      for (const clause of statement.clauses) {
        if (!statement.alwaysAllows && !mine.some((r) => r.clause === clause.text)) {
          gaps.push(`${name}: no denied case breaks \`${clause.text}\``);
        }
        for (const branch of clause.branches) {
          if (!mine.some((r) => r.branch === branch)) {
            gaps.push(`${name}: no allowed case via \`${branch}\``);
          }
        }
      }
    }
    return gaps;
  }
}

/** The one candidate whose text contains `part`. */
function pick(candidates: string[], part: string, what: string): string {
  const found = candidates.filter((c) => c.includes(squash(part)));
  if (found.length !== 1) {
    throw new Error(`${what} "${part}" matches ${found.length} of: ${candidates.join(' ; ')}`);
  }
  return found[0]!;
}
