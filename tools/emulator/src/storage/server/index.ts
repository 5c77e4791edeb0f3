export { createStorageServer, type StorageServerOptions } from './server';
export { StorageFunctionEvents, type StorageAction } from './function-events';
