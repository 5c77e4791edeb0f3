export * from './types';
export { FirestoreError } from './errors';
export { FirestoreEngine } from './engine';
