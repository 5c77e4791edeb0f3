import type {
  AllowStatement,
  BinaryOp,
  Expr,
  FunctionDecl,
  MatchBlock,
  PathPart,
  PatternSegment,
  RuleMethod,
  RulesFile,
} from './ast';
import { Lexer, type Token } from './lexer';
import { INT64_MAX, INT64_MIN } from '../values/values';

const METHODS: ReadonlySet<string> = new Set([
  'read',
  'get',
  'list',
  'write',
  'create',
  'update',
  'delete',
]);

export const TYPE_NAMES: ReadonlySet<string> = new Set([
  'bool',
  'bytes',
  'duration',
  'float',
  'int',
  'latlng',
  'list',
  'map',
  'number',
  'path',
  'set',
  'string',
  'timestamp',
]);

/** An integer literal's value with its sign; one outside the int64 range does not compile. */
function intLiteral(lexer: Lexer, token: Token, sign: 1n | -1n): bigint {
  const value = sign * BigInt(token.text);
  if (value < INT64_MIN || value > INT64_MAX) {
    lexer.fail(token.offset, `Invalid number literal ${token.text}.`);
  }
  return value;
}

const RESERVED = new Set(['true', 'false', 'null', 'if', 'in', 'is', 'let', 'return']);

function startOf(expr: Expr): number {
  return expr.span?.start ?? 0;
}

/** Recursive-descent parser for the rules language; the first syntax error stops it. */
export class Parser {
  private readonly lexer: Lexer;
  /** Where the last token read ends: the end of the expression just parsed. */
  private lastEnd = 0;

  constructor(source: string) {
    this.lexer = new Lexer(source);
  }

  private peek(): Token {
    const saved = this.lexer.offset;
    const token = this.lexer.next();
    this.lexer.offset = saved;
    return token;
  }

  private next(): Token {
    const token = this.lexer.next();
    this.lastEnd = token.end;
    return token;
  }

  /** Gives `node` its span: from `start` to the end of the last token read. */
  private spanned<T extends Expr>(node: T, start: number): T {
    node.span = { start, end: this.lastEnd };
    return node;
  }

  private is(text: string): boolean {
    const t = this.peek();
    return (t.kind === 'punct' || t.kind === 'ident') && t.text === text;
  }

  private accept(text: string): boolean {
    if (!this.is(text)) return false;
    this.next();
    return true;
  }

  private expect(text: string): Token {
    const t = this.peek();
    if ((t.kind === 'punct' || t.kind === 'ident') && t.text === text) return this.next();
    return this.unexpected(t, `'${text}'`);
  }

  private unexpected(t: Token, wanted: string): never {
    const found =
      t.kind === 'eof' ? 'end of file' : `'${this.lexer.source.slice(t.offset, t.end)}'`;
    return this.lexer.fail(t.offset, `Unexpected ${found}; expected ${wanted}.`);
  }

  private identifier(what: string): Token {
    const t = this.peek();
    if (t.kind !== 'ident' || RESERVED.has(t.text)) return this.unexpected(t, what);
    return this.next();
  }

  parseFile(): RulesFile {
    let version: '1' | '2' = '1';
    if (this.is('rules_version')) {
      this.next();
      this.expect('=');
      const v = this.next();
      if (v.kind !== 'string' || (v.text !== '1' && v.text !== '2')) {
        this.lexer.fail(v.offset, "rules_version must be '1' or '2'.");
      }
      version = v.text as '1' | '2';
      this.accept(';');
    }
    const serviceToken = this.expect('service');
    const name = this.dottedName();
    if (name !== 'cloud.firestore' && name !== 'firebase.storage') {
      this.lexer.fail(serviceToken.offset, `Unknown service '${name}'.`);
    }
    this.expect('{');
    const body = this.blockBody(false);
    this.expect('}');
    const rest = this.peek();
    if (rest.kind !== 'eof') {
      this.lexer.fail(rest.offset, 'Only one service block per rules file is supported.');
    }
    return { version, service: name, functions: body.functions, matches: body.matches };
  }

  private dottedName(): string {
    let name = this.identifier('a service name').text;
    while (this.accept('.')) name += '.' + this.identifier('a service name').text;
    return name;
  }

