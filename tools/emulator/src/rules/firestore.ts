import type { Principal } from '../common/auth';
import type { DocLookup, PlannedWrite, StoredDocument } from '../values/types';
import type { CompiledRules } from './compile';
import { authValue } from './context';
import type { DocumentReader, Runtime } from './evaluator';
import { applicableAllows, decide, type Denial, type RequestMethod } from './matcher';
import { querySketch } from './query';
import { reportDecision } from './decisions';
import {
  EvalError,
  NULL,
  fromFields,
  fromWire,
  pathFromName,
  str,
  timestampFromDate,
  type RValue,
} from './values';

export interface FirestoreRequestContext {
  principal: Principal;
  /**
   * `request.time`. For writes it must equal the commit time that `serverTimestamp()` resolves
   * to; a Date only carries milliseconds, so pass the RFC 3339 commit time when it has more.
   */
  time: Date | string;
  /** `projects/{p}/databases/(default)` */
  database: string;
}

/** Official limits on get()/exists()/getAfter()/existsAfter() per request. */
export const SINGLE_DOCUMENT_ACCESS_LIMIT = 10;
export const MULTI_DOCUMENT_ACCESS_LIMIT = 20;

/** `resource` / `request.resource` for a stored document: `{ data, id, __name__ }`. */
export function documentValue(
  doc: (Pick<StoredDocument, 'name'> & { fields: StoredDocument['fields'] | null }) | null,
): RValue {
  if (!doc || !doc.fields) return NULL;
  const path = pathFromName(doc.name);
  const segments = (path as { segments: string[] }).segments;
  return {
    k: 'map',
    v: new Map<string, RValue>([
      ['data', fromFields(doc.fields)],
      ['id', str(segments[segments.length - 1] ?? '')],
      ['__name__', path],
    ]),
  };
}

/**
 * Document reads from rules, counted against the official limits. Repeated reads of one
 * document are counted once per request.
 */
class CountingReader implements DocumentReader {
  private readonly seen = new Set<string>();
  private operationCount = 0;
  private readonly operationSeen = new Set<string>();

  constructor(
    private readonly database: string,
    private readonly before: DocLookup,
    private readonly after: DocLookup,
    private readonly totalLimit: number,
  ) {}

  startOperation(): void {
    this.operationCount = 0;
    this.operationSeen.clear();
  }

  read(segments: string[], after: boolean): RValue {
    if (
      segments[0] !== 'databases' ||
      segments[2] !== 'documents' ||
      segments.length < 5 ||
      segments.length % 2 === 0
    ) {
      throw new EvalError(`Path /${segments.join('/')} is not a document path.`);
    }
    const name = `${this.database.split('/databases/')[0]}/${segments.join('/')}`;
    const key = `${after ? 'after' : 'before'} ${name}`;
    if (!this.operationSeen.has(key)) {
      if (!this.seen.has(key) && this.seen.size >= this.totalLimit) {
        throw new EvalError(
          `Exceeded maximum of ${this.totalLimit} document access calls per request.`,
        );
      }
      if (this.operationCount >= SINGLE_DOCUMENT_ACCESS_LIMIT) {
        throw new EvalError(
          `Exceeded maximum of ${SINGLE_DOCUMENT_ACCESS_LIMIT} document access calls per operation.`,
        );
      }
      this.operationSeen.add(key);
      this.operationCount++;
      this.seen.add(key);
    }
    return documentValue((after ? this.after : this.before)(name));
  }
}

function documentSegments(name: string): string[] {
  return (pathFromName(name) as { segments: string[] }).segments;
}

function requestValue(
  ctx: FirestoreRequestContext,
  method: RequestMethod,
  name: string,
  extra: Array<[string, RValue]>,
): RValue {
  return {
    k: 'map',
    v: new Map<string, RValue>([
      ['auth', authValue(ctx.principal)],
      ['method', str(method)],
      ['path', pathFromName(name)],
      ['time', timestampFromDate(ctx.time)],
      ...extra,
    ]),
  };
}

