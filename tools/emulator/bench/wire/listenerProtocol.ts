/** Messages between the benchmark's main thread and its listener worker. */

export interface ListenerReport {
  /** documentChange / documentRemove messages the listener's target received. */
  changes: number;
  /** Distinct documents the documentChange messages carried. */
  distinctChanged: number;
  removals: number;
  /** Document names of its last snapshot. */
  names: string[];
}

export type ToListeners = { type: 'waitFor'; n: number } | { type: 'report' } | { type: 'close' };

export type ToMain =
  | { type: 'ready' }
  | { type: 'current'; n: number }
  | { type: 'report'; listeners: ListenerReport[] }
  | { type: 'failed'; message: string };
