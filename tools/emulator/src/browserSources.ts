import { AuthEmulatorClient, type BrowserSources, type RequestLog } from './browser';
import type { CollectionUsage, FirestoreEngine } from './firestore/engine';
import { compileQuery, decodeWrites } from './firestore/protocol';
import type { FirestoreServer } from './firestore/server';
import type { RulesSlot } from './rules';
import type { ObjectStore } from './storage/store';

/**
 * What the data browser reads and changes, wired to the running emulator. Its writes are decoded
 * and validated as a client's (protocol) and committed by the engine like any commit, with no
 * rules (the admin's), so listeners and triggers see them.
 */
export function browserSourcesOf(parts: {
  engine: FirestoreEngine;
  objects: ObjectStore;
  firestoreServer: FirestoreServer;
  firestoreRules: RulesSlot;
  storageRules: RulesSlot;
  requests: RequestLog;
  usage: CollectionUsage;
  projectId: string;
  /** `host:port` of firebase-tools' Auth emulator; null when unknown. */
  authEmulator: string | null;
}): BrowserSources {
  const { engine, objects } = parts;
  return {
    engine,
    objects,
    sessions: () => parts.firestoreServer.describeSessions(),
    requests: () => parts.requests.list(),
    coverage: () => ({
      firestore: parts.firestoreRules.coverage(),
      storage: parts.storageRules.coverage(),
    }),
    usage: parts.usage,
    commit: (database, writes) => engine.commitDurably(database, decodeWrites(database, writes)),
    query: (parent, structuredQuery) =>
      engine.runQuery(compileQuery(parent, structuredQuery, { via: 'request' }), {
        indexChecks: false,
      }).documents,
    auth: parts.authEmulator ? new AuthEmulatorClient(parts.authEmulator, parts.projectId) : null,
    clearAll: async () => {
      const projects = new Set(engine.documentNames('projects/').map((n) => n.split('/')[1]!));
      for (const project of projects) engine.clear(project);
      await objects.clear();
    },
  };
}
