import type { Principal } from '../../common/auth';
import { authorizeStorage, type CompiledRules, type StorageObjectInfo } from '../../rules';
import { permissionDenied, type Permission } from './errors';
import type { ObjectMetadata } from '../store';

export type StorageMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

const PERMISSION: Record<StorageMethod, Permission> = {
  get: 'READ',
  list: 'LIST',
  create: 'WRITE',
  update: 'WRITE',
  delete: 'WRITE',
};

export function toRulesResource(meta: ObjectMetadata): StorageObjectInfo {
  const info: StorageObjectInfo = {
    name: meta.name,
    bucket: meta.bucket,
    size: meta.size,
    contentType: meta.contentType,
    metadata: meta.customMetadata ?? {},
    timeCreated: new Date(meta.timeCreated),
    updated: new Date(meta.updated),
    md5Hash: meta.md5Hash,
    generation: meta.generation,
    metageneration: meta.metageneration,
  };
  if (meta.cacheControl !== undefined) info.cacheControl = meta.cacheControl;
  if (meta.contentDisposition !== undefined) info.contentDisposition = meta.contentDisposition;
  if (meta.contentEncoding !== undefined) info.contentEncoding = meta.contentEncoding;
  if (meta.contentLanguage !== undefined) info.contentLanguage = meta.contentLanguage;
  return info;
}

export interface AccessRequest {
  principal: Principal;
  bucket: string;
  /** Object name, or for `list` the prefix without its trailing slash. */
  path: string;
  method: StorageMethod;
  resource: ObjectMetadata | null;
  requestResource: ObjectMetadata | null;
}

/**
 * Throws the official 403 unless the rules allow the request. No rules loaded allows all, and
 * the `owner` token bypasses rules, as in the official emulators.
 */
export function checkAccess(rules: CompiledRules | null, request: AccessRequest): void {
  if (request.principal.kind === 'owner' || rules === null) return;
  const denial = authorizeStorage(
    rules,
    { principal: request.principal, time: new Date() },
    {
      bucket: request.bucket,
      path: request.path,
      method: request.method,
      resource: request.resource ? toRulesResource(request.resource) : null,
      requestResource: request.requestResource ? toRulesResource(request.requestResource) : null,
    },
  );
  if (denial) throw permissionDenied(PERMISSION[request.method]);
}
