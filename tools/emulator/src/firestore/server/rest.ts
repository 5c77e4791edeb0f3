import type { IncomingMessage } from 'node:http';
import { principalFromAuthorization, type Principal } from '../../common/auth';
import { HttpError } from '../../common/http';
import {
  FirestoreError,
  GrpcCode,
  type DocLookup,
  type FirestoreEngine,
  type QueryResult,
} from '../engine';
import { compileAggregationQuery, compileQuery, decodeWrites, wireDocument } from '../protocol';
import type { AccessControl } from './access';
import { invalidArgument } from './errors';
import { databaseOf } from './names';
import { queryResultsKey, Transactions } from './transactions';

/** `/v1/projects/p/databases/d/documents[/path][:method]` */
const REST_PATH =
  /^\/v1\/(projects\/[^/]+\/databases\/[^/]+\/documents(?:\/[^:]+)?)(?::([A-Za-z]+))?$/;

export interface RestRequest {
  method: string;
  pathname: string;
  body: unknown;
  req: IncomingMessage;
}

export interface RestReply {
  status: number;
  body: unknown;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidArgument('Invalid JSON payload received. Expected an object.');
  }
  return body as Record<string, unknown>;
}

/** Firestore's REST surface the SDK and tools use, answering proto3 JSON. */
export class RestApi {
  private readonly lookup: DocLookup = (name) => this.engine.getDocument(name);
  private readonly transactions = new Transactions();

  constructor(
    private readonly engine: FirestoreEngine,
    private readonly access: AccessControl,
  ) {}

  matches(pathname: string): boolean {
    return REST_PATH.test(pathname);
  }

  handle({ method, pathname, body, req }: RestRequest): RestReply | Promise<RestReply> {
    const match = REST_PATH.exec(pathname);
    if (!match) throw new HttpError(404, 'NOT_FOUND', `Unknown path: ${pathname}`);
    const resource = match[1]!;
    const rpc = match[2];
    const principal = principalFromAuthorization(req.headers.authorization);
    const database = databaseOf(resource);
    if (rpc === undefined) {
      if (method !== 'GET') throw new HttpError(405, 'INVALID_ARGUMENT', 'Method not allowed.');
      return this.getDocument(principal, database, resource);
    }
    if (method !== 'POST') throw new HttpError(405, 'INVALID_ARGUMENT', 'Method not allowed.');
    const request = objectBody(body);
    switch (rpc) {
      case 'commit':
        return this.commit(principal, database, request);
      case 'batchGet':
        return this.batchGet(principal, database, request);
      case 'runQuery':
        return this.runQuery(principal, database, resource, request);
      case 'runAggregationQuery':
        return this.runAggregationQuery(principal, database, resource, request);
      case 'beginTransaction':
        return {
          status: 200,
          body: { transaction: this.transactions.begin(database, request['options']) },
        };
      case 'rollback':
        this.transactions.rollback(request['transaction']);
        return { status: 200, body: {} };
      default:
        throw new HttpError(404, 'NOT_FOUND', `Unknown method: ${rpc}`);
    }
  }

  private async commit(
    principal: Principal,
    database: string,
    request: Record<string, unknown>,
  ): Promise<RestReply> {
    const writes = request['writes'] ?? [];
    if (!Array.isArray(writes)) throw invalidArgument('Invalid commit request: writes.');
    const decoded = decodeWrites(database, writes);
    // The check and the commit below run in one synchronous step: nothing lands between them.
    if (request['transaction'] !== undefined) {
      this.transactions.commit(
        request['transaction'] as string,
        database,
        decoded.length,
        this.lookup,
      );
    }
    const result = await this.engine.commitDurably(database, decoded, {
      authorize: this.access.writeHook(principal, database),
    });
    return {
      status: 200,
      body: {
        commitTime: result.commitTime,
        writeResults: result.writeResults,
      },
    };
  }

