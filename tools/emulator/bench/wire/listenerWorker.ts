// Worker thread holding the benchmark's listener sessions (as browser tabs have event loops of
// their own), so that decoding listen traffic never delays the writer's acknowledgements.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { ListenClient } from './listener';
import type { ListenerReport, ToListeners, ToMain } from './listenerProtocol';
import {
  DATABASE,
  FIRST_QUERY_TARGET_ID,
  initHeaders,
  listenerLimit,
  newestN,
  newestQuery,
} from './scenario';

const { baseUrl, count } = workerData as { baseUrl: string; count: number };
const port = parentPort!;
const post = (message: ToMain) => port.postMessage(message);
const agents: http.Agent[] = [];
const listeners: ListenClient[] = [];

async function open(): Promise<void> {
  for (let i = 0; i < count; i++) {
    const agent = new http.Agent({ keepAlive: true });
    agents.push(agent);
    listeners.push(
      await ListenClient.open({
        baseUrl,
        database: DATABASE,
        initHeaders: initHeaders(`reader${i}`),
        agent,
        targetId: FIRST_QUERY_TARGET_ID,
        query: newestQuery(listenerLimit(i)),
        onFailure: (error) => post({ type: 'failed', message: `listener ${i}: ${error.message}` }),
      }),
    );
  }
}

function report(): ListenerReport[] {
  return listeners.map((l) => ({
    changes: l.view.changes,
    distinctChanged: l.view.changedNames.size,
    removals: l.view.removals,
    names: [...l.view.snapshot.keys()],
  }));
}

port.on('message', (message: ToListeners) => {
  switch (message.type) {
    case 'waitFor':
      void Promise.all(listeners.map((l) => l.until(() => newestN(l.view) === message.n))).then(
        () => post({ type: 'current', n: message.n }),
      );
      return;
    case 'report':
      post({ type: 'report', listeners: report() });
      return;
    case 'close':
      void Promise.allSettled(listeners.map((l) => l.close())).then(() => {
        for (const agent of agents) agent.destroy();
        port.close();
      });
      return;
  }
});

open().then(
  () => post({ type: 'ready' }),
  (error: unknown) => post({ type: 'failed', message: (error as Error).message }),
);
