import type { FirestoreEngine } from '../engine';
import { decodeWrites } from '../protocol';
import type { AccessControl } from './access';
import { invalidArgument, streamError } from './errors';
import { requireDatabase } from './names';
import type { ChannelSession, StreamHandler } from './webchannel';

interface WriteRequest {
  database?: unknown;
  streamToken?: unknown;
  writes?: unknown;
}

/**
 * `google.firestore.v1.Firestore/Write`: the first message is a handshake answered with a stream
 * id and token (and no results, which the SDK asserts); every later message is one atomic commit.
 */
export function createWriteStream(
  session: ChannelSession,
  engine: FirestoreEngine,
  access: AccessControl,
): StreamHandler {
  const principal = session.principal;
  const streamId = session.id;
  let database: string | null = null;
  let tokenCounter = 0;
  let failed = false;
  // Replies leave in commit order: a commit is acknowledged once it is on disk, and a later
  // error must not overtake an earlier acknowledgement still waiting for its fsync.
  let replies: Promise<void> = Promise.resolve();
  const reply = (message: () => unknown, after: Promise<unknown> = Promise.resolve()) => {
    replies = replies
      .then(() => after)
      .then(
        () => session.send(message()),
        (err: unknown) => {
          failed = true;
          session.send(streamError(err));
        },
      );
  };
  const nextToken = (): string => Buffer.from(`${streamId}:${++tokenCounter}`).toString('base64');

  return {
    onMessage(raw) {
      if (failed) return;
      try {
        if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
          throw invalidArgument('Invalid write request: expected a JSON object.');
        }
        const request = raw as WriteRequest;
        if (database === null) {
          database = requireDatabase(request.database ?? session.initParams.get('database'));
          session.send({ streamId, streamToken: nextToken() });
          return;
        }
        const writes = request.writes ?? [];
        if (!Array.isArray(writes)) throw invalidArgument('Invalid write request: writes.');
        const result = engine.commit(database, decodeWrites(database, writes), {
          authorize: access.writeHook(principal, database),
        });
        reply(
          () => ({
            streamToken: nextToken(),
            commitTime: result.commitTime,
            writeResults: result.writeResults,
          }),
          engine.flush(),
        );
      } catch (err) {
        // The SDK closes the stream on an error message and opens a new one.
        failed = true;
        reply(() => streamError(err));
      }
    },
    onClose() {},
  };
}
