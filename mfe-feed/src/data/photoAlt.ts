/**
 * A post photo's description for people who cannot see it (alt text), written by its author and
 * stored as `postImageAlt` beside `postImage` (docs/DATA_MODEL.md). Absent means "no description":
 * screens then fall back to what they showed before descriptions existed.
 */

/**
 * Longest description, in characters as the field counts them (UTF-16 code units, like the
 * caption). Mastodon's limit: long enough for a chart or a screenshot of text, short enough to
 * listen to. firestore.rules holds the same bound; the rules suite checks both ends of it with
 * this constant.
 */
export const PHOTO_ALT_MAX_LENGTH = 1500;

/**
 * The blank fillers the rules remove before looking for a visible character (Hangul fillers, the
 * Braille blank, two Mongolian marks drawn as nothing), counted as letters or marks by Unicode.
 * Alternatives, not a character class: two of them are combining marks.
 */
const BLANK_FILLERS = /\u115F|\u1160|\u3164|\uFFA0|\u2800|\u1885|\u1886/gu;
/** A letter, number, punctuation mark or symbol: what the rules' `hasVisible` looks for. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * The description as it is stored: trimmed, or null when nothing visible is left (spaces,
 * zero-width or other invisible characters), which the rules would refuse and which describes
 * nothing anyway.
 */
export function storedPhotoAlt(text: string): string | null {
  const trimmed = text.trim();
  return VISIBLE.test(trimmed.replace(BLANK_FILLERS, '')) ? trimmed : null;
}
