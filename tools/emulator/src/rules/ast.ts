/** Syntax tree of a rules file. Every node keeps the line and column where it starts. */
export interface Pos {
  line: number;
  column: number;
}

export type Expr =
  | ({ kind: 'literal'; value: LiteralValue } & Pos)
  | ({ kind: 'ident'; name: string } & Pos)
  | ({ kind: 'list'; items: Expr[] } & Pos)
  | ({ kind: 'map'; entries: Array<{ key: Expr; value: Expr }> } & Pos)
  | ({ kind: 'path'; parts: PathPart[] } & Pos)
  | ({ kind: 'member'; object: Expr; name: string } & Pos)
  | ({ kind: 'index'; object: Expr; index: Expr } & Pos)
  /** `a[from:to]`, either bound left out. */
  | ({ kind: 'slice'; object: Expr; from: Expr | null; to: Expr | null } & Pos)
  | ({ kind: 'call'; callee: Expr; args: Expr[] } & Pos)
  | ({ kind: 'unary'; op: '!' | '-'; operand: Expr } & Pos)
  | ({ kind: 'binary'; op: BinaryOp; left: Expr; right: Expr } & Pos)
  | ({ kind: 'is'; operand: Expr; typeName: string } & Pos)
  | ({ kind: 'ternary'; test: Expr; then: Expr; otherwise: Expr } & Pos);

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
