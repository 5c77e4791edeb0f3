import { CATEGORIES, SCRIPTS } from './re2jUnicodeTables';

/**
 * Unicode classes of RE2 patterns (`\pL`, `\p{Greek}`, `\P{Lu}`, `\p{^Zs}`, also inside `[...]`)
 * as Google's engine reads them: re2js carries newer Unicode tables than the RE2/J in Google's
 * emulator (Unicode 6.0), so a pattern is rewritten before re2js compiles it, every such class
 * spelled out as the code points of Google's table (`\x{lo}-\x{hi}`). A name Google's tables
 * lack (`Cn`, `Assigned`, scripts added since 6.0) is refused as RE2/J refuses it.
 */

const MAX_RUNE = 0x10ffff;
type Range = readonly [number, number];

const decoded = new Map<string, Range[]>();

/** `re2jUnicodeTables.ts`' encoding: `<gap from the previous end>.<length - 1>`, base 36. */
function decodeRanges(encoded: string): Range[] {
  const ranges: Range[] = [];
  let previousEnd = 0;
  for (const part of encoded.split(',')) {
    const [gap, length] = part.split('.');
    const lo = previousEnd + parseInt(gap!, 36);
    previousEnd = lo + parseInt(length!, 36);
    ranges.push([lo, previousEnd]);
  }
  return ranges;
}

/** The table RE2/J has for a class name, or null when it has none. */
function table(name: string): Range[] | null {
  if (name === 'Any') return [[0, MAX_RUNE]];
  const encoded = Object.hasOwn(CATEGORIES, name)
    ? CATEGORIES[name]
    : Object.hasOwn(SCRIPTS, name)
      ? SCRIPTS[name]
      : undefined;
  if (encoded === undefined) return null;
  let ranges = decoded.get(name);
  if (!ranges) {
    ranges = decodeRanges(encoded);
    decoded.set(name, ranges);
  }
  return ranges;
}

function complement(ranges: Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_RUNE) out.push([next, MAX_RUNE]);
  return out;
}

const hex = (c: number) => `\\x{${c.toString(16)}}`;
const spelled = (ranges: Range[]) =>
  ranges.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('');

/** A pattern RE2/J refuses: the caller reports it as Google's engine does. */
export class UnknownUnicodeClass extends Error {}

/**
 * Reads the `\p`/`\P` escape at `at` (the backslash): its ranges, negated or not, and where it ends.
 */
function unicodeClass(pattern: string, at: number): { ranges: Range[]; end: number } {
  let negated = pattern[at + 1] === 'P';
  let name: string;
  let end: number;
  if (pattern[at + 2] === '{') {
    const close = pattern.indexOf('}', at + 3);
    if (close < 0) throw new UnknownUnicodeClass(pattern.slice(at));
    name = pattern.slice(at + 3, close);
    end = close + 1;
  } else {
    const char = String.fromCodePoint(pattern.codePointAt(at + 2) ?? 0);
    if (pattern.length <= at + 2) throw new UnknownUnicodeClass(pattern.slice(at));
    name = char;
    end = at + 2 + char.length;
  }
  if (name.startsWith('^')) {
    negated = !negated;
    name = name.slice(1);
  }
  const ranges = table(name);
  if (ranges === null) throw new UnknownUnicodeClass(pattern.slice(at, end));
  return { ranges: negated ? complement(ranges) : ranges, end };
}

/**
 * The pattern with every Unicode class replaced by the code points of Google's table; the rest
 * is copied as it is (escapes, `\Q...\E` literal text, POSIX classes).
 */
export function withGoogleUnicodeClasses(pattern: string): string {
  if (!/\\[pP]/.test(pattern)) return pattern;
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length;) {
    const char = pattern[i]!;
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next === 'Q') {
        // Literal text up to \E (or the end): nothing in it is an escape.
        const close = pattern.indexOf('\\E', i + 2);
        const end = close < 0 ? pattern.length : close + 2;
        out += pattern.slice(i, end);
        i = end;
        continue;
      }
      if (next === 'p' || next === 'P') {
        const { ranges, end } = unicodeClass(pattern, i);
        const body = spelled(ranges);
        out += inClass ? body : body === '' ? '[^\\x{0}-\\x{10ffff}]' : `[${body}]`;
        i = end;
        continue;
      }
      out += pattern.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (!inClass && char === '[') {
      inClass = true;
      out += char;
      i++;
      // A `]` right after `[` or `[^` is a literal.
      if (pattern[i] === '^') out += pattern[i++];
      if (pattern[i] === ']') out += pattern[i++];
      continue;
    }
    if (inClass && char === '[' && pattern[i + 1] === ':') {
      const close = pattern.indexOf(':]', i + 2);
      if (close >= 0) {
        out += pattern.slice(i, close + 2);
        i = close + 2;
        continue;
      }
    }
    if (inClass && char === ']') inClass = false;
    out += char;
    i++;
  }
  return out;
}
