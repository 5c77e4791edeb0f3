export * from './types';
export { FirestoreError } from './errors';
export { FirestoreEngine } from './engine';
export type { FsyncPolicy } from './persistence';
