// Member ids shaped like Firebase Auth's (28 characters of [0-9A-Za-z], spread evenly), so that the
// benches' follow edges (`follows/{followerUid}_{targetUid}`) fall across id ranges as real
// members' do, yet the same for the same seed on every run.
import { createHash } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 28;

/** The Auth-shaped uid of `seed`: deterministic, pseudo-random. */
export function authLikeUid(seed) {
  const bytes = createHash('sha256').update(String(seed)).digest();
  let uid = '';
  // 248 = 4 × 62: bytes at or above it are skipped, so every character is equally likely.
  for (let i = 0; uid.length < LENGTH; i += 1) {
    const byte = bytes[i % bytes.length] ^ Math.floor(i / bytes.length);
    if (byte < 248) uid += ALPHABET[byte % 62];
  }
  return uid;
}
