// Whether a write of a source can have changed its card: a write that changed only the lists a
// card leaves out (a like, a follow's fan-out, a post listed) has nothing to copy. Skipping it is
// safe: every write that changes a card's field has its own event, which copies the source as it
// is then.
import { sameValue } from './sameValue';

type Fields = Record<string, unknown>;

/** Whether the write from `before` to `after` (either absent) can have changed the card. */
export function cardChanged(
  before: Fields | undefined,
  after: Fields | undefined,
  fields: (data: Fields) => Fields,
): boolean {
  if (!before || !after) return true;
  return !sameValue(fields(before), fields(after));
}
