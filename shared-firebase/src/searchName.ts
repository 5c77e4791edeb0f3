// Member search (docs/DATA_MODEL.md "Member search"). Plain functions with no SDK import, so the
// sign-up documents and test fixtures can use them.

/**
 * The form a user name is stored in: Unicode NFC, so the same name typed with precomposed or
 * combining accents is one name, and so one search prefix finds it.
 */
export function storedUserName(name: string): string {
  return name.normalize('NFC');
}

/**
 * `usersData.searchName` for a stored user name: A–Z lower-cased, every other letter as written.
 * The rules' `lower()` changes ASCII letters only on Google's Firestore emulator (the reference:
 * 'É'.lower() is 'É'), so only that fold is one both rules engines accept (firestore.rules
 * `searchNameOf`; docs/DATA_MODEL.md "Member search").
 */
export function searchNameOf(storedName: string): string {
  return storedName.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** The prefix a search for `typed` ranges over: trimmed, NFC, lower-cased; '' is no search. */
export function searchPrefixOf(typed: string): string {
  return searchNameOf(storedUserName(typed.trim()));
}

/**
 * The end of the range that holds every string starting with `prefix`: U+F8FF is the last
 * private-use code point of the BMP and sorts after every character a name is made of (Firestore
 * compares strings by their UTF-8 bytes).
 */
export function searchRangeEnd(prefix: string): string {
  return `${prefix}\uf8ff`;
}
