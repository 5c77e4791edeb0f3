import type { AddressInfo } from 'node:net';
import { FirestoreEngine } from '../../src/firestore/engine';
import {
  createFirestoreServer,
  type FirestoreServer,
  type FirestoreServerOptions,
} from '../../src/firestore/server';
import type { WebChannelOptions } from '../../src/firestore/server/webchannel';
import { DOCS } from '../../harness/raw-wire';
import { RequestGate } from '../../src/common/request-gate';

// The raw client lives in the harness, which the benches share; the protocol tests take it here
// beside the server they drive.
export {
  DATABASE,
  DOCS,
  PROJECT,
  RawChannel,
  channelPath,
  messagesOf,
  parseFrames,
  request,
} from '../../harness/raw-wire';

/** A Listen request adding a target on one document (`path` below DOCS). */
export const docTarget = (targetId: number, path: string) => ({
  addTarget: { targetId, documents: { documents: [`${DOCS}/${path}`] } },
});

/** A Listen request adding a target on a whole collection below DOCS. */
export const queryTarget = (targetId: number, collectionId: string) => ({
  addTarget: {
    targetId,
    query: { parent: DOCS, structuredQuery: { from: [{ collectionId }] } },
  },
});

export interface WireServer {
  url: string;
  engine: FirestoreEngine;
  server: FirestoreServer;
  close(): Promise<void>;
}

export async function startWireServer(
  webChannel: WebChannelOptions = {},
  limits: Pick<FirestoreServerOptions, 'listen' | 'connections'> = {},
): Promise<WireServer> {
  const engine = await FirestoreEngine.open({ dataDir: null });
  const server = createFirestoreServer({
    ...limits,
    engine,
    getRules: () => null,
    setRules: () => [],
    gate: new RequestGate(),
    webChannel,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    engine,
    server,
    close: async () => {
      server.closeStreams();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await engine.close();
    },
  };
}
