import {
  MAX_MARKS_PER_LETTER,
  memberTag,
  userNameCharacterProblem,
  userNameClaimId,
  userNameKey,
} from './userNames';

describe('userNameKey', () => {
  it.each([
    ['case', 'ALICE', 'alice'],
    ['fullwidth letters', 'Ａｌｉｃｅ', 'alice'],
    ['a ligature', 'ﬁona', 'fiona'],
    ['mathematical bold letters', '𝐀𝐥𝐢𝐜𝐞', 'alice'],
    ['circled letters', 'Ⓐlice', 'alice'],
    ['combining accents and precomposed ones', 'E\u0301lise', 'élise'],
    ['German sharp s (both cases)', 'STRAẞE', 'strasse'],
    ['Greek final sigma', 'ΟΔΥΣΣΕΥΣ', 'οδυσσευσ'],
    ['Greek written with final sigma', 'Οδυσσευς', 'οδυσσευσ'],
    ['Cyrillic upper case', 'ЖЕНЯ', 'женя'],
    ['Turkish dotted capital I', 'İnci', 'i\u0307nci'],
    ['white space runs and ends', '  Ann   Lee ', 'ann lee'],
    ['an ideographic space', 'Ann\u3000Lee', 'ann lee'],
    ['Japanese halfwidth katakana', 'ｱｷﾗ', 'アキラ'],
    ['Hangul jamo compose', '\u1112\u1161\u11AB', '한'],
  ])('folds %s', (_what, typed, key) => {
    expect(userNameKey(typed)).toBe(key);
  });

  it('keeps look-alikes of other scripts apart (NFKC does not map them)', () => {
    expect(userNameKey('аlice')).not.toBe(userNameKey('alice')); // Cyrillic а
    expect(userNameKey('Ρaul')).not.toBe(userNameKey('Paul')); // Greek Ρ
  });

  it('gives names in other scripts their own keys', () => {
    const names = ['李明', 'محمد', 'דוד', 'Σοφία', 'Đức', 'Nguyễn', 'ธนา', 'प्रिया'];
    expect(new Set(names.map(userNameKey)).size).toBe(names.length);
  });
});

describe('userNameClaimId', () => {
  it('is the same for names that differ only in case and width', () => {
    expect(userNameClaimId('Ａｌｉｃｅ')).toBe(userNameClaimId('alice'));
    expect(userNameClaimId('alice')).toBe('~alice');
  });

  it('is a valid document id for any name', () => {
    expect(userNameClaimId('.')).toBe('~.');
    expect(userNameClaimId('..')).toBe('~..');
    expect(userNameClaimId('__x__')).toBe('~__x__');
    expect(userNameClaimId('AC/DC')).toBe('~ac~sdc');
    expect(userNameClaimId('AC/DC')).not.toContain('/');
  });

  it('never makes two keys one id', () => {
    expect(userNameClaimId('a~s')).not.toBe(userNameClaimId('a/'));
    expect(userNameClaimId('a~~')).not.toBe(userNameClaimId('a~'));
  });
});

describe('userNameCharacterProblem', () => {
  it.each([
    ['a right-to-left override', '\u202Eecila', 'bidi'],
    ['a left-to-right mark', 'Ann\u200E', 'bidi'],
    ['an isolate', 'An\u2067n\u2069', 'bidi'],
    ['the Arabic letter mark', 'Ann\u061C', 'bidi'],
    ['a zero-width space', 'Al\u200Bice', 'invisible'],
    ['a zero-width joiner', 'Al\u200Dice', 'invisible'],
    ['a word joiner', 'Al\u2060ice', 'invisible'],
    ['a byte order mark', '\uFEFFAlice', 'invisible'],
    ['a soft hyphen', 'Al\u00ADice', 'invisible'],
    ['a combining grapheme joiner', 'Al\u034Fice', 'invisible'],
    ['a Hangul filler', 'Al\u3164ice', 'invisible'],
    ['a language tag', 'Alice\u{E0041}', 'invisible'],
    ['an interlinear annotation', 'Al\uFFF9ice', 'invisible'],
    ['a letter with 31 combining marks', `a${'\u0301'.repeat(31)}`, 'marks'],
    [
      `a letter with ${MAX_MARKS_PER_LETTER + 1} combining marks`,
      `Max${'\u0334\u0335\u0336\u0337'}`,
      'marks',
    ],
  ])('refuses %s', (_what, name, problem) => {
    expect(userNameCharacterProblem(name)).toBe(problem);
  });

  it.each([
    ['a plain name', 'Alice Novak'],
    ['accents typed as combining marks', 'E\u0301lise'],
    ['Vietnamese', 'Nguyễn Đức'],
    ['pointed Hebrew (a letter with three marks)', 'שּׁ\u05B8לוֹם'],
    ['Thai with a vowel and a tone mark', 'ปู่'],
    ['Devanagari conjuncts', 'प्रिया'],
    ['Arabic', 'محمد'],
    ['an emoji with its presentation selector', 'Ann ❤️'],
    ['a Cyrillic look-alike (told apart by the member tag instead)', 'аlice'],
  ])('accepts %s', (_what, name) => {
    expect(userNameCharacterProblem(name)).toBeNull();
  });
});

describe('memberTag', () => {
  it('is a short line from the uid', () => {
    expect(memberTag('q8Wd2kLmN0pZ1xYb')).toBe('ID q8Wd2kLm');
  });
});
