import type { Principal } from '../../common/auth';
import {
  authorizeFirestoreRead,
  authorizeFirestoreWrites,
  type CompiledRules,
  type Denial,
} from '../../rules';
import {
  FirestoreError,
  GrpcCode,
  type CollectionUsage,
  type CommitOptions,
  type DocLookup,
  type StoredDocument,
} from '../engine';

/**
 * The one place the server asks the rules engine; everything else sees FirestoreErrors. Every
 * read passes here, so the documents read are counted here too (`usage`, when given).
 */
export class AccessControl {
  constructor(
    private readonly getRules: () => CompiledRules | null,
    private readonly usage: CollectionUsage | null = null,
  ) {}

  /** Documents a Listen stream sent as changed after its first answer (they count as reads). */
  countListenUpdate(names: Iterable<string>): void {
    this.usage?.read(names);
  }

  /** The engine's commit hook for one caller. */
  writeHook(principal: Principal, database: string): CommitOptions['authorize'] {
    if (principal.kind === 'owner') return undefined;
    const rules = this.getRules();
    if (rules === null) return undefined;
    return (planned, lookupBefore, lookupAfter, requestTime) => {
      const denial = authorizeFirestoreWrites(
        rules,
        { principal, time: requestTime, database },
        planned,
        lookupBefore,
        lookupAfter,
      );
      if (denial) throw permissionDenied(denial);
    };
  }

  /** Throws PERMISSION_DENIED unless the caller may get document `name` (`doc`; null if missing). */
  checkGet(
    principal: Principal,
    database: string,
    name: string,
    doc: StoredDocument | null,
    lookup: DocLookup,
  ): void {
    this.checkRead(principal, database, 'get', [doc ?? missingDocumentStub(name)], lookup);
  }

  /** Throws PERMISSION_DENIED unless the caller may read these documents. */
  checkRead(
    principal: Principal,
    database: string,
    method: 'get' | 'list',
    docs: StoredDocument[],
    lookup: DocLookup,
    query?: unknown,
  ): void {
    const rules = principal.kind === 'owner' ? null : this.getRules();
    if (rules !== null) {
      const denial = authorizeFirestoreRead(
        rules,
        { principal, time: new Date(), database },
        method,
        docs,
        lookup,
        query,
      );
      if (denial) throw permissionDenied(denial);
    }
    // A missing document is a read too (production bills it), as the stub the rules saw.
    this.usage?.read(docs.map((doc) => doc.name));
  }
}

/** The official emulator prefixes the rules' explanation with a newline. */
export function permissionDenied(denial: Denial): FirestoreError {
  return new FirestoreError(GrpcCode.PERMISSION_DENIED, 'PERMISSION_DENIED', `\n${denial.message}`);
}

/** What a `get` of a missing document shows the rules: a stub without data. */
function missingDocumentStub(name: string): StoredDocument {
  return {
    name,
    fields: null,
    createTime: '',
    updateTime: '',
  } as unknown as StoredDocument;
}