  /** Contents of a `service` or `match` block, up to (not including) its closing brace. */
  private blockBody(allowStatements: boolean): Omit<MatchBlock, 'pattern' | 'line' | 'column'> {
    const functions: FunctionDecl[] = [];
    const allows: AllowStatement[] = [];
    const matches: MatchBlock[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'punct' && t.text === '}') break;
      if (t.kind === 'ident' && t.text === 'match') matches.push(this.match());
      else if (t.kind === 'ident' && t.text === 'function') functions.push(this.functionDecl());
      else if (t.kind === 'ident' && t.text === 'allow') {
        if (!allowStatements) {
          this.lexer.fail(t.offset, "'allow' is only valid inside a 'match' block.");
        }
        allows.push(this.allow());
      } else this.unexpected(t, "'match', 'allow', 'function' or '}'");
    }
    return { functions, allows, matches };
  }

  private match(): MatchBlock {
    const keyword = this.expect('match');
    const pattern = this.pattern();
    this.expect('{');
    const body = this.blockBody(true);
    this.expect('}');
    return { line: keyword.line, column: keyword.column, pattern, ...body };
  }

  /** Reads `/seg/{var}/{rest=**}` character by character: segments are not ordinary tokens. */
  private pattern(): PatternSegment[] {
    const lx: Lexer = this.lexer;
    const s = lx.source;
    lx.skipTrivia();
    if (s[lx.offset] !== '/') lx.fail(lx.offset, "A match path must start with '/'.");
    const segments: PatternSegment[] = [];
    while (s[lx.offset] === '/') {
      lx.offset++;
      const start = lx.offset;
      if (s[start] === '{') {
        const close = s.indexOf('}', start);
        const inner = close < 0 ? '' : s.slice(start + 1, close);
        const m = /^([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?$/.exec(inner);
        if (!m) lx.fail(start, 'Invalid wildcard; expected {name} or {name=**}.');
        segments.push(
          m[2] ? { kind: 'recursive', name: m[1]! } : { kind: 'wildcard', name: m[1]! },
        );
        lx.offset = close + 1;
      } else {
        let end = start;
        while (end < s.length && /[^/\s{}]/.test(s[end]!)) end++;
        if (end === start) lx.fail(start, 'Empty path segment in match path.');
        const text = s.slice(start, end);
        if (text.includes('*') || text.includes('$')) {
          lx.fail(start, `Unsupported path segment '${text}'.`);
        }
        segments.push({ kind: 'literal', text });
        lx.offset = end;
      }
    }
    const names = segments.flatMap((seg) => (seg.kind === 'literal' ? [] : [seg.name]));
    if (new Set(names).size !== names.length) lx.fail(lx.offset, 'Duplicate wildcard name.');
    return segments;
  }

  private allow(): AllowStatement {
    const keyword = this.expect('allow');
    const methods: RuleMethod[] = [];
    do {
      const t = this.identifier('a method (read, get, list, write, create, update, delete)');
      if (!METHODS.has(t.text)) {
        this.lexer.fail(t.offset, `Unknown method '${t.text}'.`);
      }
      methods.push(t.text as RuleMethod);
    } while (this.accept(','));
    let condition: Expr | null = null;
    if (this.accept(':')) {
      this.expect('if');
      condition = this.expression();
    }
    // The official compiler tolerates a missing ';' before the next statement or '}'.
    if (!this.accept(';') && !['}', 'allow', 'match', 'function'].some((t) => this.is(t))) {
      this.expect(';');
    }
    return { line: keyword.line, column: keyword.column, methods, condition };
  }

  private functionDecl(): FunctionDecl {
    const keyword = this.expect('function');
    const name = this.identifier('a function name').text;
    this.expect('(');
    const params: string[] = [];
    if (!this.is(')')) {
      do params.push(this.identifier('a parameter name').text);
      while (this.accept(','));
    }
    this.expect(')');
    this.expect('{');
    const lets: FunctionDecl['lets'] = [];
    let bodyStart: number | null = null;
    while (this.is('let')) {
      const letToken = this.next();
      bodyStart ??= letToken.offset;
      const varName = this.identifier('a variable name').text;
      this.expect('=');
      const value = this.expression();
      this.expect(';');
      lets.push({ name: varName, value, line: letToken.line, column: letToken.column });
    }
    this.expect('return');
    const body = this.expression();
    const bodySpan = { start: bodyStart ?? startOf(body), end: this.lastEnd };
    this.accept(';');
    this.expect('}');
    return { line: keyword.line, column: keyword.column, name, params, lets, body, bodySpan };
  }

  expression(): Expr {
    const test = this.binary(0);
    const q = this.peek();
    if (q.kind === 'punct' && q.text === '?') {
      this.next();
      const then = this.expression();
      this.expect(':');
      const otherwise = this.expression();
      return this.spanned(
        { kind: 'ternary', test, then, otherwise, line: test.line, column: test.column },
        startOf(test),
      );
    }
    return test;
  }

  private static readonly LEVELS: ReadonlyArray<ReadonlyArray<string>> = [
    ['||'],
    ['&&'],
    ['==', '!=', '<', '<=', '>', '>=', 'in', 'is'],
    ['+', '-'],
    ['*', '/', '%'],
  ];

  private binary(level: number): Expr {
    if (level >= Parser.LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const t = this.peek();
      const ops = Parser.LEVELS[level]!;
      if (!((t.kind === 'punct' || t.kind === 'ident') && ops.includes(t.text))) return left;
      this.next();
      if (t.text === 'is') {
        const typeToken = this.next();
        if (typeToken.kind !== 'ident' || !TYPE_NAMES.has(typeToken.text)) {
          this.lexer.fail(typeToken.offset, `Unknown type name for 'is'.`);
        }
        left = this.spanned(
          { kind: 'is', operand: left, typeName: typeToken.text, line: t.line, column: t.column },
          startOf(left),
        );
        continue;
      }
      const right = this.binary(level + 1);
      left = this.spanned(
        { kind: 'binary', op: t.text as BinaryOp, left, right, line: t.line, column: t.column },
        startOf(left),
      );
    }
  }

  private unary(): Expr {
    const t = this.peek();
    if (t.kind === 'punct' && (t.text === '!' || t.text === '-')) {
      this.next();
      const at = { line: t.line, column: t.column };
      if (t.text === '-') {
        const after = this.peek();
        // Google's compiler refuses `- -1` (but takes `-(-1)` and `!!x`).
        if (after.kind === 'punct' && after.text === '-')
          this.lexer.fail(after.offset, "Unexpected '-'.");
        // A minus before an integer literal is part of it, so -2^63 is a literal while 2^63 is not.
        if (after.kind === 'int') {
          this.next();
          const literal: Expr = this.spanned(
            {
              kind: 'literal',
              value: { type: 'int', value: intLiteral(this.lexer, after, -1n) },
              ...at,
            },
            t.offset,
          );
          return this.postfix(literal);
        }
      }
      const operand = this.unary();
      if (t.text === '-' && operand.kind === 'literal' && operand.value.type === 'float') {
        return this.spanned(
          { ...operand, value: { type: 'float', value: -operand.value.value }, ...at },
          t.offset,
        );
      }
      return this.spanned({ kind: 'unary', op: t.text, operand, ...at }, t.offset);
    }
    const start = this.peek().offset;
    return this.postfix(this.spanned(this.primary(), start));
  }

  private postfix(expr: Expr): Expr {
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'punct') return expr;
      if (t.text === '.') {
        this.next();
        const name = this.next();
        if (name.kind !== 'ident') this.unexpected(name, 'a property name');
        expr = this.spanned(
          { kind: 'member', object: expr, name: name.text, line: name.line, column: name.column },
          startOf(expr),
        );
      } else if (t.text === '[') {
        this.next();
        const from = this.is(':') ? null : this.expression();
        if (this.accept(':')) {
          const to = this.is(']') ? null : this.expression();
          this.expect(']');
          expr = this.spanned(
            { kind: 'slice', object: expr, from, to, line: t.line, column: t.column },
            startOf(expr),
          );
        } else {
          this.expect(']');
          expr = this.spanned(
            { kind: 'index', object: expr, index: from!, line: t.line, column: t.column },
            startOf(expr),
          );
        }
      } else if (t.text === '(') {
        this.next();
        const args = this.arguments(')');
        expr = this.spanned(
          { kind: 'call', callee: expr, args, line: expr.line, column: expr.column },
          startOf(expr),
        );
      } else {
        return expr;
      }
    }
  }

  private arguments(close: string): Expr[] {
    const args: Expr[] = [];
    if (!this.is(close)) {
      do {
        if (this.is(close)) break; // trailing comma
        args.push(this.expression());
      } while (this.accept(','));
    }
    this.expect(close);
    return args;
  }

  private primary(): Expr {
    const t = this.peek();
    const at = { line: t.line, column: t.column };
    switch (t.kind) {
      case 'int':
        this.next();
        return {
          kind: 'literal',
          value: { type: 'int', value: intLiteral(this.lexer, t, 1n) },
          ...at,
        };
      case 'float':
        this.next();
        return { kind: 'literal', value: { type: 'float', value: Number(t.text) }, ...at };
      case 'string':
        this.next();
        return { kind: 'literal', value: { type: 'string', value: t.text }, ...at };
      case 'bytes':
        this.next();
        return {
          kind: 'literal',
          value: { type: 'bytes', value: new Uint8Array(Buffer.from(t.text, 'latin1')) },
          ...at,
        };
      case 'ident':
        this.next();
        if (t.text === 'true' || t.text === 'false') {
          return { kind: 'literal', value: { type: 'bool', value: t.text === 'true' }, ...at };
        }
        if (t.text === 'null') return { kind: 'literal', value: { type: 'null' }, ...at };
        if (RESERVED.has(t.text)) this.unexpected(t, 'an expression');
        return { kind: 'ident', name: t.text, ...at };
      case 'punct':
        if (t.text === '(') {
          this.next();
          const inner = this.expression();
          this.expect(')');
          return inner;
        }
        if (t.text === '[') {
          this.next();
          return { kind: 'list', items: this.arguments(']'), ...at };
        }
        if (t.text === '{') {
          this.next();
          const entries: Array<{ key: Expr; value: Expr }> = [];
          if (!this.is('}')) {
            do {
              if (this.is('}')) break;
              const key = this.expression();
              this.expect(':');
              entries.push({ key, value: this.expression() });
            } while (this.accept(','));
          }
          this.expect('}');
          return { kind: 'map', entries, ...at };
        }
        if (t.text === '/') return this.pathLiteral();
        return this.unexpected(t, 'an expression');
      default:
        return this.unexpected(t, 'an expression');
    }
  }

  /**
   * `/databases/$(database)/documents/users/$(uid)`: read by characters, `$(...)` parsed. A
   * parenthesised expression keeps its parentheses in its span, as Google's coverage report does.
   */
  private pathLiteral(): Expr {
    const lx: Lexer = this.lexer;
    const s = lx.source;
    lx.skipTrivia();
    const at = lx.positionOf(lx.offset);
    const parts: PathPart[] = [];
    while (s[lx.offset] === '/') {
      lx.offset++;
      if (s.startsWith('$(', lx.offset)) {
        lx.offset += 2;
        parts.push({ expr: this.expression() });
        this.expect(')');
        continue;
      }
      const start = lx.offset;
      const text = s.slice(start, segmentEnd(s, start));
      if (text === '') lx.fail(start, 'Empty segment in path literal.');
      if (s.startsWith('$(', start + text.length)) {
        lx.fail(start, 'Mixing text and $(...) inside one path segment is not supported.');
      }
      parts.push({ text });
      lx.offset = start + text.length;
    }
    this.lastEnd = lx.offset;
    return { kind: 'path', parts, ...at };
  }
}

/**
 * Where a path literal's plain segment starting at `start` ends. As in Google's compiler, a
 * segment is either plain characters or wholly in parentheses (`/databases/(default)/...`);
 * `/a/b(c)` is refused, and `get(/x/y).data` ends its path at the call's `)`.
 */
function segmentEnd(s: string, start: number): number {
  const segment = /^(?:\([A-Za-z0-9_\-.~%@+]*\)|[A-Za-z0-9_\-.~%@+]*)/.exec(s.slice(start))!;
  return start + segment[0].length;
}
