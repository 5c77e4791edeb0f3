import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ListenerReport, ToListeners, ToMain } from './listenerProtocol';

// The worker is TypeScript too: the runner that compiles this package's .ts on require.
const RUN_TS = path.resolve(__dirname, '../../harness/run-ts.cjs');

/** The listener sessions, run in a worker thread (see listenerWorker.ts). */
export class ListenerGroup {
  private readonly waiting = new Map<string, (message: ToMain) => void>();

  private constructor(
    private readonly worker: Worker,
    private readonly onFailure: (error: Error) => void,
  ) {
    worker.on('message', (message: ToMain) => {
      if (message.type === 'failed') {
        onFailure(new Error(message.message));
        return;
      }
      const key = message.type === 'current' ? `current:${message.n}` : message.type;
      const resolve = this.waiting.get(key);
      this.waiting.delete(key);
      resolve?.(message);
    });
    worker.on('error', (error) => onFailure(error));
  }

  /** Opens `count` listener sessions; resolves when each has its first snapshot. */
  static async open(options: {
    baseUrl: string;
    count: number;
    onFailure(error: Error): void;
  }): Promise<ListenerGroup> {
    const worker = new Worker(RUN_TS, {
      argv: [path.join(__dirname, 'listenerWorker.ts')],
      workerData: { baseUrl: options.baseUrl, count: options.count },
    });
    const group = new ListenerGroup(worker, options.onFailure);
    await group.request('ready');
    return group;
  }

  /** Resolves once every listener's snapshot holds the document with `n`. */
  async waitFor(n: number): Promise<void> {
    await this.request(`current:${n}`, { type: 'waitFor', n });
  }

  async report(): Promise<ListenerReport[]> {
    const message = await this.request('report', { type: 'report' });
    return message.type === 'report' ? message.listeners : [];
  }

  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.send({ type: 'close' });
    const timer = setTimeout(() => void this.worker.terminate(), 5000);
    await exited;
    clearTimeout(timer);
  }

  private request(key: string, message?: ToListeners): Promise<ToMain> {
    const reply = new Promise<ToMain>((resolve) => this.waiting.set(key, resolve));
    if (message) this.send(message);
    return reply;
  }

  private send(message: ToListeners): void {
    this.worker.postMessage(message);
  }
}
