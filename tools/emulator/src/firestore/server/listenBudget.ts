import { FirestoreError, GrpcCode } from '../engine';

export interface ListenLimits {
  /** Targets one Listen stream may hold; one more ends the stream with RESOURCE_EXHAUSTED. */
  maxTargetsPerSession?: number;
  /** Targets one caller (uid) may hold over all its streams; one more ends that stream alike. */
  maxTargetsPerCaller?: number;
  /**
   * Documents one caller's live targets may hold in all (a query target holds its window, the
   * skipped `offset` documents included; a documents target its names). Every commit visits what
   * is held, so this bounds what one caller adds to everyone's commits.
   */
  maxDocumentsPerCaller?: number;
  /**
   * Documents one caller's new targets may load per second (a token bucket holding ten seconds'
   * worth): the initial query runs are what a flood of new targets costs the server.
   */
  targetDocumentsPerSecond?: number;
}

/** Production defaults of `ListenLimits` (documented in the emulator's README). */
export const LISTEN_DEFAULTS: Required<ListenLimits> = {
  maxTargetsPerSession: 1000,
  maxTargetsPerCaller: 2000,
  maxDocumentsPerCaller: 100_000,
  targetDocumentsPerSecond: 20_000,
};

const BURST_SECONDS = 10;

const exhausted = (message: string): FirestoreError =>
  new FirestoreError(GrpcCode.RESOURCE_EXHAUSTED, 'RESOURCE_EXHAUSTED', message);

/** What one caller holds over all its streams, and the documents its new targets may still load. */
interface CallerAccount {
  targets: number;
  documents: number;
  tokens: number;
  refilledAt: number;
}

/**
 * Listen resources per caller: targets held, documents held, and a token bucket of documents
 * loaded by new targets. A target is charged its cost (1 + the documents its first run produced)
 * once that run is done, so an empty bucket refuses the next target before its run; a single
 * target can overdraw it by its own size at most.
 */
export class CallerBudgets {
  private readonly accounts = new Map<string, CallerAccount>();

  constructor(
    private readonly limits: Required<ListenLimits>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  private account(caller: string): CallerAccount {
    let account = this.accounts.get(caller);
    if (!account) {
      account = { targets: 0, documents: 0, tokens: this.capacity, refilledAt: this.now() };
      this.accounts.set(caller, account);
    }
    const now = this.now();
    account.tokens = Math.min(
      this.capacity,
      account.tokens + ((now - account.refilledAt) / 1000) * this.limits.targetDocumentsPerSecond,
    );
    account.refilledAt = now;
    return account;
  }

  private get capacity(): number {
    return this.limits.targetDocumentsPerSecond * BURST_SECONDS;
  }

  /** Throws RESOURCE_EXHAUSTED if `caller` may not add one more target now. */
  checkNewTarget(caller: string): void {
    const account = this.account(caller);
    if (account.targets >= this.limits.maxTargetsPerCaller) {
      throw exhausted(
        `One caller may hold at most ${this.limits.maxTargetsPerCaller} Listen targets.`,
      );
    }
    if (account.tokens < 1) {
      throw exhausted(
        `One caller's new Listen targets may load at most ${this.limits.targetDocumentsPerSecond} documents a second.`,
      );
    }
  }

  /** Charges a target that was refused (its run or its rules check still cost the server). */
  chargeRefused(caller: string): void {
    this.account(caller).tokens -= 1;
  }

  /** Charges a new target holding `documents`; throws RESOURCE_EXHAUSTED (uncharged) past the cap. */
  charge(caller: string, documents: number): void {
    const account = this.account(caller);
    account.tokens -= 1 + documents;
    if (account.documents + documents > this.limits.maxDocumentsPerCaller) {
      throw exhausted(
        `One caller's Listen targets may hold at most ${this.limits.maxDocumentsPerCaller} documents.`,
      );
    }
    account.targets += 1;
    account.documents += documents;
  }

  /** Gives back what a target held (removed, replaced, or its stream ended). */
  release(caller: string, documents: number): void {
    const account = this.accounts.get(caller);
    if (!account) return;
    account.targets -= 1;
    account.documents -= documents;
    const refilled = account.tokens >= this.capacity;
    if (account.targets <= 0 && refilled) this.accounts.delete(caller);
  }
}
