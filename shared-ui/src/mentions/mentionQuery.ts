// Where the member is typing a mention in a text field, and the text once a member is picked.
// Plain text handling, so the combobox's keyboard and timing stay apart from it.

/** An `@` being typed: from the `@` (start) to the caret (end), and what follows the `@`. */
export interface MentionQuery {
  start: number;
  end: number;
  query: string;
}

// What may not come right before the `@` of a mention: an ASCII letter, digit or underscore, so an
// e-mail address ("ann@example.com") suggests nobody, as UserText would not link it either.
const NOT_BEFORE_MENTION = /[A-Za-z0-9_]/;

/**
 * The mention being typed at `caret` in `text`, or null: an `@` at most `maxLength` characters
 * before the caret, with at least one character after it, none of them a line break or another
 * `@`, and not starting with a space. Names hold spaces ("Old Timer"), so a space after the first
 * character does not end the query; the caller stops asking once a prefix found nobody.
 */
export function mentionQueryAt(
  text: string,
  caret: number,
  maxLength: number,
): MentionQuery | null {
  const from = Math.max(0, caret - maxLength - 1);
  const start = text.lastIndexOf('@', caret - 1);
  if (start < from || start === -1) return null;
  if (NOT_BEFORE_MENTION.test(text.charAt(start - 1))) return null;
  const query = text.slice(start + 1, caret);
  if (query === '' || /^\s|[\n\r@]/u.test(query)) return null;
  return { start, end: caret, query };
}

/**
 * `text` with the query replaced by `@name` and one space (none added when one follows already),
 * and where the caret goes: after that space.
 */
export function insertMention(
  text: string,
  at: MentionQuery,
  name: string,
): { text: string; caret: number } {
  const after = text.slice(at.end);
  const inserted = `@${name}${after.startsWith(' ') ? '' : ' '}`;
  const caret = at.start + inserted.length + (after.startsWith(' ') ? 1 : 0);
  return { text: text.slice(0, at.start) + inserted + after, caret };
}
