import type { Principal } from '../../common/auth';
import { withDefaults } from '../../common/defaults';
import {
  FirestoreError,
  GrpcCode,
  type ChangeEvent,
  type FirestoreEngine,
  type QueryPlan,
  type StoredDocument,
} from '../engine';
import type { AccessControl } from './access';
import { invalidArgument, streamError, toFirestoreError } from './errors';
import { CommitEncoding, compileQuery, resumeTokenFor, wireDocument } from '../protocol';
import {
  CommitChanges,
  DocumentsTarget,
  QueryTarget,
  type ListenMessage,
  type ListenTarget,
} from './listenTargets';
import { CallerBudgets, LISTEN_DEFAULTS, type ListenLimits } from './listenBudget';
import { databaseOf } from './names';
import type { ChannelSession, StreamHandler } from './webchannel';

export { LISTEN_DEFAULTS, type ListenLimits } from './listenBudget';

function callerOf(principal: Principal): string {
  return principal.kind === 'user' ? `user:${principal.auth.uid}` : principal.kind;
}

interface AddTarget {
  targetId?: unknown;
  documents?: { documents?: unknown };
  query?: { parent?: unknown; structuredQuery?: unknown };
  resumeToken?: unknown;
  readTime?: unknown;
}

/** A target as a person reads it: the documents, or the query's collection and filters. */
function describeTarget(add: AddTarget): string {
  if (add.documents !== undefined) return `documents ${JSON.stringify(add.documents?.documents)}`;
  const { parent, structuredQuery } = (add.query ?? {}) as {
    parent?: unknown;
    structuredQuery?: { from?: unknown; where?: unknown; orderBy?: unknown; limit?: unknown };
  };
  const q = structuredQuery ?? {};
  return `query ${JSON.stringify({ parent, from: q.from, where: q.where, orderBy: q.orderBy, limit: q.limit })}`;
}

/** An offset query as its target keeps it: from the first match, through offset + limit. */
function windowOf(plan: QueryPlan): QueryPlan {
  const window: QueryPlan = { ...plan, offset: 0 };
  if (plan.limit !== undefined) window.limit = plan.offset + plan.limit;
  return window;
}

/** A live target and the documents it was charged for (see `CallerBudgets`). */
interface HeldTarget {
  target: ListenTarget;
  documents: number;
}

class ListenSession {
  readonly targets = new Map<number, HeldTarget>();
  /** Each target's description, for the data browser. */
  readonly targetDescriptions = new Map<number, string>();
  readonly principal: Principal;

  constructor(
    readonly channel: ChannelSession,
    private readonly engine: FirestoreEngine,
    private readonly access: AccessControl,
    private readonly limits: Required<ListenLimits>,
    private readonly callers: CallerBudgets,
  ) {
    this.principal = channel.principal;
    this.caller = callerOf(this.principal);
  }

  private readonly caller: string;

  /** Gives back this stream's targets to its caller's count (the stream ended). */
  releaseTargets(): void {
    for (const id of [...this.targets.keys()]) this.forget(id);
  }

  private forget(id: number): void {
    const held = this.targets.get(id);
    if (!held) return;
    this.targets.delete(id);
    this.callers.release(this.caller, held.documents);
  }

