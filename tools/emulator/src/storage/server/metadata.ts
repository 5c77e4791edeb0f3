import { createHash, randomUUID } from 'node:crypto';
import { badRequest } from './errors';
import type { ObjectMetadata, UploadDigest } from '../store';

/** Writable fields as the SDK sends them; `null` clears a field. */
export interface IncomingMetadata {
  name?: string;
  contentType?: string | null;
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentEncoding?: string | null;
  contentLanguage?: string | null;
  md5Hash?: string | null;
  metadata?: Record<string, string | null> | null;
}

const STRING_FIELDS = [
  'contentType',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
  'md5Hash',
] as const;

/** The custom metadata key through which download tokens travel (as in production). */
const TOKENS_KEY = 'firebaseStorageDownloadTokens';

/** Validates the JSON the SDK sends with uploads and metadata updates. */
export function parseIncomingMetadata(raw: unknown): IncomingMetadata {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw badRequest('Invalid metadata: expected a JSON object.');
  }
  const source = raw as Record<string, unknown>;
  const result: IncomingMetadata = {};
  if (source['name'] !== undefined && source['name'] !== null) {
    if (typeof source['name'] !== 'string') throw badRequest('Invalid metadata field: name.');
    result.name = source['name'];
  }
  for (const field of STRING_FIELDS) {
    const value = source[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') {
      throw badRequest(`Invalid metadata field: ${field}.`);
    }
    result[field] = value;
  }
  const custom = source['metadata'];
  if (custom === null) result.metadata = null;
  else if (custom !== undefined) {
    if (typeof custom !== 'object' || Array.isArray(custom)) {
      throw badRequest('Invalid metadata field: metadata.');
    }
    const entries: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(custom as Record<string, unknown>)) {
      if (value === null) entries[key] = null;
      else entries[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    result.metadata = entries;
  }
  return result;
}

let lastGeneration = 0;
/** Microseconds since the epoch like GCS, strictly rising within this process. */
export function nextGeneration(): string {
  lastGeneration = Math.max(lastGeneration + 1, Date.now() * 1000);
  return String(lastGeneration);
}

/** Moves tokens given through custom metadata into `downloadTokens` (as production does). */
function extractTokens(
  custom: Record<string, string> | undefined,
  tokens: string[],
): { custom: Record<string, string> | undefined; tokens: string[] } {
  if (!custom || custom[TOKENS_KEY] === undefined) return { custom, tokens };
  const { [TOKENS_KEY]: given, ...rest } = custom;
  const added = given!.split(',').filter((token) => token !== '');
  return {
    custom: Object.keys(rest).length > 0 ? rest : undefined,
    tokens: [...new Set([...tokens, ...added])],
  };
}

function withoutNulls(custom: Record<string, string | null>): Record<string, string> | undefined {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(custom)) if (value !== null) result[key] = value;
  return Object.keys(result).length > 0 ? result : undefined;
}

/** Metadata for freshly uploaded bytes: the upload's fields, a new generation and one token. */
export function metadataForUpload(args: {
  bucket: string;
  name: string;
  content: UploadDigest;
  incoming: IncomingMetadata;
  contentTypeHeader?: string;
  now: Date;
}): ObjectMetadata {
  const { incoming } = args;
  const { md5Hash } = args.content;
  if (incoming.md5Hash && incoming.md5Hash !== md5Hash) {
    throw badRequest(
      `Provided MD5 hash "${incoming.md5Hash}" doesn't match calculated MD5 hash "${md5Hash}".`,
    );
  }
  const extracted = extractTokens(
    incoming.metadata ? withoutNulls(incoming.metadata) : undefined,
    [],
  );
  const time = args.now.toISOString();
  const meta: ObjectMetadata = {
    bucket: args.bucket,
    name: args.name,
    generation: nextGeneration(),
    metageneration: '1',
    size: args.content.size,
    md5Hash,
    crc32c: args.content.crc32c,
    timeCreated: time,
    updated: time,
    contentType: incoming.contentType || args.contentTypeHeader || 'application/octet-stream',
    // The official emulator stores `inline` when the upload gives no disposition.
    contentDisposition: incoming.contentDisposition || 'inline',
    downloadTokens: extracted.tokens.length > 0 ? extracted.tokens : [randomUUID()],
  };
  if (incoming.cacheControl) meta.cacheControl = incoming.cacheControl;
  if (incoming.contentEncoding) meta.contentEncoding = incoming.contentEncoding;
  if (incoming.contentLanguage) meta.contentLanguage = incoming.contentLanguage;
  if (extracted.custom) meta.customMetadata = extracted.custom;
  return meta;
}