function skipsRules(rules: CompiledRules | null, principal: Principal): boolean {
  return rules === null || principal.kind === 'owner';
}

function runtime(
  rules: CompiledRules,
  request: RValue,
  resource: RValue,
  reader: DocumentReader,
): Runtime {
  return {
    globals: new Map([
      ['request', request],
      ['resource', resource],
    ]),
    documents: reader,
    depth: 0,
    coverage: rules.coverage ?? null,
  };
}

/** Authorizes a whole commit: every written document must be allowed, or the first denial is returned. */
export function authorizeFirestoreWrites(
  rules: CompiledRules | null,
  ctx: FirestoreRequestContext,
  planned: PlannedWrite[],
  lookupBefore: DocLookup,
  lookupAfter: DocLookup,
): Denial | null {
  if (skipsRules(rules, ctx.principal)) return null;
  const limit = planned.length > 1 ? MULTI_DOCUMENT_ACCESS_LIMIT : SINGLE_DOCUMENT_ACCESS_LIMIT;
  const reader = new CountingReader(ctx.database, lookupBefore, lookupAfter, limit);
  for (const write of planned) {
    reader.startOperation();
    const allows = applicableAllows(rules!, documentSegments(write.name), write.method);
    const request = requestValue(ctx, write.method, write.name, [
      ['resource', documentValue(write.after)],
    ]);
    const decision = decide(
      allows,
      write.method,
      () => runtime(rules!, request, documentValue(write.before), reader),
      rules!.coverage,
    );
    const denial = reportDecision(rules!, ctx.principal, write.method, write.name, decision);
    if (denial) return denial;
  }
  return null;
}

/**
 * Authorizes a get (one document, or a stub with `fields: null` when missing) or a list query.
 * "Rules are not filters": a list is denied unless the rule holds for the query itself (with
 * `resource.data` built from the query's equality constraints) and for every returned document.
 */
export function authorizeFirestoreRead(
  rules: CompiledRules | null,
  ctx: FirestoreRequestContext,
  method: 'get' | 'list',
  docs: Array<Pick<StoredDocument, 'name'> & { fields: StoredDocument['fields'] | null }>,
  lookup: DocLookup,
  query?: unknown,
): Denial | null {
  if (skipsRules(rules, ctx.principal)) return null;
  const reader = new CountingReader(ctx.database, lookup, lookup, SINGLE_DOCUMENT_ACCESS_LIMIT);
  if (method === 'get') {
    const doc = docs[0];
    if (!doc) return null;
    const allows = applicableAllows(rules!, documentSegments(doc.name), 'get');
    const request = requestValue(ctx, 'get', doc.name, []);
    const decision = decide(
      allows,
      'get',
      () => runtime(rules!, request, documentValue(doc), reader),
      rules!.coverage,
    );
    return reportDecision(rules!, ctx.principal, 'get', doc.name, decision);
  }
  const sketch = querySketch(ctx.database, query, docs[0]?.name);
  const request = requestValue(ctx, 'list', sketch.exampleName, [['query', sketch.requestQuery]]);
  const queryDecision = decide(
    applicableAllows(rules!, documentSegments(sketch.exampleName), 'list'),
    'list',
    () => runtime(rules!, request, sketch.resource, reader),
    rules!.coverage,
  );
  if (queryDecision.denial) {
    return reportDecision(rules!, ctx.principal, 'list', sketch.exampleName, queryDecision);
  }
  for (const doc of docs) {
    reader.startOperation();
    const allows = applicableAllows(rules!, documentSegments(doc.name), 'list');
    const docRequest = requestValue(ctx, 'list', doc.name, [['query', sketch.requestQuery]]);
    const decision = decide(
      allows,
      'list',
      () => runtime(rules!, docRequest, documentValue(doc), reader),
      rules!.coverage,
    );
    if (decision.denial) return reportDecision(rules!, ctx.principal, 'list', doc.name, decision);
  }
  // One list is one request: reported once, as the query was allowed, when every document was.
  return reportDecision(rules!, ctx.principal, 'list', sketch.exampleName, queryDecision);
}

export { fromWire };
