/**
 * Strings to numbers as Google's rules engine converts them: `int()` and `float()` take what
 * Java's Long.parseLong and Double.parseDouble take (measured against Google's emulator), not what
 * JavaScript's Number() takes: `int(' 12 ')`, `int('1e3')` and `float('0x10')` are errors there,
 * `float('1d')`, `float('0x1p3')` and `int('١٢')` are numbers.
 */

import { INT64_MAX, INT64_MIN } from '../values/values';

/** Java's String.trim(): every character up to U+0020 goes, not U+00A0 or other Unicode spaces. */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/** The value of one decimal digit of any script, as Java's Character.digit(c, 10) gives it. */
function digitValue(digit: string): number {
  const code = digit.codePointAt(0)!;
  let zero = code;
  // Unicode decimal digits come in runs that start at a zero (some runs hold several scripts).
  while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
  return (code - zero) % 10;
}

/** Long.parseLong: an optional sign, then decimal digits of any script; null if not an int64. */
export function parseJavaLong(text: string): bigint | null {
  const match = /^([+-]?)(\p{Nd}+)$/u.exec(text);
  if (!match) return null;
  let value = 0n;
  for (const digit of match[2]!) value = value * 10n + BigInt(digitValue(digit));
  if (match[1] === '-') value = -value;
  if (value < INT64_MIN || value > INT64_MAX) return null;
  return value;
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)[fFdD]?$/;
const SPECIAL = /^([+-]?)(NaN|Infinity)$/;

/** Double.parseDouble: Java's trim, then a decimal or hexadecimal literal, NaN or Infinity. */
export function parseJavaDouble(text: string): number | null {
  const trimmed = javaTrim(text);
  if (DECIMAL.test(trimmed)) return Number(trimmed.replace(/[fFdD]$/, ''));
  const special = SPECIAL.exec(trimmed);
  if (special) {
    const value = special[2] === 'NaN' ? NaN : Infinity;
    return special[1] === '-' ? -value : value;
  }
  const hex = HEX.exec(trimmed);
  if (hex) {
    const [, sign, whole = '', fraction = '', exponent] = hex;
    if (whole === '' && fraction === '') return null;
    const mantissa = parseInt(`${whole}${fraction}` || '0', 16);
    const value = mantissa * 2 ** (Number(exponent) - 4 * fraction.length);
    return sign === '-' ? -value : value;
  }
  return null;
}

const TWO_TO_63 = 2 ** 63;

/**
 * A double as an int the way Java's `(long)` cast makes it, as Google's `int()` does: toward zero,
 * NaN is 0, and beyond the int64 range it is the nearest limit (`int(1.0e19)` is 2^63-1).
 */
export function longOfDouble(value: number): bigint {
  if (Number.isNaN(value)) return 0n;
  if (value >= TWO_TO_63) return INT64_MAX;
  if (value <= -TWO_TO_63) return INT64_MIN;
  return BigInt(Math.trunc(value));
}

/**
 * Java's Math.round(double), as Google's `math.round()` gives it: halves go up (-2.5 gives -2, as
 * JavaScript's Math.round does), NaN is 0, and beyond the int64 range the nearest limit.
 */
export function roundToLong(value: number): bigint {
  return longOfDouble(Math.round(value));
}