/** The object after a metadata PATCH: given fields replace, `null` clears, custom keys merge. */
export function patchMetadata(
  current: ObjectMetadata,
  incoming: IncomingMetadata,
  now: Date,
): ObjectMetadata {
  const next: ObjectMetadata = { ...current };
  const clearable = [
    'cacheControl',
    'contentDisposition',
    'contentEncoding',
    'contentLanguage',
  ] as const;
  for (const field of clearable) {
    const value = incoming[field];
    if (value === undefined) continue;
    if (value === null) delete next[field];
    else next[field] = value;
  }
  if (incoming.contentType !== undefined) {
    next.contentType = incoming.contentType ?? 'application/octet-stream';
  }
  let custom = current.customMetadata;
  if (incoming.metadata === null) custom = undefined;
  else if (incoming.metadata !== undefined) {
    custom = withoutNulls({ ...(current.customMetadata ?? {}), ...incoming.metadata });
  }
  const extracted = extractTokens(custom, current.downloadTokens);
  if (extracted.custom) next.customMetadata = extracted.custom;
  else delete next.customMetadata;
  next.downloadTokens = extracted.tokens;
  next.metageneration = String(Number(current.metageneration) + 1);
  next.updated = now.toISOString();
  return next;
}

/** The object with another set of download tokens (never none: a fresh one replaces the last). */
export function withDownloadTokens(
  current: ObjectMetadata,
  tokens: string[],
  now: Date,
): ObjectMetadata {
  return {
    ...current,
    downloadTokens: tokens.length > 0 ? tokens : [randomUUID()],
    metageneration: String(Number(current.metageneration) + 1),
    updated: now.toISOString(),
  };
}

export function etagOf(meta: ObjectMetadata): string {
  return createHash('md5')
    .update(`${meta.generation}/${meta.metageneration}`)
    .digest('base64')
    .slice(0, 22);
}

/** The JSON the `/v0` API answers with; the SDK reads these exact fields. */
export function toWireMetadata(meta: ObjectMetadata): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    name: meta.name,
    bucket: meta.bucket,
    generation: meta.generation,
    metageneration: meta.metageneration,
    contentType: meta.contentType,
    timeCreated: meta.timeCreated,
    updated: meta.updated,
    storageClass: 'STANDARD',
    size: String(meta.size),
    md5Hash: meta.md5Hash,
    contentEncoding: meta.contentEncoding ?? 'identity',
    contentDisposition: meta.contentDisposition,
    crc32c: meta.crc32c,
    etag: etagOf(meta),
    downloadTokens: meta.downloadTokens.join(','),
  };
  if (meta.cacheControl !== undefined) wire['cacheControl'] = meta.cacheControl;
  if (meta.contentLanguage !== undefined) wire['contentLanguage'] = meta.contentLanguage;
  if (meta.customMetadata) wire['metadata'] = meta.customMetadata;
  return wire;
}

/**
 * Cloud Storage's JSON API object resource (`storage#object`): what the Admin SDK reads, and the
 * data of a Storage function's event.
 */
export function toObjectResource(meta: ObjectMetadata): Record<string, unknown> {
  const wire = toWireMetadata(meta);
  delete wire['downloadTokens'];
  return {
    kind: 'storage#object',
    id: `${meta.bucket}/${meta.name}/${meta.generation}`,
    selfLink: `/storage/v1/b/${meta.bucket}/o/${encodeURIComponent(meta.name)}`,
    mediaLink: `/download/storage/v1/b/${meta.bucket}/o/${encodeURIComponent(meta.name)}?generation=${meta.generation}&alt=media`,
    ...wire,
    ...(meta.downloadTokens.length > 0
      ? {
          metadata: {
            ...meta.customMetadata,
            firebaseStorageDownloadTokens: meta.downloadTokens.join(','),
          },
        }
      : {}),
  };
}
