// Brings a card (a slim copy of a document) to its source as the source is when this runs, so
// the same event twice, events out of order and two runs at once all end with the card right.
// Structural types, so this package does not depend on firebase-admin (the codebases bring it).
import { GUARDED_ATTEMPTS, movedOn, type VersionedSnapshot } from '../counts/guardedWrite';
import { sameValue } from './sameValue';

type Fields = Record<string, unknown>;

/** The parts of a server SDK snapshot the copy reads. */
export interface CardSnapshot extends VersionedSnapshot {
  data(): Fields | undefined;
}

/** A server SDK document reference, as far as the copy uses it. */
export interface CardReference<Snapshot extends CardSnapshot> {
  get(): Promise<Snapshot>;
  set(data: Fields): Promise<unknown>;
  delete(): Promise<unknown>;
}

/** What a copy did: wrote the card, deleted it (the source is gone), or found it right. */
export type CardOutcome = 'written' | 'deleted' | 'unchanged';

/**
 * Copies `source` through `fields` into `card` (or deletes the card when the source is gone),
 * writing only when the card differs. After a write the source is read again: if it moved on
 * meanwhile, the copy runs again, so the last write always holds a version that was still the
 * source's after it was written (a later change has an event of its own).
 */
export async function syncCard<Source extends CardSnapshot, Card extends CardSnapshot>(
  source: CardReference<Source>,
  card: CardReference<Card>,
  fields: (data: Fields) => Fields,
): Promise<CardOutcome> {
  for (let attempt = 0; attempt < GUARDED_ATTEMPTS; attempt++) {
    const [read, stored] = await Promise.all([source.get(), card.get()]);
    const data = read.exists ? read.data() : undefined;
    const wanted = data ? fields(data) : null;
    let outcome: CardOutcome = 'unchanged';
    if (!wanted) {
      if (stored.exists) {
        await card.delete();
        outcome = 'deleted';
      }
    } else if (!stored.exists || !sameValue(wanted, stored.data())) {
      await card.set(wanted);
      outcome = 'written';
    }
    if (outcome === 'unchanged' || !(await movedOn(source, read))) return outcome;
  }
  throw new Error('card copy: the source kept changing; the event is retried');
}
