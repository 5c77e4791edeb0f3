import * as path from 'node:path';
import { ObjectStore } from './store';

export { ExportFolderError, isExportFile, ObjectStore } from './store';
export { compareNames, type ObjectMetadata } from './object';
export { StagedUpload, type StagedMark, type StagingArea, type UploadDigest } from './staged';

/** The store of an emulator data directory: objects live under `<dataDir>/storage/`; null keeps them in memory. */
export function openObjectStore(dataDir: string | null): ObjectStore {
  return ObjectStore.open(dataDir === null ? null : path.join(dataDir, 'storage'));
}
