import { RE2JS } from 're2js';
import { withGoogleUnicodeClasses } from './unicodeClasses';
import { EvalError } from './values';

/**
 * Regular expressions of `matches()`, `split()` and `replace()`: RE2 syntax, as in Google's
 * engine (RE2/J), through re2js, a JavaScript port of RE2/J. So `(?s)`, `\Q...\E`,
 * `[[:alpha:]]`, `\pL` and `(?P<name>...)` work, and back-references and lookarounds are errors.
 * Unicode classes take Google's tables (unicodeClasses.ts), not re2js's newer ones.
 */

const CACHE_LIMIT = 500;
/** The longest pattern Google's engine takes (UTF-16 units): longer literals do not compile. */
export const MAX_PATTERN_LENGTH = 4096;
/** Compiled patterns by source: compiling costs about 0.3 ms, a match a few microseconds. */
const compiled = new Map<string, RE2JS>();

/** Google's words for a pattern RE2 refuses, at compile time and when evaluated alike. */
export const invalidPatternMessage = (pattern: string) =>
  `Invalid regular expression pattern. Pattern: ${pattern}.`;

/** Whether Google's engine accepts the pattern (compiled and kept if so): RE2, and not too long. */
export function isValidPattern(pattern: string): boolean {
  if (pattern.length > MAX_PATTERN_LENGTH) return false;
  try {
    compile(pattern);
    return true;
  } catch {
    return false;
  }
}

function compile(pattern: string): RE2JS {
  let regex = compiled.get(pattern);
  if (regex) return regex;
  try {
    regex = RE2JS.compile(withGoogleUnicodeClasses(pattern));
  } catch {
    throw new EvalError(invalidPatternMessage(pattern));
  }
  if (compiled.size >= CACHE_LIMIT) compiled.delete(compiled.keys().next().value!);
  compiled.set(pattern, regex);
  return regex;
}

/** A pattern to evaluate: refused past Google's length limit, else compiled (and cached). */
function evaluated(pattern: string): RE2JS {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new EvalError(
      `Regular expression too long. Maximum allowed length: ${MAX_PATTERN_LENGTH} Pattern: ${pattern}`,
    );
  }
  return compile(pattern);
}

/** `s.matches(pattern)`: the whole string must match. */
export function fullMatch(pattern: string, subject: string): boolean {
  return evaluated(pattern).matches(subject);
}

/**
 * `s.replace(pattern, replacement)`: every match replaced; `$1`, `${name}` and `$0` insert groups
 * and a backslash takes the next character literally, as in Java ('[\1]' gives '[1]').
 */
export function replaceAll(subject: string, pattern: string, replacement: string): string {
  try {
    return evaluated(pattern).matcher(subject).replaceAll(replacement, true);
  } catch (error) {
    if (error instanceof EvalError) throw error;
    throw new EvalError(`Invalid replacement '${replacement}': ${(error as Error).message}.`);
  }
}

/**
 * `s.split(pattern)`, as measured against Google's engine: an empty match is found at every
 * UTF-16 position, also right after another match and at the start ('abc'.split('') is
 * ['', 'a', 'b', 'c']); trailing empty strings are dropped, but one string always remains
 * (',,'.split(',') is ['']).
 */
export function split(subject: string, pattern: string): string[] {
  const matcher = evaluated(pattern).matcher(subject);
  const pieces: string[] = [];
  let last = 0;
  for (let from = 0; from <= subject.length && matcher.find(from);) {
    const [start, end] = [matcher.start(), matcher.end()];
    pieces.push(subject.slice(last, start));
    last = end;
    from = end === start ? end + 1 : end;
  }
  pieces.push(subject.slice(last));
  while (pieces.length > 1 && pieces[pieces.length - 1] === '') pieces.pop();
  return pieces;
}
