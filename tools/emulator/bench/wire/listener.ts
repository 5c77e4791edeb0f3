import type http from 'node:http';
import { WireChannel } from './channel';
import { TargetView } from './targetView';

/**
 * One tab with one live query: a Listen session whose first message (on the handshake) adds a
 * query target, as `onSnapshot(query(...))` does in a fresh SDK instance.
 */
export class ListenClient {
  readonly view: TargetView;
  private channel: WireChannel | null = null;
  private waiters: Array<{ condition(): boolean; resolve(): void }> = [];

  private constructor(
    targetId: number,
    private readonly onFailure: (error: Error) => void,
  ) {
    this.view = new TargetView(targetId);
  }

  static async open(options: {
    baseUrl: string;
    database: string;
    initHeaders: Record<string, string>;
    agent: http.Agent;
    /** The SDK's first query target id in a fresh instance. */
    targetId: number;
    /** The `query` of `addTarget`: `{ structuredQuery, parent }`. */
    query: unknown;
    onFailure(error: Error): void;
  }): Promise<ListenClient> {
    const client = new ListenClient(options.targetId, options.onFailure);
    client.channel = await WireChannel.open(
      {
        baseUrl: options.baseUrl,
        stream: 'Listen',
        database: options.database,
        initHeaders: options.initHeaders,
        agent: options.agent,
        onMessage: (message) => client.onMessage(message),
        onError: (error) => client.onFailure(error),
      },
      {
        database: options.database,
        addTarget: { query: options.query, targetId: options.targetId },
      },
    );
    await client.until(() => client.view.snapshots > 0);
    return client;
  }

  /** Resolves once `condition` holds (checked now and after every message). */
  until(condition: () => boolean): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ condition, resolve }));
  }

  close(): Promise<void> {
    return this.channel?.close() ?? Promise.resolve();
  }

  private onMessage(message: unknown): void {
    try {
      this.view.apply(message);
    } catch (error) {
      this.onFailure(error as Error);
      return;
    }
    if (this.waiters.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.condition()) return true;
      waiter.resolve();
      return false;
    });
  }
}
