export * from './types';
export * from './values';
export * from './timestamps';
export { FirestoreError, invalidArgument } from './errors';
export * from './fieldPaths';
