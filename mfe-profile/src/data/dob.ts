/**
 * Date of birth: the edit form's three fields in, the stored text out. The one stored format is
 * "<ordinal day> <month abbreviation> <year>", e.g. "3rd Jul 1990" (docs/DATA_MODEL.md).
 */
import { MESSAGES } from 'shared-firebase/session';
import { DOB_FIELD_LENGTHS } from '../constants';
import { PROFILE_MESSAGES } from '../messages';

/** The date-of-birth form's three text fields as typed. */
export interface DobFields {
  day: string;
  month: string;
  year: string;
}

export interface CalendarDate {
  day: number;
  /** 1–12. */
  month: number;
  year: number;
}

export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export type DobCheck = { ok: true; date: CalendarDate } | { ok: false; message: string };

const DAY_PATTERN = new RegExp(`^\\d{1,${DOB_FIELD_LENGTHS.day}}$`);
const MONTH_PATTERN = new RegExp(`^\\d{1,${DOB_FIELD_LENGTHS.month}}$`);
const YEAR_PATTERN = new RegExp(`^\\d{${DOB_FIELD_LENGTHS.year}}$`);

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in `month` (1–12) of `year`, Gregorian. */
export function daysInMonth(month: number, year: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", ... */
export function ordinalDay(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/**
 * Checks the form's fields: day (1–2 digits), month (1–2) and year (exactly 4), digits only, else
 * 'Please fill all input fields'; then a real calendar date, not after `today` (local date).
 */
export function checkDob(fields: DobFields, today: Date = new Date()): DobCheck {
  const day = fields.day.trim();
  const month = fields.month.trim();
  const year = fields.year.trim();
  if (!DAY_PATTERN.test(day) || !MONTH_PATTERN.test(month) || !YEAR_PATTERN.test(year)) {
    return { ok: false, message: MESSAGES.fillAllFields };
  }
  const date = { day: Number(day), month: Number(month), year: Number(year) };
  if (
    date.year < 1 ||
    date.month < 1 ||
    date.month > 12 ||
    date.day < 1 ||
    date.day > daysInMonth(date.month, date.year)
  ) {
    return { ok: false, message: PROFILE_MESSAGES.dobNotARealDate };
  }
  const todayValue = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  if (date.year * 10000 + date.month * 100 + date.day > todayValue) {
    return { ok: false, message: PROFILE_MESSAGES.dobInTheFuture };
  }
  return { ok: true, date };
}

/** The stored text: "3rd Jul 1990". */
export function formatDob(date: CalendarDate): string {
  const month = MONTH_ABBREVIATIONS[date.month - 1];
  if (!month) throw new RangeError(`No month ${date.month}`);
  return `${ordinalDay(date.day)} ${month} ${String(date.year).padStart(4, '0')}`;
}

const STORED_PATTERN = /^(\d{1,2})(st|nd|rd|th) ([A-Z][a-z]{2}) (\d{4})$/;

/** Reads a stored "3rd Jul 1990" back (to prefill the form); null for anything else. */
export function parseStoredDob(stored: string | null | undefined): CalendarDate | null {
  const match = STORED_PATTERN.exec(stored ?? '');
  if (!match) return null;
  const day = Number(match[1]);
  const month = MONTH_ABBREVIATIONS.indexOf(match[3] as (typeof MONTH_ABBREVIATIONS)[number]) + 1;
  const year = Number(match[4]);
  if (month === 0 || day < 1 || day > daysInMonth(month, year)) return null;
  if (ordinalDay(day) !== `${match[1]}${match[2]}`) return null;
  return { day, month, year };
}
