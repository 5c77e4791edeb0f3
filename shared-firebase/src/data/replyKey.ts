// A reply's identity in its thread, for reports and a moderator's removal. Replies written before
// replies had an `id` are exactly `{ reply, userId }`; their position shifts whenever an earlier
// reply goes, but their content does not, and identical copies are one reply to the rules (a
// removal takes them all), so such a reply is known by a hash of its writer and its text.

const FNV_OFFSET = BigInt('0xcbf29ce484222325');
const FNV_PRIME = BigInt('0x100000001b3');
const MASK_64 = BigInt('0xffffffffffffffff');

/** FNV-1a, 64 bits, of the text's UTF-16 code units: stable, short, no dependency. */
function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}

/** The key of a reply: its `id`, or for an old reply without one, `old` and the hash of it. */
export function replyKey(reply: { reply: unknown; userId: unknown; id?: unknown }): string {
  if (typeof reply.id === 'string' && reply.id !== '') return reply.id;
  return `old${fnv1a64(`${String(reply.userId)}\u0000${String(reply.reply)}`)}`;
}
