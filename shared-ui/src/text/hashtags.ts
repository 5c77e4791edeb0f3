// What a hashtag is, in one place: the text parser (links.ts) links what this finds, and the
// explore team's function stores the same tags on the post (docs/DATA_MODEL.md "Tags"). Plain
// string work, no React and no SDK, so the function's bundle can take it.

/**
 * The longest tag, in code points of its normalised form. A longer run of tag characters is no
 * tag at all (it stays text), so a link never leads to a tag the post was not stored under.
 */
export const TAG_MAX_LENGTH = 64;

/**
 * The most distinct tags one text has (Instagram's bound). Later new tags stay text; a tag
 * already counted links again wherever it is repeated.
 */
export const TAGS_MAX_COUNT = 30;

/** A character of a tag: a letter, a mark or a digit in any script, or an underscore. */
const TAG_CHAR = /[\p{L}\p{M}\p{N}_]/u;
// A mark ("#" or the full-width "＃" of Japanese and Chinese keyboards) and the run after it.
const MARKED_RUN = /[#＃]([\p{L}\p{M}\p{N}_]+)/gu;
// A normalised tag: tag characters only, at least one of them a letter. All-digit runs are no
// tags (as on Mastodon): "#1" reads as "number one", and "issue #123" names an issue.
const NORMALISED_TAG = /^[\p{L}\p{M}\p{N}_]*\p{L}[\p{L}\p{M}\p{N}_]*$/u;

/**
 * The stored and linked form of a written tag (without its mark): NFKC (full-width and
 * compatibility forms fold into the usual ones) and lower case, so "#Weekend", "#WEEKEND" and
 * "＃ｗｅｅｋｅｎｄ" are one tag. Null when that is no tag: no letter in it, longer than
 * TAG_MAX_LENGTH, or a compatibility form that folds into punctuation ("⒈" is "1.").
 */
export function normaliseTag(written: string): string | null {
  const tag = written.normalize('NFKC').toLowerCase().normalize('NFKC');
  if (Array.from(tag).length > TAG_MAX_LENGTH) return null;
  return NORMALISED_TAG.test(tag) ? tag : null;
}

/** One tag as written in a text: where it starts and ends (its mark included), and its tag. */
export interface HashtagMatch {
  start: number;
  end: number;
  tag: string;
}

/**
 * The tags written in `text` between `from` and `to` (a stretch outside links). A mark glued to a
 * word character before it ("a#b", "C#") or to "&" ("&#123;") starts none, and a tag runs to the
 * first character that is no tag character, so punctuation and spaces around it stay text.
 */
export function hashtagsBetween(text: string, from: number, to: number): HashtagMatch[] {
  const stretch = text.slice(0, to);
  const matches: HashtagMatch[] = [];
  MARKED_RUN.lastIndex = from;
  for (let match = MARKED_RUN.exec(stretch); match; match = MARKED_RUN.exec(stretch)) {
    const before = Array.from(stretch.slice(Math.max(0, match.index - 2), match.index)).at(-1);
    if (before !== undefined && (before === '&' || TAG_CHAR.test(before))) continue;
    const tag = normaliseTag(match[1]!);
    if (tag) matches.push({ start: match.index, end: match.index + match[0].length, tag });
  }
  return matches;
}
