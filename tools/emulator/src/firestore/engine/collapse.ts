import { invalidArgument } from '../../values/errors';
import type { Micros } from '../../values/timestamps';
import type { Write } from './types';

/**
 * Several writes of one commit to one document, as Google's Cloud Firestore emulator takes them:
 * it collapses them into one change of the document, and refuses the whole request (before rules
 * and preconditions) when they cannot be collapsed. Measured against it, write kind by write kind
 * (a set/update/transform is an upsert without precondition, an insert with `exists: false`, an
 * update with `exists: true` or an `updateTime`; a delete is blind, or requires the document with
 * `exists: true`):
 * - an insert may only come first or after a delete ("Cannot upsert then insert ...");
 * - nothing that requires the document may follow a delete ("Cannot delete then update ...",
 *   "Cannot delete then delete ...");
 * - a write with an `updateTime` precondition follows only writes with the same one (a later
 *   write without one is fine).
 * Whatever passes these checks can fail a precondition only at the document's first write (the
 * later ones find what the earlier ones left), and every `updateTime` is checked against the
 * document before the commit.
 */

type Kind = 'upsert' | 'insert' | 'update' | 'delete';

/** What the first write to a document expects of it before the commit; rules take their method from it. */
export type Expectation = 'exists' | 'missing' | null;

function kindOf(write: Exclude<Write, { kind: 'verify' }>): {
  kind: Kind;
  requiresDocument: boolean;
} {
  const pre = write.precondition;
  if (write.kind === 'delete') return { kind: 'delete', requiresDocument: pre?.exists === true };
  if (pre?.exists === false) return { kind: 'insert', requiresDocument: false };
  if (pre?.exists === true || pre?.updateTime !== undefined) {
    return { kind: 'update', requiresDocument: true };
  }
  return { kind: 'upsert', requiresDocument: false };
}

function versionText(version: Micros | null): string {
  return version === null
    ? 'null'
    : `VersionPrecondition{exactBaseVersion=${version}, maxBaseVersion=null}`;
}

function collapsed(previous: Kind, next: Kind): Kind {
  if (next === 'delete') return 'delete';
  if (previous === 'delete') return 'upsert';
  return previous;
}

/**
 * Refuses what cannot be collapsed, with Google's texts; answers each written document's
 * expectation (by name).
 */
export function checkCollapsible(writes: Write[]): Map<string, Expectation> {
  const documents = new Map<string, { kind: Kind; version: Micros | null }>();
  const expectations = new Map<string, Expectation>();
  for (const write of writes) {
    if (write.kind === 'verify') continue;
    const { kind, requiresDocument } = kindOf(write);
    const version = write.precondition?.updateTime ?? null;
    const earlier = documents.get(write.name);
    if (earlier === undefined) {
      documents.set(write.name, { kind, version });
      const expects = kind === 'insert' ? 'missing' : requiresDocument ? 'exists' : null;
      expectations.set(write.name, expects);
      continue;
    }
    if (kind === 'insert' && earlier.kind !== 'delete') {
      throw invalidArgument(`Cannot ${earlier.kind} then insert an entity in the same request.`);
    }
    if (requiresDocument && earlier.kind === 'delete') {
      throw invalidArgument(`Cannot delete then ${kind} an entity in the same request.`);
    }
    if (version !== null && version !== earlier.version) {
      throw invalidArgument(
        `Cannot collapse mutations with different version preconditions (${versionText(
          earlier.version,
        )} and ${versionText(version)})`,
      );
    }
    earlier.kind = collapsed(earlier.kind, kind);
  }
  return expectations;
}
