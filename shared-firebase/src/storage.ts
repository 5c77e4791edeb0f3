import type { FirebaseStorage } from 'firebase/storage';
import type * as StorageModule from 'firebase/storage';
import { getFirebase } from 'shared-firebase/session';
import { STORAGE_MAX_OPERATION_RETRY_MS, STORAGE_MAX_UPLOAD_RETRY_MS } from './constants';

export type StorageSdk = typeof StorageModule;

export interface StorageKit {
  sdk: StorageSdk;
  storage: FirebaseStorage;
}

let loading: Promise<StorageKit> | null = null;

async function createStorage(): Promise<StorageKit> {
  const sdk = await import('firebase/storage');
  const { app, emulatorsToConnect } = getFirebase();
  const storage = sdk.getStorage(app);
  storage.maxOperationRetryTime = STORAGE_MAX_OPERATION_RETRY_MS;
  storage.maxUploadRetryTime = STORAGE_MAX_UPLOAD_RETRY_MS;
  if (emulatorsToConnect) {
    const { host, port } = emulatorsToConnect.storage;
    sdk.connectStorageEmulator(storage, host, port);
  }
  return { sdk, storage };
}

/**
 * The Storage SDK and the page's Storage handle. Its code is fetched on first use (an upload or a
 * photo deletion), not with the screens; a failed fetch is retried by the next call.
 */
export function loadStorage(): Promise<StorageKit> {
  loading ??= createStorage().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
