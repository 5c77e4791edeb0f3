import { randomBytes } from 'node:crypto';
import type { Principal } from '../../common/auth';
import { badRequest, notFound, StorageApiError } from './errors';
import type { IncomingMetadata } from './metadata';

export type SessionStatus = 'active' | 'final' | 'cancelled';

/** A resumable upload in progress. Sessions and their staged bytes live in memory only. */
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
  chunks: Buffer[];
  received: number;
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
    limits: UploadLimits = {},
  ) {
    this.limits = {
      idleTimeoutMs: limits.idleTimeoutMs ?? UPLOAD_DEFAULTS.idleTimeoutMs,
      maxSessions: limits.maxSessions ?? UPLOAD_DEFAULTS.maxSessions,
    };
    this.sweeper = setInterval(
      () => this.forgetIdle(),
      Math.max(50, Math.min(60_000, this.limits.idleTimeoutMs / 2)),
    );
    this.sweeper.unref();
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
    args: Omit<UploadSession, 'id' | 'chunks' | 'received' | 'status' | 'lastActivity'>,
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
      chunks: [],
      received: 0,
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
   * Adds a chunk sent at `offset`. A chunk that repeats bytes already received (a retry whose
   * answer was lost) only contributes its new tail; a chunk that would leave a gap is refused,
   * because the bytes in between were never received.
   */
  append(session: UploadSession, offset: number, chunk: Buffer): void {
    if (session.status !== 'active') {
      throw new StorageApiError(400, `Upload is ${session.status}.`, 'json', {
        'X-Goog-Upload-Status': session.status,
      });
    }
    if (offset > session.received) {
      throw new StorageApiError(
        400,
        `Invalid request. The upload offset ${offset} is beyond the ${session.received} bytes received so far.`,
        'json',
        { 'X-Goog-Upload-Status': 'active', 'X-Goog-Upload-Size-Received': `${session.received}` },
      );
    }
    const fresh = chunk.subarray(Math.min(chunk.length, session.received - offset));
    if (session.received + fresh.length > this.maxObjectBytes) {
      throw new StorageApiError(
        413,
        `Object exceeds the maximum size of ${this.maxObjectBytes} bytes.`,
      );
    }
    if (fresh.length > 0) {
      session.chunks.push(Buffer.from(fresh));
      session.received += fresh.length;
    }
  }

  cancel(session: UploadSession): void {
    if (session.status === 'final') throw badRequest('Upload is already finalized.');
    session.status = 'cancelled';
    session.chunks = [];
  }

  /** Marks the session final and hands over its bytes. */
  finish(session: UploadSession): Buffer {
    const bytes = Buffer.concat(session.chunks);
    session.chunks = [];
    session.status = 'final';
    return bytes;
  }

  clear(): void {
    this.sessions.clear();
  }

  dispose(): void {
    clearInterval(this.sweeper);
    this.sessions.clear();
  }

  private forgetIdle(): void {
    const limit = Date.now() - this.limits.idleTimeoutMs;
    for (const [id, session] of this.sessions) {
      if (session.lastActivity < limit) this.sessions.delete(id);
    }
  }
}
