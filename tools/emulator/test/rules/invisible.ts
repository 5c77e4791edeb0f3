/**
 * Characters a reader cannot see, each of which alone makes text blank to the rules' `hasVisible`:
 * whitespace, separators, controls, format and combining characters, variation selectors,
 * fillers, private-use and unassigned characters (test/attacks/invisible-text.test.ts sends them all).
 */
export const INVISIBLE_CHARACTERS = [
  '\u200b', // zero-width space
  '\u200c', // zero-width non-joiner
  '\u200d', // zero-width joiner
  '\u2060', // word joiner
  '\ufeff', // byte-order mark
  '\u00ad', // soft hyphen
  '\u00a0', // no-break space
  '\u2028', // line separator
  '\u3000', // ideographic space
  '\u180e', // Mongolian vowel separator
  '\u202e', // right-to-left override
  '\u0085', // next line
  '\n\t\r ',
  // Once seen as visible by one engine or both: bidi isolates and marks, combining and variation
  // marks, fillers, private-use and unassigned characters.
  '\u2066\u2069', // left-to-right isolate, pop directional isolate
  '\u061c', // Arabic letter mark
  '\u{13430}', // Egyptian hieroglyph vertical joiner
  '\u{1bca0}', // shorthand format letter overlap
  '\u034f', // combining grapheme joiner
  '\ufe0f', // variation selector-16
  '\u180b', // Mongolian free variation selector one
  '\uffa0', // halfwidth Hangul filler
  '\u3164', // Hangul filler
  '\u2800', // Braille pattern blank
  '\ue000', // private use
  '\u{f0000}', // supplementary private use
  '\u0378', // unassigned
];

/** Text with a visible character among invisible ones. */
export const VISIBLE_TEXTS = [
  'a',
  '\u200bA\u200b',
  '\u{1F600}',
  '\n\nx\n',
  'é',
  '中',
  '\u{1F914}',
  '\u{1E900}',
];
