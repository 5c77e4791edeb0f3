/** A JSON object (not null, not an array): what every wire message and most of its members are. */
export function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}
