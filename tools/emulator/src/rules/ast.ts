/** Syntax tree of a rules file. Every node keeps the line and column where it starts. */
export interface Pos {
  line: number;
  column: number;
}

/** Where an expression's text is in the source: offsets of its first character and past its last. */
export interface Span {
  start: number;
  end: number;
}

/** An expression's place: where it starts, and (set by the parser) the whole of its text. */
export type ExprPos = Pos & { span?: Span };

export type Expr =
  | ({ kind: 'literal'; value: LiteralValue } & ExprPos)
  | ({ kind: 'ident'; name: string } & ExprPos)
  | ({ kind: 'list'; items: Expr[] } & ExprPos)
  | ({ kind: 'map'; entries: Array<{ key: Expr; value: Expr }> } & ExprPos)
  | ({ kind: 'path'; parts: PathPart[] } & ExprPos)
  | ({ kind: 'member'; object: Expr; name: string } & ExprPos)
  | ({ kind: 'index'; object: Expr; index: Expr } & ExprPos)
  /** `a[from:to]`, either bound left out. */
  | ({ kind: 'slice'; object: Expr; from: Expr | null; to: Expr | null } & ExprPos)
  | ({ kind: 'call'; callee: Expr; args: Expr[] } & ExprPos)
  | ({ kind: 'unary'; op: '!' | '-'; operand: Expr } & ExprPos)
  | ({ kind: 'binary'; op: BinaryOp; left: Expr; right: Expr } & ExprPos)
  | ({ kind: 'is'; operand: Expr; typeName: string } & ExprPos)
  | ({ kind: 'ternary'; test: Expr; then: Expr; otherwise: Expr } & ExprPos);

export type BinaryOp =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export type LiteralValue =
  | { type: 'null' }
  | { type: 'bool'; value: boolean }
  | { type: 'int'; value: bigint }
  | { type: 'float'; value: number }
  | { type: 'string'; value: string }
  | { type: 'bytes'; value: Uint8Array };

/** One `/segment` of a path literal: fixed text or `$(expr)`. */
export type PathPart = { text: string } | { expr: Expr };

/** One segment of a `match` pattern. */
export type PatternSegment =
  | { kind: 'literal'; text: string }
  | { kind: 'wildcard'; name: string }
  | { kind: 'recursive'; name: string };

export type RuleMethod = 'read' | 'get' | 'list' | 'write' | 'create' | 'update' | 'delete';

export interface AllowStatement extends Pos {
  methods: RuleMethod[];
  condition: Expr | null;
}

export interface FunctionDecl extends Pos {
  name: string;
  params: string[];
  lets: Array<{ name: string; value: Expr } & Pos>;
  body: Expr;
  /** From the first `let` (or the returned expression) to the end of the returned expression. */
  bodySpan?: Span;
}

export interface MatchBlock extends Pos {
  pattern: PatternSegment[];
  functions: FunctionDecl[];
  allows: AllowStatement[];
  matches: MatchBlock[];
}

export interface RulesFile {
  version: '1' | '2';
  service: 'cloud.firestore' | 'firebase.storage';
  functions: FunctionDecl[];
  matches: MatchBlock[];
}
