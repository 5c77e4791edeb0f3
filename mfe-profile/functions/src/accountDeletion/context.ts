// What the deletion job works on: the Admin SDK's Firestore, Auth and the default bucket, handed
// in so tests run the same code against the emulators they start.
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Storage } from 'firebase-admin/storage';

/** The services one run of the job uses. */
export interface DeletionContext {
  db: Firestore;
  auth: Auth;
  /** The project's default bucket, where members' files live. */
  bucket: ReturnType<Storage['bucket']>;
}

/** What one page of a step did: how much it removed, and whether the step has nothing left. */
export interface StepPage {
  removed: number;
  finished: boolean;
}

/**
 * One step of the job. `page` removes at most one bounded page of what is left and never needs
 * to know what earlier pages did: every write takes its target out of the step's query (a delete,
 * or the member's uid removed from the array the query filters on), so the next page, in this run
 * or in a later one after a crash, finds only what is left.
 */
export type StepPageRunner = (context: DeletionContext, uid: string) => Promise<StepPage>;
