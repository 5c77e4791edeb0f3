// Names that cannot impersonate (docs/DATA_MODEL.md "Unique names"). Plain functions with no SDK
// import, so sign-up, the edit screen, the seed, the tests and the profile codebase's function all
// compute the same key. No imports: the seed loads this file on its own (their messages are in
// ./messages.ts).

/**
 * Characters a user name may not hold. Bidi controls reorder what is shown (`\u202Eecila` shows as
 * "alice"); invisible characters make two names look alike while differing. Zero-width joiners are
 * refused too, although emoji sequences use them: in a name they would let "Ann" and "An\u200Dn"
 * coexist. Interlinear annotation and Arabic/Syriac/Egyptian format characters and the language
 * tags change how text shows without showing themselves. Hangul fillers and the blank Braille cell
 * are letters/symbols that show nothing. The rules hold the same list (`impersonatingName`).
 */
const REFUSED_CHARACTERS = {
  bidi: /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u,
  invisible:
    /[\u200B-\u200D\u2060-\u2064\uFEFF\u00AD\u180E\u115F\u1160\u3164\uFFA0\u2800\uFFF9-\uFFFB\u{E0000}-\u{E007F}]|\u034F|\p{Cf}/u,
} as const;

/**
 * The most combining marks one letter may carry. Three, not two: pointed Hebrew writes a letter
 * with a dagesh, a shin dot and a vowel (three marks), and scripts such as Thai stack a vowel and
 * a tone mark. Four or more is the "zalgo" text that spills over neighbouring lines.
 */
export const MAX_MARKS_PER_LETTER = 3;
const TOO_MANY_MARKS = new RegExp(`\\p{M}{${MAX_MARKS_PER_LETTER + 1}}`, 'u');

/** Why a name is refused whoever else holds it, or null when its characters are fine. */
export type UserNameCharacterProblem = 'bidi' | 'invisible' | 'marks';

/** What is wrong with the characters of `name` (checked as stored: NFC), or null. */
export function userNameCharacterProblem(name: string): UserNameCharacterProblem | null {
  const stored = name.normalize('NFC');
  if (REFUSED_CHARACTERS.bidi.test(stored)) return 'bidi';
  if (REFUSED_CHARACTERS.invisible.test(stored)) return 'invisible';
  if (TOO_MANY_MARKS.test(stored)) return 'marks';
  return null;
}

/**
 * The form two names are compared in: Unicode NFKC (fullwidth `Ａｌｉｃｅ`, ligatures and styled
 * letters become plain ones), then case folded, then NFKC again (folding can undo a composition).
 * JavaScript has no full case folding; `toLowerCase` plus the folds where the two differ for
 * letters a name holds (ß and ẞ fold to "ss", final sigma to σ) is Unicode's NFKC_Casefold for
 * them. Runs of white space count as one space, and the ends are trimmed.
 */
export function userNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ς/g, 'σ')
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The id of a name's claim document, `userNames/{id}`: the key with the characters a document id
 * cannot hold escaped (`/`, and `~` as the escape itself), behind a `~` so that "." and ".." and
 * `__…__` are ids too. One key, one id, and back.
 */
export function userNameClaimId(name: string): string {
  return `~${userNameKey(name).replace(/~/g, '~~').replace(/\//g, '~s')}`;
}

/**
 * What tells two members with look-alike names apart (a Cyrillic `а` and a Latin `a` survive
 * NFKC): a short line from the uid, which never changes and which nobody chooses, shown under
 * the name on profiles and in member lists.
 */
export function memberTag(uid: string): string {
  return `ID ${uid.slice(0, 8)}`;
}
