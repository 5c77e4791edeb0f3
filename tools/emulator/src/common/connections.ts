import http, { type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { withDefaults } from './defaults';

/** What one HTTP server lets a client hold; each server has its own. */
export interface ConnectionLimits {
  /** Time to receive a request's headers. */
  headersTimeoutMs?: number;
  /** Time to receive a whole request, body included (a slowly dripped body is cut off). */
  requestTimeoutMs?: number;
  /** Open connections; one more first evicts the oldest that is not being answered. */
  maxConnections?: number;
}

/** Production defaults (documented in the emulator's README). */
export const CONNECTION_DEFAULTS: Required<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  maxConnections: 256,
};

interface Tracked {
  openedAt: number;
  /** The request being received or answered on it; null between requests. */
  request: IncomingMessage | null;
  /** Requests answered on it so far. */
  answered: number;
}

/**
 * Which connection goes first when the cap is reached (lower first; null: never). A connection
 * carrying a request that arrived whole (a streaming backchannel, an answer being written) is
 * kept. Before it: one that has not finished its first request's headers, which is what a
 * slowloris client holds; then one still sending a body; then a kept-alive idle one.
 */
function evictionRank(tracked: Tracked): number | null {
  if (tracked.request === null) return tracked.answered === 0 ? 0 : 2;
  return tracked.request.complete ? null : 1;
}

/**
 * An HTTP server whose clients cannot hold it: header and whole-request timeouts (slowloris), and
 * a cap on open connections that evicts the oldest slow or idle connection rather than refusing
 * newcomers, so a health check gets through while a few hundred connections drip.
 */
export function createGuardedServer(
  limits: ConnectionLimits | undefined,
  listener: RequestListener,
): Server {
  const { headersTimeoutMs, requestTimeoutMs, maxConnections } = withDefaults(
    CONNECTION_DEFAULTS,
    limits,
  );
  const server = http.createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      // Node checks both timeouts on this interval; a quarter of the shorter keeps them close.
      connectionsCheckingInterval: Math.max(
        50,
        Math.floor(Math.min(headersTimeoutMs, requestTimeoutMs) / 4),
      ),
    },
    listener,
  );
  const open = new Map<Socket, Tracked>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, { openedAt: Date.now(), request: null, answered: 0 });
    socket.once('close', () => open.delete(socket));
    if (open.size > maxConnections) evictOne(open, socket);
  });
  server.on('request', (req: IncomingMessage, res: http.ServerResponse) => {
    const tracked = open.get(req.socket);
    if (!tracked) return;
    tracked.request = req;
    res.once('finish', () => {
      tracked.answered++;
      if (tracked.request === req) tracked.request = null;
    });
  });
  return server;
}

function evictOne(open: Map<Socket, Tracked>, newcomer: Socket): void {
  let victim: Socket | null = null;
  let best: [number, number] = [Infinity, Infinity];
  for (const [socket, tracked] of open) {
    const rank = evictionRank(tracked);
    if (socket === newcomer || rank === null) continue;
    if (rank < best[0] || (rank === best[0] && tracked.openedAt < best[1])) {
      victim = socket;
      best = [rank, tracked.openedAt];
    }
  }
  (victim ?? newcomer).destroy();
  open.delete(victim ?? newcomer);
}
