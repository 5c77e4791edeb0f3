export { createStorageServer, type StorageServerOptions } from './server';
