import { FirestoreError } from './errors';
import type {
  BatchGetResult,
  ChangeEvent,
  CommitOptions,
  CommitResult,
  CompiledQuery,
  QueryResult,
  StoredDocument,
} from './types';

// Skeleton with the final signatures so other parts can compile against it; filled in next.
export class FirestoreEngine {
  static async open(_options: { dataDir: string | null }): Promise<FirestoreEngine> {
    return new FirestoreEngine();
  }
  commit(_database: string, _writes: unknown[], _options?: CommitOptions): CommitResult {
    throw FirestoreError.of('UNIMPLEMENTED', 'not yet');
  }
  getDocument(_name: string): StoredDocument | null {
    return null;
  }
  batchGet(_names: string[]): BatchGetResult {
    throw FirestoreError.of('UNIMPLEMENTED', 'not yet');
  }
  runQuery(_parent: string, _structuredQuery: unknown): QueryResult {
    throw FirestoreError.of('UNIMPLEMENTED', 'not yet');
  }
  compileQuery(_parent: string, _structuredQuery: unknown): CompiledQuery {
    throw FirestoreError.of('UNIMPLEMENTED', 'not yet');
  }
  count(_parent: string, _structuredQuery: unknown, _upTo?: number): number {
    throw FirestoreError.of('UNIMPLEMENTED', 'not yet');
  }
  onCommit(_listener: (event: ChangeEvent) => void): () => void {
    return () => undefined;
  }
  currentReadTime(): string {
    return new Date().toISOString();
  }
  clear(_projectId: string): void {}
  async exportTo(_dir: string): Promise<void> {}
  async importFrom(_dir: string): Promise<void> {}
  async close(): Promise<void> {}
}
