export * from './types';
export * from '../../values/types';
export { FirestoreError } from '../../values';
export { FirestoreEngine } from './engine';
export { MAX_WRITES_PER_COMMIT } from './limits';
export { checkDatabase, parseDocumentName, parseParent } from './paths';
export type { FsyncPolicy } from './persistence';
export { parseIndexCatalog, readIndexCatalog, type IndexCatalog } from './indexes';
export {
  CollectionUsage,
  MAX_COUNTED_COLLECTIONS,
  OTHER_COLLECTIONS,
  type CollectionUsageRow,
  type UsageCounts,
} from './usage';
