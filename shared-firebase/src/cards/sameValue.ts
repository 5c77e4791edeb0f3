// Field values compared as Firestore stores them, whichever SDK read them.

type Fields = Record<string, unknown>;

/** Values compared as Firestore stores them: timestamps and other SDK values by `isEqual`. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameValue(item, b[i]))
    );
  }
  const equals = (a as { isEqual?: unknown }).isEqual;
  if (typeof equals === 'function') {
    return a.constructor === b.constructor && Boolean(equals.call(a, b));
  }
  const aKeys = Object.keys(a);
  const bFields = b as Fields;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every((key) => key in bFields && sameValue((a as Fields)[key], bFields[key]))
  );
}