  private batchGet(
    principal: Principal,
    database: string,
    request: Record<string, unknown>,
  ): RestReply {
    const names = request['documents'];
    if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) {
      throw invalidArgument('Invalid batchGet request: documents must be names.');
    }
    for (const name of names as string[]) {
      if (databaseOf(name) !== database) {
        throw invalidArgument(`Document ${JSON.stringify(name)} is not in ${database}.`);
      }
    }
    const { readTime, results } = this.engine.batchGet(names as string[]);
    for (const { name, doc } of results) {
      this.access.checkGet(principal, database, name, doc, this.lookup);
    }
    const body: Array<Record<string, unknown>> = results.map(({ name, doc }) =>
      doc ? { found: wireDocument(doc), readTime } : { missing: name, readTime },
    );
    const transaction = this.transactionOf(database, request);
    if (transaction) this.transactions.readDocuments(transaction.id, database, results);
    if (transaction?.began) {
      if (body.length === 0) body.push({ readTime });
      body[0]!['transaction'] = transaction.id;
    }
    return { status: 200, body };
  }

  private runQuery(
    principal: Principal,
    database: string,
    parent: string,
    request: Record<string, unknown>,
  ): RestReply {
    const structuredQuery = request['structuredQuery'];
    if (structuredQuery === undefined)
      throw invalidArgument('Invalid runQuery request: missing structuredQuery.');
    const { readTime, documents } = this.listQuery(principal, database, parent, structuredQuery);
    const body: Array<Record<string, unknown>> =
      documents.length === 0
        ? [{ readTime }]
        : documents.map((doc) => ({ document: wireDocument(doc), readTime }));
    const transaction = this.transactionOf(database, request);
    if (transaction) {
      const plan = compileQuery(parent, structuredQuery, { via: 'request' });
      this.transactions.readQuery(transaction.id, database, queryResultsKey(documents), () =>
        queryResultsKey(this.engine.runQuery(plan).documents),
      );
    }
    if (transaction?.began) body[0]!['transaction'] = transaction.id;
    return { status: 200, body };
  }

  /** Runs a query after the rules allowed it as a list of what it reads. */
  private listQuery(
    principal: Principal,
    database: string,
    parent: string,
    structuredQuery: unknown,
  ): QueryResult {
    const result = this.engine.runQuery(compileQuery(parent, structuredQuery, { via: 'request' }));
    this.access.checkRead(principal, database, 'list', result.documents, this.lookup, {
      parent,
      structuredQuery,
    });
    return result;
  }

  private runAggregationQuery(
    principal: Principal,
    database: string,
    parent: string,
    request: Record<string, unknown>,
  ): RestReply {
    const saq = request['structuredAggregationQuery'] as { structuredQuery?: unknown } | undefined;
    if (!saq || typeof saq !== 'object') {
      throw invalidArgument(
        'Invalid runAggregationQuery request: missing structuredAggregationQuery.',
      );
    }
    // Rules see the documents the query would read, as for a list.
    if (principal.kind !== 'owner')
      this.listQuery(principal, database, parent, saq.structuredQuery);
    const { query, aggregations } = compileAggregationQuery(parent, saq);
    const aggregateFields = this.engine.aggregate(query, aggregations);
    const readTime = this.engine.currentReadTime();
    const body: Array<Record<string, unknown>> = [{ result: { aggregateFields }, readTime }];
    const transaction = this.transactionOf(database, request);
    if (transaction) {
      this.transactions.readQuery(transaction.id, database, JSON.stringify(aggregateFields), () =>
        JSON.stringify(this.engine.aggregate(query, aggregations)),
      );
    }
    if (transaction?.began) body[0]!['transaction'] = transaction.id;
    return { status: 200, body };
  }

  /**
   * The transaction a read belongs to: the one it names, or the one it begins
   * (`newTransaction`, whose id the answer carries); null for a read outside any.
   */
  private transactionOf(
    database: string,
    request: Record<string, unknown>,
  ): { id: string; began: boolean } | null {
    if (request['newTransaction'] !== undefined) {
      return { id: this.transactions.begin(database, request['newTransaction']), began: true };
    }
    if (request['transaction'] !== undefined) {
      return { id: request['transaction'] as string, began: false };
    }
    return null;
  }

  private getDocument(principal: Principal, database: string, name: string): RestReply {
    const doc = this.engine.getDocument(name);
    this.access.checkGet(principal, database, name, doc, this.lookup);
    if (!doc) {
      throw new FirestoreError(GrpcCode.NOT_FOUND, 'NOT_FOUND', `Document "${name}" not found.`);
    }
    return { status: 200, body: wireDocument(doc) };
  }
}
