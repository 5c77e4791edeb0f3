import http from 'node:http';
import net from 'node:net';
import { startEmulator } from '../../src';
import {
  SHORT_RUN_JVM_OPTIONS,
  startGoogleFirestore,
  type GoogleFirestoreInstall,
} from '../../src/reference/googleFirestore';
import { idToken } from '../harness';
import type { Side } from './backends';

/** What one REST request answered: the status and the parsed JSON body. */
export interface RestReply {
  status: number;
  body: unknown;
}

/**
 * This emulator (in-process) and Google's (its JVM) for tests that speak Firestore REST from
 * Node alone: no browser, kept-alive connections, as many requests in flight as the test sends.
 */
export interface RestPair {
  projectId: string;
  /** `projects/{p}/databases/(default)` */
  database: string;
  /** A REST request to one side as `as` (a member, with an unsigned ID token) or the admin. */
  send(
    side: Side,
    method: string,
    path: string,
    body: unknown,
    as: string | 'admin',
  ): Promise<RestReply>;
  /** Installs Firestore rules on one side; false when that engine refuses to compile them. */
  setRules(side: Side, source: string): Promise<boolean>;
  /** Deletes every document on both sides. */
  clear(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function request(
  agent: http.Agent,
  url: string,
  method: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<RestReply> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload
            ? { 'Content-Type': 'application/json', 'Content-Length': payload.length }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text === '' ? null : JSON.parse(text);
          } catch {
            // Not JSON: kept as text for the report.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as this request went out: the request never
      // reached it, so it is sent again on a new connection (the retry Node's http docs give).
      if (req.reusedSocket && error.code === 'ECONNRESET') {
        request(agent, url, method, body, headers).then(resolve, reject);
      } else {
        reject(error);
      }
    });
    req.end(payload);
  });
}

export async function startRestPair(options: {
  projectId: string;
  install: GoogleFirestoreInstall;
  /** Connections per side (default 8). */
  connections?: number;
}): Promise<RestPair> {
  const { projectId } = options;
  const [ours, google] = await Promise.all([
    startEmulator({
      projectId,
      firestorePort: 0,
      storagePort: 0,
      dataDir: null,
      watchRules: false,
      log: () => {},
    }),
    freePort().then((port) =>
      startGoogleFirestore({
        projectId,
        port,
        dataDir: null,
        install: options.install,
        jvmOptions: SHORT_RUN_JVM_OPTIONS,
      }),
    ),
  ]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 8 });
  const base: Record<Side, string> = {
    ours: `http://127.0.0.1:${ours.firestorePort}`,
    google: google.url,
  };
  const tokens = new Map<string, string>();
  const authorization = (as: string) => {
    if (as === 'admin') return 'Bearer owner';
    if (!tokens.has(as)) tokens.set(as, `Bearer ${idToken(as, projectId)}`);
    return tokens.get(as)!;
  };
  const database = `projects/${projectId}/databases/(default)`;
  const pair: RestPair = {
    projectId,
    database,
    send: (side, method, path, body, as) =>
      request(agent, `${base[side]}${path}`, method, body, { Authorization: authorization(as) }),
    async setRules(side, source) {
      const reply = await request(
        agent,
        `${base[side]}/emulator/v1/projects/${projectId}:securityRules`,
        'PUT',
        { rules: { files: [{ name: 'firestore.rules', content: source }] } },
        {},
      );
      return reply.status === 200;
    },
    async clear() {
      await Promise.all(
        (['ours', 'google'] as const).map((side) =>
          request(
            agent,
            `${base[side]}/emulator/v1/${database}/documents`,
            'DELETE',
            undefined,
            {},
          ),
        ),
      );
    },
    async stop() {
      agent.destroy();
      await Promise.all([ours.stop(), google.stop()]);
    },
  };
  return pair;
}
