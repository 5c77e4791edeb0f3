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
  chunks: Buffer[];
  received: number;
  status: SessionStatus;
  lastActivity: number;
  /** Replayed when a finalize is retried (its first answer may have been lost). */
  finalResponse?: { status: number; body: string };
}

/** Sessions idle for longer than this are forgotten (GCS keeps them for a week). */
const IDLE_LIMIT_MS = 6 * 60 * 60 * 1000;

export class UploadSessions {
  private readonly sessions = new Map<string, UploadSession>();

  constructor(private readonly maxObjectBytes: number) {}

  start(
    args: Omit<UploadSession, 'id' | 'chunks' | 'received' | 'status' | 'lastActivity'>,
  ): UploadSession {
    this.forgetIdle();
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

  private forgetIdle(): void {
    const limit = Date.now() - IDLE_LIMIT_MS;
    for (const [id, session] of this.sessions) {
      if (session.lastActivity < limit) this.sessions.delete(id);
    }
  }
}
