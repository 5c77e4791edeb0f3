import type { StreamSessionInfo } from '../firestore/server';
import type { FirestoreEngine } from '../firestore/engine';
import type { SlotDenial } from '../rules';
import type { ObjectStore } from '../storage/store';

/** A rules denial as the data browser lists it. */
export interface RecordedDenial extends SlotDenial {
  at: Date;
}

/** The last denials of both services, newest first; older ones fall off. */
export class DenialLog {
  private readonly entries: RecordedDenial[] = [];

  constructor(private readonly capacity = 100) {}

  add(denial: SlotDenial): void {
    this.entries.unshift({ ...denial, at: new Date() });
    if (this.entries.length > this.capacity) this.entries.length = this.capacity;
  }

  list(): RecordedDenial[] {
    return [...this.entries];
  }
}

/** What the data browser reads from a running emulator, and the one thing it changes (clear). */
export interface BrowserSources {
  engine: FirestoreEngine;
  objects: ObjectStore;
  sessions(): StreamSessionInfo[];
  denials(): RecordedDenial[];
  /** Deletes every document of every project and every stored object. */
  clearAll(): Promise<void>;
}
