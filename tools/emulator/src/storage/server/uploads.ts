import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Principal } from '../../common/auth';
import { withDefaults } from '../../common/defaults';
import { idleSweeper } from '../../common/idle-sweeper';
import { StagedUpload, type StagingArea } from '../store';
import { streamRequestBody } from './body';
import { badRequest, notFound, StorageApiError } from './errors';
import type { IncomingMetadata } from './metadata';

export type SessionStatus = 'active' | 'final' | 'cancelled';

/**
 * A resumable upload in progress. Sessions live in memory; their bytes are staged in a file
 * (see `StagingArea`), removed when the upload is cancelled, forgotten or finalized.
 */
export interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  metadata: IncomingMetadata;
  /** `X-Goog-Upload-Header-Content-Type` of the start request. */
  contentType?: string;
  /** Who started the upload; the rules are checked with this principal at finalize. */
  principal: Principal;
  /** `X-Goog-Upload-Header-Content-Length` of the start request: no chunk may go beyond it. */
  declaredLength?: number;
  /** The bytes received so far; null until the first chunk. */
  staged: StagedUpload | null;
  received: number;
  /** The chunk being received, if any: chunks of one session are taken one at a time. */
  busy: Promise<void>;
  status: SessionStatus;
  lastActivity: number;
  /** Replayed when a finalize is retried (its first answer may have been lost). */
  finalResponse?: { status: number; body: string };
}

export interface UploadLimits {
  /** An upload with no request for this long is forgotten and its bytes released. */
  idleTimeoutMs?: number;
  /** Uploads in progress at once; one more start is refused with 429 (after the idle are swept). */
  maxSessions?: number;
}

/** Production defaults (documented in the emulator's README); GCS keeps sessions for a week. */
export const UPLOAD_DEFAULTS: Required<UploadLimits> = {
  idleTimeoutMs: 10 * 60 * 1000,
  maxSessions: 100,
};

export class UploadSessions {
  private readonly sessions = new Map<string, UploadSession>();
  private readonly limits: Required<UploadLimits>;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly maxObjectBytes: number,
    private readonly staging: StagingArea,
    limits: UploadLimits = {},
  ) {
    this.limits = withDefaults(UPLOAD_DEFAULTS, limits);
    this.sweeper = idleSweeper(this.limits.idleTimeoutMs, { minMs: 50, maxMs: 60_000 }, () =>
      this.forgetIdle(),
    );
  }

  /** Uploads in progress (not final, not cancelled), and the bytes they hold. */
  get inProgress(): { sessions: number; bytes: number } {
    let sessions = 0;
    let bytes = 0;
    for (const session of this.sessions.values()) {
      if (session.status !== 'active') continue;
      sessions++;
      bytes += session.received;
    }
    return { sessions, bytes };
  }

  start(
    args: Omit<UploadSession, 'id' | 'staged' | 'received' | 'busy' | 'status' | 'lastActivity'>,
  ): UploadSession {
    this.forgetIdle();
    if (this.inProgress.sessions >= this.limits.maxSessions) {
      throw new StorageApiError(
        429,
        `Too many uploads in progress (at most ${this.limits.maxSessions}); finish or cancel one.`,
      );
    }
    const session: UploadSession = {
      ...args,
      id: randomBytes(24).toString('base64url'),
      staged: null,
      received: 0,
      busy: Promise.resolve(),
      status: 'active',
      lastActivity: Date.now(),
    };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string): UploadSession {
    const session = this.sessions.get(id);
    if (!session) throw notFound();
    session.lastActivity = Date.now();
    return session;
  }

  /**
   * Receives a chunk sent at `offset` into the session's file, one chunk at a time. A chunk that
   * repeats bytes already received (a retry whose answer was lost) only contributes its new
   * tail; a chunk that would leave a gap is refused, because the bytes in between were never
   * received; a chunk cut off or refused halfway is taken back whole.
   */
  append(
    session: UploadSession,
    offset: number,
    req: IncomingMessage,
    room: number,
  ): Promise<void> {
    const run = session.busy.then(() => this.receiveChunk(session, offset, req, room));
    session.busy = run.catch(() => undefined);
    return run;
  }

  private async receiveChunk(
    session: UploadSession,
    offset: number,
    req: IncomingMessage,
    room: number,
  ): Promise<void> {
    if (session.status !== 'active') {
      req.resume();
      throw new StorageApiError(400, `Upload is ${session.status}.`, 'json', {
        'X-Goog-Upload-Status': session.status,
      });
    }
    if (offset > session.received) {
      req.resume();
      throw new StorageApiError(
        400,
        `Invalid request. The upload offset ${offset} is beyond the ${session.received} bytes received so far.`,
        'json',
        { 'X-Goog-Upload-Status': 'active', 'X-Goog-Upload-Size-Received': `${session.received}` },
      );
    }
    session.staged ??= await StagedUpload.create(this.staging.newFile());
    const staged = session.staged;
    const mark = staged.mark();
    let repeated = session.received - offset;
    try {
      await streamRequestBody(req, room, async (chunk) => {
        const fresh = chunk.subarray(Math.min(chunk.length, repeated));
        repeated -= chunk.length - fresh.length;
        if (staged.size + fresh.length > this.maxObjectBytes) {
          throw new StorageApiError(
            413,
            `Object exceeds the maximum size of ${this.maxObjectBytes} bytes.`,
          );
        }
        if (fresh.length > 0) await staged.write(fresh);
        session.lastActivity = Date.now();
      });
    } catch (error) {
      await staged.rollback(mark);
      throw error;
    }
    session.received = staged.size;
  }

  cancel(session: UploadSession): void {
    if (session.status === 'final') throw badRequest('Upload is already finalized.');
    session.status = 'cancelled';
    this.release(session);
  }

  /** Marks the session final and hands over its bytes (the caller stores or discards them). */
  async finish(session: UploadSession): Promise<StagedUpload> {
    // Final at once, so a finalize sent twice at the same time stores the bytes once.
    session.status = 'final';
    await session.busy;
    const staged = session.staged ?? (await StagedUpload.create(this.staging.newFile()));
    session.staged = null;
    return staged;
  }

  /** Removes a session's staged bytes (cancelled, forgotten or the server closing). */
  private release(session: UploadSession): void {
    const staged = session.staged;
    session.staged = null;
    if (staged) void session.busy.then(() => staged.discard());
  }

  clear(): void {
    for (const session of this.sessions.values()) this.release(session);
    this.sessions.clear();
  }

  dispose(): void {
    clearInterval(this.sweeper);
    this.clear();
  }

  private forgetIdle(): void {
    const limit = Date.now() - this.limits.idleTimeoutMs;
    for (const [id, session] of this.sessions) {
      if (session.lastActivity >= limit) continue;
      this.release(session);
      this.sessions.delete(id);
    }
  }
}
