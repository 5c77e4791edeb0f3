/**
 * Characters a reader cannot see, each of which alone makes text blank to the rules' `hasVisible`:
 * whitespace, separators (\p{Z}), controls (\p{Cc}) and format characters (\p{Cf}).
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
];

/** Text with a visible character among invisible ones. */
export const VISIBLE_TEXTS = ['a', '\u200bA\u200b', '\u{1F600}', '\n\nx\n', 'é', '中'];
