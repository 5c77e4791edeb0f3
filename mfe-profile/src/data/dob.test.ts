import { checkDob, daysInMonth, formatDob, ordinalDay, parseStoredDob } from './dob';
import { MESSAGES } from '../testing/messages';

const TODAY = new Date(2026, 10, 21); // 21 Nov 2026, local time

describe('ordinalDay', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
    [31, '31st'],
  ])('%i → %s', (day, text) => {
    expect(ordinalDay(day)).toBe(text);
  });
});

describe('formatDob', () => {
  it('writes ordinal day, month abbreviation and year', () => {
    expect(formatDob({ day: 3, month: 7, year: 1990 })).toBe('3rd Jul 1990');
    expect(formatDob({ day: 1, month: 1, year: 2000 })).toBe('1st Jan 2000');
    expect(formatDob({ day: 22, month: 12, year: 1985 })).toBe('22nd Dec 1985');
  });

  it('refuses a month that does not exist', () => {
    expect(() => formatDob({ day: 1, month: 13, year: 2000 })).toThrow(RangeError);
  });
});

describe('checkDob', () => {
  it('accepts one- or two-digit day and month with a four-digit year', () => {
    expect(checkDob({ day: '3', month: '7', year: '1990' }, TODAY)).toEqual({
      ok: true,
      date: { day: 3, month: 7, year: 1990 },
    });
    expect(checkDob({ day: '03', month: '07', year: '1990' }, TODAY)).toEqual({
      ok: true,
      date: { day: 3, month: 7, year: 1990 },
    });
  });

  it.each([
    [{ day: '', month: '7', year: '1990' }],
    [{ day: '3', month: '', year: '1990' }],
    [{ day: '3', month: '7', year: '' }],
    [{ day: '   ', month: '7', year: '1990' }],
    [{ day: '123', month: '7', year: '1990' }],
    [{ day: '3', month: '123', year: '1990' }],
    [{ day: '3', month: '7', year: '990' }],
    [{ day: '3', month: '7', year: '19901' }],
    [{ day: 'a', month: '7', year: '1990' }],
    [{ day: '3', month: '7.', year: '1990' }],
    [{ day: '-3', month: '7', year: '1990' }],
    [{ day: '3', month: '7', year: '19e1' }],
  ])('asks to fill all fields for %j', (fields) => {
    expect(checkDob(fields, TODAY)).toEqual({ ok: false, message: MESSAGES.fillAllFields });
  });

  it.each([
    [{ day: '31', month: '4', year: '1990' }],
    [{ day: '29', month: '2', year: '1900' }],
    [{ day: '0', month: '7', year: '1990' }],
    [{ day: '3', month: '0', year: '1990' }],
    [{ day: '3', month: '13', year: '1990' }],
    [{ day: '1', month: '1', year: '0000' }],
  ])('refuses %j as not a real date', (fields) => {
    expect(checkDob(fields, TODAY)).toEqual({ ok: false, message: MESSAGES.dobNotARealDate });
  });

  it('accepts 29 February of a leap year', () => {
    expect(checkDob({ day: '29', month: '2', year: '2000' }, TODAY).ok).toBe(true);
    expect(checkDob({ day: '29', month: '2', year: '2024' }, TODAY).ok).toBe(true);
  });

  it('accepts today and refuses tomorrow', () => {
    expect(checkDob({ day: '21', month: '11', year: '2026' }, TODAY).ok).toBe(true);
    expect(checkDob({ day: '22', month: '11', year: '2026' }, TODAY)).toEqual({
      ok: false,
      message: MESSAGES.dobInTheFuture,
    });
    expect(checkDob({ day: '1', month: '1', year: '2027' }, TODAY)).toEqual({
      ok: false,
      message: MESSAGES.dobInTheFuture,
    });
  });
});

describe('daysInMonth', () => {
  it('knows month lengths and leap years', () => {
    expect(daysInMonth(1, 2023)).toBe(31);
    expect(daysInMonth(4, 2023)).toBe(30);
    expect(daysInMonth(2, 2023)).toBe(28);
    expect(daysInMonth(2, 2024)).toBe(29);
    expect(daysInMonth(2, 2100)).toBe(28);
    expect(daysInMonth(2, 2000)).toBe(29);
  });
});

describe('parseStoredDob', () => {
  it('reads back what formatDob writes', () => {
    for (const date of [
      { day: 3, month: 7, year: 1990 },
      { day: 11, month: 2, year: 2001 },
      { day: 31, month: 12, year: 1970 },
    ]) {
      expect(parseStoredDob(formatDob(date))).toEqual(date);
    }
  });

  it.each([null, undefined, '', '3 Jul 1990', '3rd July 1990', '3th Jul 1990', '31st Feb 1990'])(
    'returns null for %p',
    (stored) => {
      expect(parseStoredDob(stored)).toBeNull();
    },
  );
});
