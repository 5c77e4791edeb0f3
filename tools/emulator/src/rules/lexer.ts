import type { Pos } from './ast';

export type TokenKind = 'ident' | 'int' | 'float' | 'string' | 'bytes' | 'punct' | 'eof';

export interface Token extends Pos {
  kind: TokenKind;
  /** Identifier name, punctuation text, the decoded string literal, or a bytes literal's bytes as latin1. */
  text: string;
  offset: number;
  end: number;
}

export interface RulesIssue {
  line: number;
  column: number;
  message: string;
}

/** A syntax error at a known place; the compiler turns it into a RulesCompileError issue. */
export class SyntaxIssue extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    message: string,
  ) {
    super(message);
  }
}

const PUNCTUATION = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '$(',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ',',
  ':',
  '.',
  '?',
  '!',
  '<',
  '>',
  '=',
  '+',
  '-',
  '*',
  '/',
  '%',
];

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '`': '`',
  '/': '/',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\x07',
  '?': '?',
};

/**
 * A pull lexer over the source. The parser can also read raw characters (for `match` patterns
 * and path literals, whose segments are not ordinary tokens) and then continue tokenising.
 */
export class Lexer {
  offset = 0;
  private lineStarts: number[] = [0];

  constructor(readonly source: string) {
    for (let i = 0; i < source.length; i++) {
      if (source[i] === '\n') this.lineStarts.push(i + 1);
    }
  }

  positionOf(offset: number): Pos {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }

  fail(offset: number, message: string): never {
    const { line, column } = this.positionOf(offset);
    throw new SyntaxIssue(line, column, message);
  }

  skipTrivia(): void {
    const s = this.source;
    for (;;) {
      const c = s[this.offset];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\ufeff') {
        this.offset++;
      } else if (c === '/' && s[this.offset + 1] === '/') {
        while (this.offset < s.length && s[this.offset] !== '\n') this.offset++;
      } else if (c === '/' && s[this.offset + 1] === '*') {
        const close = s.indexOf('*/', this.offset + 2);
        if (close < 0) this.fail(this.offset, 'Unterminated comment.');
        this.offset = close + 2;
      } else {
        return;
      }
    }
  }

  /** Reads the token at the current offset and advances past it. */
  next(): Token {
    this.skipTrivia();
    const s = this.source;
    const start = this.offset;
    const pos = this.positionOf(start);
    const make = (kind: TokenKind, text: string): Token => ({
      kind,
      text,
      offset: start,
      end: this.offset,
      ...pos,
    });
    if (start >= s.length) return make('eof', '');
    const c = s[start]!;
    if (/[A-Za-z_]/.test(c)) {
      let end = start + 1;
      while (end < s.length && /[A-Za-z0-9_]/.test(s[end]!)) end++;
      const word = s.slice(start, end);
      if (word === 'b' && (s[end] === "'" || s[end] === '"')) {
        return this.string(start, s[end]!, make, end);
      }
      if ((word === 'r' || word === 'rb') && (s[end] === "'" || s[end] === '"')) {
        this.fail(start, `Raw string literals (${word}'...') are not supported.`);
      }
      this.offset = end;
      return make('ident', word);
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(s[start + 1] ?? ''))) {
      return this.number(start, make);
    }
    if (c === "'" || c === '"') return this.string(start, c, make);
    for (const p of PUNCTUATION) {
      if (s.startsWith(p, start)) {
        this.offset = start + p.length;
        return make('punct', p);
      }
    }
    this.fail(start, `Unexpected character '${c}'.`);
  }

  /**
   * Decimal literals only: Google's compiler has no exponent (`1e3`), hex (`0x10`) or `u` suffix
   * (`10u`); here they end the number and the parser refuses what follows, as Google's does
   * ("Unexpected 'e3'.").
   */
  private number(start: number, make: (k: TokenKind, t: string) => Token): Token {
    const match = /^(?:[0-9]+(\.[0-9]*)?|\.[0-9]+)/.exec(this.source.slice(start))!;
    this.offset = start + match[0].length;
    return make(match[0].includes('.') ? 'float' : 'int', match[0]);
  }

  /**
   * A quoted literal at `start` (its quote at `open`). With a `b` prefix (`open` > `start`) it is
   * a bytes literal: `\xNN` is the byte NN and everything else its UTF-8 bytes.
   */
  private string(
    start: number,
    quote: string,
    make: (k: TokenKind, t: string) => Token,
    open = start,
  ): Token {
    const s = this.source;
    const bytes = open > start;
    if (s.startsWith(quote.repeat(3), open)) {
      this.fail(start, 'Triple-quoted strings are not supported.');
    }
    let out = '';
    const utf8 = (text: string) => (bytes ? Buffer.from(text, 'utf8').toString('latin1') : text);
    let i = open + 1;
    for (;;) {
      const ch = s[i];
      if (ch === undefined || ch === '\n') this.fail(start, 'Unterminated string literal.');
      if (ch === quote) break;
      if (ch === '\\') {
        const e = s[i + 1] ?? '';
        if (e in ESCAPES) {
          out += utf8(ESCAPES[e]!);
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) {
          out += utf8(String.fromCharCode(parseInt(s.slice(i + 2, i + 6), 16)));
          i += 6;
        } else if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 2, i + 4))) {
          out += String.fromCharCode(parseInt(s.slice(i + 2, i + 4), 16));
          i += 4;
        } else {
          this.fail(i, `Unsupported escape sequence '\\${e}'.`);
        }
        continue;
      }
      const char = String.fromCodePoint(s.codePointAt(i)!);
      out += utf8(char);
      i += char.length;
    }
    this.offset = i + 1;
    return make(bytes ? 'bytes' : 'string', out);
  }
}
