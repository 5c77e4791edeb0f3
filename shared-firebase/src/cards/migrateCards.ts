// The migration of a database without cards (docs/DATA_MODEL.md "Migrating cards"): a job of
// pages, each copying some sources in id order into their cards and then recording how far it
// got, so it can stop anywhere and resume. Copies are `syncCard`'s, so a page done twice, or a
// function copying the same document meanwhile, ends with the same card.
import type { CardOutcome } from './syncCard';

/** `migrations/{postCards|memberCards}`: the job's progress (server only). */
export interface CardMigration {
  /** The last source done, in id order; null before the first page. */
  cursor: string | null;
  done: boolean;
  /** Sources read, and cards written, since the job started. */
  read: number;
  written: number;
}

/** What the job needs of the team's collection and of the progress document. */
export interface CardMigrationParts {
  /** Up to `size` source ids after `cursor` (all from the start when null), in id order. */
  sourceIds(cursor: string | null, size: number): Promise<string[]>;
  /** Brings one card to its source. */
  sync(id: string): Promise<CardOutcome>;
  readProgress(): Promise<CardMigration | undefined>;
  writeProgress(progress: CardMigration): Promise<unknown>;
}

/** Sources per page: each is one card copy, made at once. */
const CARD_MIGRATION_PAGE = 50;

/** Runs pages until every source has its card; returns the final progress. */
export async function migrateCards(
  parts: CardMigrationParts,
  onPage: (progress: CardMigration) => void = () => {},
  pageSize = CARD_MIGRATION_PAGE,
): Promise<CardMigration> {
  const stored = await parts.readProgress();
  // A finished migration run again starts over: it writes only the cards that differ.
  let progress: CardMigration =
    stored && !stored.done ? stored : { cursor: null, done: false, read: 0, written: 0 };
  // Said before the first copy: until it is done, readers' lists read the sources, not the cards.
  if (progress !== stored) await parts.writeProgress(progress);
  while (!progress.done) {
    const ids = await parts.sourceIds(progress.cursor, pageSize);
    const outcomes = await Promise.all(ids.map((id) => parts.sync(id)));
    progress = {
      cursor: ids.at(-1) ?? progress.cursor,
      done: ids.length < pageSize,
      read: progress.read + ids.length,
      written: progress.written + outcomes.filter((outcome) => outcome === 'written').length,
    };
    await parts.writeProgress(progress);
    onPage(progress);
  }
  return progress;
}
