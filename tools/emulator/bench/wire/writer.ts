import type http from 'node:http';
import { WireChannel } from './channel';

/**
 * `google.firestore.v1.Firestore/Write` as the SDK's PersistentWriteStream speaks it: a handshake
 * `{database}` answered with a `streamToken` and no results, then one message per batch carrying
 * the latest token; replies come back in order, one per batch.
 */

export interface WriteAck {
  commitTime: string;
  writeResults: unknown[];
}

interface WriteReply {
  streamToken?: unknown;
  commitTime?: unknown;
  writeResults?: unknown;
  error?: { status?: string; message?: string };
}

interface Pending {
  writes: number;
  resolve(ack: WriteAck): void;
  reject(error: Error): void;
}

export class WriteStreamClient {
  private channel: WireChannel | null = null;
  private streamToken = '';
  private readonly pending: Pending[] = [];
  private handshake: { resolve(): void; reject(error: Error): void } | null = null;
  private failure: Error | null = null;

  private constructor() {}

  static async open(options: {
    baseUrl: string;
    database: string;
    initHeaders: Record<string, string>;
    agent: http.Agent;
  }): Promise<WriteStreamClient> {
    const client = new WriteStreamClient();
    const handshakeDone = new Promise<void>((resolve, reject) => {
      client.handshake = { resolve, reject };
    });
    client.channel = await WireChannel.open(
      {
        ...options,
        stream: 'Write',
        onMessage: (message) => client.onMessage(message as WriteReply),
        onError: (error) => client.fail(error),
      },
      { database: options.database },
    );
    await handshakeDone;
    return client;
  }

  /** Sends one batch (one atomic commit); resolves with its acknowledgement. */
  write(writes: unknown[]): Promise<WriteAck> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.push({ writes: writes.length, resolve, reject });
      this.channel!.send({ streamToken: this.streamToken, writes });
    });
  }

  close(): Promise<void> {
    return this.channel?.close() ?? Promise.resolve();
  }

  private onMessage(reply: WriteReply): void {
    if (reply.error) {
      this.fail(new Error(`write stream error ${reply.error.status}: ${reply.error.message}`));
      return;
    }
    if (typeof reply.streamToken !== 'string' || reply.streamToken === '') {
      this.fail(new Error(`write reply without a streamToken: ${JSON.stringify(reply)}`));
      return;
    }
    this.streamToken = reply.streamToken;
    if (this.handshake) {
      const handshake = this.handshake;
      this.handshake = null;
      if (Array.isArray(reply.writeResults) && reply.writeResults.length > 0) {
        handshake.reject(new Error('handshake reply carries writeResults'));
      } else handshake.resolve();
      return;
    }
    const batch = this.pending.shift();
    if (!batch) {
      this.fail(new Error(`unexpected write reply: ${JSON.stringify(reply)}`));
      return;
    }
    const results = reply.writeResults;
    if (
      typeof reply.commitTime !== 'string' ||
      !Array.isArray(results) ||
      results.length !== batch.writes
    ) {
      this.fail(new Error(`bad write reply: ${JSON.stringify(reply)}`));
      return;
    }
    batch.resolve({ commitTime: reply.commitTime, writeResults: results });
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.handshake?.reject(error);
    this.handshake = null;
    for (const batch of this.pending.splice(0)) batch.reject(error);
  }
}
