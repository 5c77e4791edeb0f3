import { hashtagsBetween, TAGS_MAX_COUNT } from './hashtags';

/**
 * A piece of member-written text: plain text, or something found in it that becomes a link. Every
 * kind has the `text` written, so joining the parts gives the text back; a new kind adds a member
 * here and its finder (splitLinks for what the text alone shows, splitMentions for mentions).
 */
export type TextPart =
  | { kind: 'text'; text: string }
  | {
      kind: 'link';
      /** What the member wrote, as written (the full address). */
      text: string;
      /** The normalised address the link opens. */
      href: string;
    }
  | {
      kind: 'mention';
      /** `@` and the member's name, as written. */
      text: string;
      /** The mentioned member, as the text's stored `mentions` names them. */
      uid: string;
    }
  | {
      kind: 'tag';
      /** What the member wrote, as written, its mark included ("#Weekend"). */
      text: string;
      /** The normalised tag the link opens and the post is stored under ("weekend"; hashtags.ts). */
      tag: string;
    };

/** A member the text's stored `mentions` names, with the name they go by now. */
export interface MentionedMember {
  uid: string;
  name: string;
}

// Where a link may begin: "http://" or "https://", any case.
const SCHEME = /https?:\/\//giu;
// What ends an address: white space, characters never left unescaped in one (<>"`{}|\^),
// invisible and direction-changing characters (which could disguise where a link leads), and the
// ideographic punctuation that ends a clause in text written without spaces (、。「」（）！？ …).
const ADDRESS_END =
  /[\s<>"`{}|\\^\p{Cc}\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\u3000-\u303f\uff01\uff08\uff09\uff0c\uff0e\uff1a\uff1b\uff1f]/gu;
// Punctuation that ends a sentence rather than the address when it closes it.
const TRAILING = new Set(['.', ',', ':', ';', '!', '?', "'", '"', '’', '”', '»', '…', '*']);
const OPENING_OF = new Map([
  [')', '('],
  [']', '['],
  ['}', '{'],
]);
// A scheme glued to a word ("xhttp://") is not the start of an address.
const WORD_CHAR = /[A-Za-z0-9_]/;

/** `candidate` without the sentence punctuation after it; a closing bracket stays when it is paired. */
function trimTrailing(candidate: string): string {
  // Brackets left open by the whole candidate (negative: closed more than opened), counted once
  // since a hostile string may be long.
  const open = new Map([...OPENING_OF.values()].map((opening) => [opening, 0]));
  for (const char of candidate) {
    const opening = OPENING_OF.get(char) ?? char;
    const unclosed = open.get(opening);
    if (unclosed !== undefined) open.set(opening, unclosed + (opening === char ? 1 : -1));
  }
  let end = candidate.length;
  for (;;) {
    const last = candidate.charAt(end - 1);
    const opening = OPENING_OF.get(last);
    const unclosed = opening === undefined ? 0 : (open.get(opening) ?? 0);
    if (TRAILING.has(last)) end -= 1;
    else if (opening !== undefined && unclosed < 0) {
      open.set(opening, unclosed + 1);
      end -= 1;
    } else return candidate.slice(0, end);
  }
}

/** Where the address whose host begins at `from` ends: the first character that ends one. */
function addressEnd(text: string, from: number): number {
  ADDRESS_END.lastIndex = from;
  return ADDRESS_END.exec(text)?.index ?? text.length;
}

// A host name (letters in any script, digits, hyphens, dots) and an optional port, then the path,
// query, fragment or nothing. Checked before the URL parser, which is slow on long nonsense hosts.
const HOST_THEN_PATH = /^https?:\/\/[\p{L}\p{M}\p{N}.-]+(:\d{1,5})?([/?#]|$)/iu;

/** The address a candidate opens, or null when it is not a web address a member may follow. */
function hrefOf(candidate: string): string | null {
  if (!HOST_THEN_PATH.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // "https://bank.example@evil.example" reads as one site and leads to another.
  if (url.username || url.password) return null;
  // A name without a dot (an intranet host, or the reader's own machine) means something else on
  // every reader's network, so no member links another to it.
  if (!url.hostname.includes('.')) return null;
  return url.href;
}

/**
 * `text` cut into plain text, links and tags. Every `http://` or `https://` address becomes a
 * link, without the punctuation that follows it in the sentence (a closing bracket stays when the
 * address opened it: `https://en.wikipedia.org/wiki/Mercury_(planet)`). No other scheme does, nor
 * a bare domain (`example.com` stays text, since "e.g." or "file.txt" would become links too).
 * Outside the links, every hashtag (hashtags.ts) becomes a tag, up to TAGS_MAX_COUNT distinct
 * ones; a "#" inside an address stays part of it. Joining the parts' `text` gives `text` back.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let done = 0;
  // The end of the last address looked at: a scheme inside one that was refused starts none (this
  // keeps a long run of schemes from being read again and again).
  let looked = 0;
  const tags = new Set<string>();
  const pushText = (end: number) => {
    for (const match of hashtagsBetween(text, done, end)) {
      if (!tags.has(match.tag) && tags.size >= TAGS_MAX_COUNT) continue;
      tags.add(match.tag);
      if (match.start > done) parts.push({ kind: 'text', text: text.slice(done, match.start) });
      parts.push({ kind: 'tag', text: text.slice(match.start, match.end), tag: match.tag });
      done = match.end;
    }
    if (end > done) parts.push({ kind: 'text', text: text.slice(done, end) });
  };
  for (const match of text.matchAll(SCHEME)) {
    const start = match.index;
    if (start < looked || WORD_CHAR.test(text.charAt(start - 1))) continue;
    const end = addressEnd(text, start + match[0].length);
    looked = end;
    const candidate = trimTrailing(text.slice(start, end));
    const href = hrefOf(candidate);
    if (!href) continue;
    pushText(start);
    parts.push({ kind: 'link', text: candidate, href });
    done = start + candidate.length;
  }
  pushText(text.length);
  return parts;
}

/**
 * The distinct tags of `text` in the order written, as splitLinks links them: what the explore
 * team's function stores on a post, so that a post is listed under exactly the tags its caption
 * links.
 */
export function tagsIn(text: string): string[] {
  const tags = splitLinks(text).flatMap((part) => (part.kind === 'tag' ? [part.tag] : []));
  return [...new Set(tags)];
}

/** How much of an address a link shows before the ellipsis. */
export const LINK_SHOWN_LENGTH = 32;

/**
 * An address as a link shows it: without the scheme, a leading "www." and a lone trailing slash,
 * split where the ellipsis goes (`rest` is empty when it all fits).
 */
export function shortenAddress(
  address: string,
  maxLength = LINK_SHOWN_LENGTH,
): { shown: string; rest: string } {
  const short = address.replace(/^https?:\/\/(www\.)?/i, '').replace(/^([^/?#]*)\/$/, '$1');
  const chars = Array.from(short);
  if (chars.length <= maxLength) return { shown: short, rest: '' };
  return {
    shown: chars.slice(0, maxLength - 1).join(''),
    rest: chars.slice(maxLength - 1).join(''),
  };
}

// A letter, number or underscore in any script: a mention does not run on into one ("@Ann" does
// not mention Ann in "@Annabel"). Before the `@`, only ASCII ones refuse a mention (WORD_CHAR:
// "ann@example.com"), so text written without spaces ("東京で@Ann") still mentions.
const NAME_CHAR = /[\p{L}\p{M}\p{N}_]/u;

/**
 * Where `@name` of one of `members` starts at `at` in `text`: the member whose name follows the
 * `@` (compared without case; the longest name wins, so "@Ann Lee" is Ann Lee, not Ann), or null.
 */
function mentionAt(
  text: string,
  at: number,
  members: readonly MentionedMember[],
): MentionedMember | null {
  if (text.charAt(at) !== '@' || WORD_CHAR.test(text.charAt(at - 1))) return null;
  let found: MentionedMember | null = null;
  for (const member of members) {
    const end = at + 1 + member.name.length;
    if (member.name === '' || (found && found.name.length >= member.name.length)) continue;
    if (text.slice(at + 1, end).toLowerCase() !== member.name.toLowerCase()) continue;
    if (NAME_CHAR.test(text.charAt(end))) continue;
    found = member;
  }
  return found;
}

/**
 * `parts` with each `@name` of a mentioned member in their plain text made a mention part. Only
 * the stored `mentions` make mentions: an `@` before any other name, or a member the text does not
 * list, stays text, so nobody is linked who was not picked (docs/DATA_MODEL.md "Mentions").
 */
export function splitMentions(
  parts: readonly TextPart[],
  members: readonly MentionedMember[],
): TextPart[] {
  if (members.length === 0) return [...parts];
  return parts.flatMap((part): TextPart[] => {
    if (part.kind !== 'text') return [part];
    const pieces: TextPart[] = [];
    let done = 0;
    for (let at = part.text.indexOf('@'); at !== -1; at = part.text.indexOf('@', at + 1)) {
      const member = mentionAt(part.text, at, members);
      if (!member) continue;
      if (at > done) pieces.push({ kind: 'text', text: part.text.slice(done, at) });
      done = at + 1 + member.name.length;
      pieces.push({ kind: 'mention', text: part.text.slice(at, done), uid: member.uid });
      at = done - 1;
    }
    if (done < part.text.length) pieces.push({ kind: 'text', text: part.text.slice(done) });
    return pieces;
  });
}

/**
 * The `picked` members whose `@name` is still in `text` (outside links), each once, in the order
 * the text names them: a picked member whose name was edited away is not among them.
 */
export function stillMentioned(
  text: string,
  picked: readonly MentionedMember[],
): MentionedMember[] {
  const named = new Map<string, MentionedMember>();
  for (const part of splitMentions(splitLinks(text), picked)) {
    if (part.kind !== 'mention' || named.has(part.uid)) continue;
    const member = picked.find((candidate) => candidate.uid === part.uid);
    if (member) named.set(part.uid, member);
  }
  return [...named.values()];
}

/**
 * The uids of `picked` members whose `@name` is still in `text` (outside links), each once, at
 * most `max`: what a post, comment or reply stores as its `mentions` when it is sent.
 */
export function mentionedIn(
  text: string,
  picked: readonly MentionedMember[],
  max: number,
): string[] {
  return stillMentioned(text, picked)
    .map((member) => member.uid)
    .slice(0, max);
}
