import { invalidArgument } from './errors';

/**
 * Timestamps are kept in one canonical text form, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (microseconds,
 * which is Firestore's stored precision). Fixed width makes plain string comparison chronological,
 * so stored values and versions are compared cheaply and never confused by 9-digit nanos.
 */

const MIN_SECONDS = -62135596800; // 0001-01-01T00:00:00Z
const MAX_SECONDS = 253402300799; // 9999-12-31T23:59:59Z

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;

/** Microseconds since the epoch as a bigint; exact for the whole Firestore range. */
export type Micros = bigint;

export function parseTimestamp(input: unknown): Micros {
  if (typeof input === 'string') return parseRfc3339(input);
  if (input !== null && typeof input === 'object') {
    const { seconds, nanos } = input as { seconds?: unknown; nanos?: unknown };
    const s = seconds === undefined ? 0n : toBigInt(seconds);
    const n = nanos === undefined ? 0 : Number(nanos);
    if (s === null || !Number.isInteger(n) || n < 0 || n > 999_999_999) {
      throw invalidArgument(`Invalid timestamp: ${JSON.stringify(input)}`);
    }
    return checkRange(s * 1_000_000n + BigInt(Math.floor(n / 1000)), input);
  }
  throw invalidArgument(`Invalid timestamp: ${JSON.stringify(input)}`);
}

function toBigInt(v: unknown): bigint | null {
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  return null;
}

function parseRfc3339(text: string): Micros {
  const m = RFC3339.exec(text);
  if (!m) throw invalidArgument(`Invalid timestamp: "${text}"`);
  const [, y, mo, d, h, mi, s, frac = '', zone = 'Z'] = m;
  if (
    Number(mo) < 1 ||
    Number(mo) > 12 ||
    Number(d) < 1 ||
    Number(d) > daysInMonth(Number(y), Number(mo)) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    throw invalidArgument(`Invalid timestamp: "${text}"`);
  }
  const wholeMs = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  let seconds = BigInt(Math.floor(wholeMs / 1000));
  if (Number(y) < 100) {
    // Date.UTC maps years 0-99 to 1900-1999.
    const fixed = new Date(0);
    fixed.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
    fixed.setUTCHours(Number(h), Number(mi), Number(s), 0);
    seconds = BigInt(Math.floor(fixed.getTime() / 1000));
  }
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1n : 1n;
    const offset = BigInt(Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
    seconds -= sign * offset;
  }
  const micros = BigInt((frac + '000000').slice(0, 6));
  return checkRange(seconds * 1_000_000n + micros, text);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function checkRange(micros: Micros, original: unknown): Micros {
  const seconds = micros / 1_000_000n - (micros < 0n && micros % 1_000_000n !== 0n ? 1n : 0n);
  if (seconds < BigInt(MIN_SECONDS) || seconds > BigInt(MAX_SECONDS)) {
    throw invalidArgument(
      `Timestamp out of range: ${JSON.stringify(original)}; it must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999Z`,
    );
  }
  return micros;
}

export function formatTimestamp(micros: Micros): string {
  let seconds = micros / 1_000_000n;
  let frac = micros % 1_000_000n;
  if (frac < 0n) {
    frac += 1_000_000n;
    seconds -= 1n;
  }
  const date = new Date(Number(seconds) * 1000);
  const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.000Z for years 0-9999
  return `${iso.slice(0, 19)}.${frac.toString().padStart(6, '0')}Z`;
}

/** Any accepted timestamp input to the canonical string. */
export function canonicalTimestamp(input: unknown): string {
  return formatTimestamp(parseTimestamp(input));
}

export function nowMicros(): Micros {
  return BigInt(Date.now()) * 1000n;
}
