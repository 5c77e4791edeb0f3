import type { FirebaseStorage } from 'firebase/storage';
import type * as StorageModule from 'firebase/storage';
// Through the session entry (see db.ts).
import { getFirebase } from './session';

/** How long the Storage SDK retries an operation, and an upload, before it gives up. */
export const STORAGE_MAX_OPERATION_RETRY_MS = 120_000;
export const STORAGE_MAX_UPLOAD_RETRY_MS = 600_000;

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
