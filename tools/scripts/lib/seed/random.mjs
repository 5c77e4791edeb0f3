// A seeded pseudo-random source (mulberry32): the same seed gives the same community every run.

/** A function returning floats in [0, 1), fixed by `seed` (any string or number). */
export function randomSource(seed) {
  let state = 0x811c9dc5;
  for (const char of String(seed)) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Helpers over one source: integers, picks and samples. */
export function dice(random) {
  const int = (min, max) => min + Math.floor(random() * (max - min + 1));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sample = (list, count) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, Math.min(count, copy.length));
  };
  return { random, int, pick, sample };
}

/** A 20-character id like Firestore's auto ids, fixed by `key`. */
export function stableId(key) {
  const random = randomSource(key);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 20 }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
    '',
  );
}