  onMessage(raw: unknown): void {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw invalidArgument('Invalid listen request: expected a JSON object.');
    }
    const request = raw as { addTarget?: unknown; removeTarget?: unknown };
    if (request.addTarget !== undefined) this.addTarget(request.addTarget as AddTarget);
    else if (request.removeTarget !== undefined) this.removeTarget(request.removeTarget);
    else throw invalidArgument('Invalid listen request: needs addTarget or removeTarget.');
  }

  private addTarget(add: AddTarget): void {
    const id = add?.targetId;
    if (typeof id !== 'number' || !Number.isInteger(id)) {
      throw invalidArgument('Invalid listen request: targetId must be an integer.');
    }
    this.forget(id);
    if (this.targets.size >= this.limits.maxTargetsPerSession) {
      throw new FirestoreError(
        GrpcCode.RESOURCE_EXHAUSTED,
        'RESOURCE_EXHAUSTED',
        `A Listen stream may hold at most ${this.limits.maxTargetsPerSession} targets.`,
      );
    }
    this.callers.checkNewTarget(this.caller);
    let built: HeldTarget;
    try {
      built = this.buildTarget(id, add);
    } catch (err) {
      this.callers.chargeRefused(this.caller);
      const e = toFirestoreError(err);
      this.channel.send({
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [id],
          cause: { code: e.code, message: e.message },
        },
      });
      return;
    }
    this.callers.charge(this.caller, built.documents);
    this.targets.set(id, built);
    this.targetDescriptions.set(id, describeTarget(add));
    const { target } = built;
    const out: ListenMessage[] = [{ targetChange: { targetChangeType: 'ADD', targetIds: [id] } }];
    if (add.resumeToken || add.readTime) {
      out.push({
        targetChange: { targetChangeType: 'RESET', targetIds: [id] },
      });
    }
    for (const doc of target.initialDocuments()) {
      out.push({
        documentChange: { document: wireDocument(doc), targetIds: [id] },
      });
    }
    const readTime = this.engine.currentReadTime();
    const resumeToken = resumeTokenFor(readTime);
    out.push({
      targetChange: {
        targetChangeType: 'CURRENT',
        targetIds: [id],
        resumeToken,
        readTime,
      },
    });
    out.push({ targetChange: { readTime, resumeToken } });
    for (const message of out) this.channel.send(message);
  }

  private buildTarget(id: number, add: AddTarget): HeldTarget {
    if (add.documents !== undefined) {
      const names = add.documents?.documents;
      if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) {
        throw invalidArgument('Invalid documents target: documents must be names.');
      }
      const docs: StoredDocument[] = [];
      for (const name of names as string[]) {
        const database = databaseOf(name);
        const doc = this.engine.getDocument(name);
        this.access.checkGet(this.principal, database, name, doc, (n) =>
          this.engine.getDocument(n),
        );
        if (doc) docs.push(doc);
      }
      const target = new DocumentsTarget(id, new Set(names as string[]), docs);
      return { target, documents: names.length };
    }
    if (add.query !== undefined) {
      const parent = add.query?.parent;
      if (typeof parent !== 'string')
        throw invalidArgument('Invalid query target: missing parent.');
      const structuredQuery = add.query?.structuredQuery;
      const plan = compileQuery(parent, structuredQuery);
      // An offset query is run once, over its whole window; the client is sent what follows
      // the skipped documents, which is also what the rules are asked about.
      const query = this.engine.compileQuery(plan.offset === 0 ? plan : windowOf(plan));
      const window = query.run();
      const docs = plan.offset === 0 ? window : window.slice(plan.offset);
      this.access.checkRead(
        this.principal,
        databaseOf(parent),
        'list',
        docs,
        (n) => this.engine.getDocument(n),
        { parent, structuredQuery },
      );
      return {
        target: new QueryTarget(id, query, plan.offset, window),
        documents: window.length,
      };
    }
    throw invalidArgument('Invalid listen request: a target needs documents or query.');
  }

  private removeTarget(raw: unknown): void {
    if (typeof raw !== 'number' || !Number.isInteger(raw)) {
      throw invalidArgument('Invalid listen request: removeTarget must be a target id.');
    }
    this.forget(raw);
    this.targetDescriptions.delete(raw);
    this.channel.send({
      targetChange: { targetChangeType: 'REMOVE', targetIds: [raw] },
    });
  }

  /** One consistent snapshot per commit: every affected target's changes, then one global mark. */
  applyCommit(event: ChangeEvent, encoding: CommitEncoding): void {
    if (this.channel.closed || this.targets.size === 0) return;
    const changes = new CommitChanges();
    for (const { target } of this.targets.values()) target.applyCommit(event, changes);
    if (changes.isEmpty) return;
    this.access.countListenUpdate(changes.changedNames());
    for (const json of changes.encode(encoding)) this.channel.sendEncoded(json);
    this.channel.sendEncoded(encoding.globalChange);
  }
}

/** Every Listen stream of the server, fed by the engine's commit events. */
export class ListenHub {
  private readonly sessions = new Set<ListenSession>();
  private readonly unsubscribe: () => void;
  private readonly limits: Required<ListenLimits>;
  private readonly callers: CallerBudgets;

  constructor(
    private readonly engine: FirestoreEngine,
    private readonly access: AccessControl,
    limits: ListenLimits = {},
  ) {
    this.limits = withDefaults(LISTEN_DEFAULTS, limits);
    this.callers = new CallerBudgets(this.limits);
    this.unsubscribe = engine.onCommit((event) => this.broadcast(event));
  }

  createStream(channel: ChannelSession): StreamHandler {
    const session = new ListenSession(channel, this.engine, this.access, this.limits, this.callers);
    this.sessions.add(session);
    let failed = false;
    return {
      onMessage: (message) => {
        if (failed) return;
        try {
          session.onMessage(message);
        } catch (err) {
          // An error ends the stream (the SDK then re-listens on a new one).
          failed = true;
          this.sessions.delete(session);
          const error = streamError(err);
          // A stream refused for its size keeps nothing queued for a client that may never read.
          channel.fail(error, { dropUnsent: error.error.status === 'RESOURCE_EXHAUSTED' });
        }
      },
      onClose: () => {
        this.sessions.delete(session);
        session.releaseTargets();
      },
    };
  }

  /** The active targets of each Listen stream, by its channel session id. */
  describeTargets(): Map<string, Array<{ targetId: number; description: string }>> {
    const out = new Map<string, Array<{ targetId: number; description: string }>>();
    for (const session of this.sessions) {
      out.set(
        session.channel.id,
        [...session.targetDescriptions].map(([targetId, description]) => ({
          targetId,
          description,
        })),
      );
    }
    return out;
  }

  private broadcast(event: ChangeEvent): void {
    if (this.sessions.size === 0) return;
    const encoding = new CommitEncoding(event.readTime);
    for (const session of this.sessions) {
      try {
        session.applyCommit(event, encoding);
      } catch (err) {
        console.error('[firestore] listen update failed', err);
        this.sessions.delete(session);
        session.channel.fail(streamError(err));
      }
    }
  }

  dispose(): void {
    this.unsubscribe();
    this.sessions.clear();
  }
}
