export * from './types';
export * from '../../values/types';
export { FirestoreError } from '../../values';
export { FirestoreEngine } from './engine';
export type { FsyncPolicy } from './persistence';
