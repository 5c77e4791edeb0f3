import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { parseJson } from '../../common/http';
import { checkAccess } from './authorize';
import { readRequestBody } from './body';
import { sendEmpty, sendJsonBody, type ApiRequest, type StorageContext } from './context';
import { badRequest, notFound, StorageApiError } from './errors';
import { listPage } from './list';
import {
  etagOf,
  parseIncomingMetadata,
  patchMetadata,
  toWireMetadata,
  withDownloadTokens,
} from './metadata';
import type { ObjectMetadata } from '../store';
import { parseRange } from './range';

const METADATA_BODY_LIMIT = 1024 * 1024;

function invalidJson(): StorageApiError {
  return badRequest('Invalid JSON payload received.');
}

export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) return {};
  try {
    return parseJson(body);
  } catch {
    throw invalidJson();
  }
}

/** RFC 5987 `filename*` value. */
function encodeFileName(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function objectHeaders(meta: ObjectMetadata): Record<string, string> {
  const fileName = meta.name.split('/').pop() ?? meta.name;
  const disposition = meta.contentDisposition ?? 'attachment';
  const headers: Record<string, string> = {
    'Content-Type': meta.contentType,
    'Accept-Ranges': 'bytes',
    'Content-Disposition': /filename/i.test(disposition)
      ? disposition
      : `${disposition}; filename*=utf-8''${encodeFileName(fileName)}`,
    ETag: `"${etagOf(meta)}"`,
    'Last-Modified': new Date(meta.updated).toUTCString(),
    'x-goog-generation': meta.generation,
    'x-goog-metageneration': meta.metageneration,
    'x-goog-storage-class': 'STANDARD',
    'x-goog-hash': `crc32c=${meta.crc32c},md5=${meta.md5Hash}`,
  };
  if (meta.contentEncoding) headers['Content-Encoding'] = meta.contentEncoding;
  if (meta.cacheControl) headers['Cache-Control'] = meta.cacheControl;
  if (meta.contentLanguage) headers['Content-Language'] = meta.contentLanguage;
  return headers;
}

/**
 * Cloud Storage's decompressive transcoding (https://cloud.google.com/storage/docs/transcoding):
 * an object stored with `Content-Encoding: gzip` is served decompressed, without Content-Encoding
 * or Content-Length, unless the request accepts gzip (then as stored, with Content-Encoding:
 * gzip) or the object's Cache-Control says `no-transform`. Browsers always accept gzip.
 */
function servedDecompressed(meta: ObjectMetadata, req: IncomingMessage): boolean {
  if (meta.contentEncoding?.trim().toLowerCase() !== 'gzip') return false;
  if (/(^|,)\s*no-transform\s*(,|$)/i.test(meta.cacheControl ?? '')) return false;
  return !acceptsGzip(String(req.headers['accept-encoding'] ?? ''));
}

/** `Accept-Encoding` names gzip (or `*`) with a weight above zero. */
function acceptsGzip(header: string): boolean {
  return header.split(',').some((item) => {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith('q='));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    return accepted && (coding === 'gzip' || coding === 'x-gzip' || coding === '*');
  });
}

/** GET (and HEAD) of an object: metadata JSON, or its bytes with `alt=media`. */
export async function getObject(ctx: StorageContext, api: ApiRequest): Promise<void> {
  const { bucket, principal, url, req, res } = api;
  const name = api.objectName!;
  let meta = ctx.store.get(bucket, name);
  // A valid download token is a capability: no rules, no sign-in (as in production).
  const token = url.searchParams.get('token');
  const hasValidToken = meta !== null && token !== null && meta.downloadTokens.includes(token);
  if (!hasValidToken) {
    checkAccess(ctx.getRules(), {
      principal,
      bucket,
      path: name,
      method: 'get',
      resource: meta,
      requestResource: null,
    });
  }
  if (!meta) throw notFound();
  if (meta.downloadTokens.length === 0) meta = await addDownloadToken(ctx, meta);

  if (url.searchParams.get('alt') !== 'media') {
    if (req.method === 'HEAD') return sendEmpty(res, 200);
    return sendJsonBody(res, 200, toWireMetadata(meta));
  }

  const headers = objectHeaders(meta);
  if (servedDecompressed(meta, req)) return sendDecompressed(ctx, api, meta, headers);
  const range = parseRange(req.headers.range, meta.size);
  if (range.kind === 'unsatisfiable') {
    throw new StorageApiError(416, 'Requested range not satisfiable.', 'json', {
      'Content-Range': `bytes */${meta.size}`,
    });
  }
  const start = range.kind === 'partial' ? range.start : 0;
  const end = range.kind === 'partial' ? range.end : meta.size - 1;
  const stream = await ctx.store.openRead(bucket, name, start, end);
  if (!stream) throw notFound();
  if (range.kind === 'partial') headers['Content-Range'] = `bytes ${start}-${end}/${meta.size}`;
  headers['Content-Length'] = String(end - start + 1);
  res.writeHead(range.kind === 'partial' ? 206 : 200, headers);
  if (req.method === 'HEAD') {
    stream.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(stream, res);
  } catch (error) {
    // A reader that goes away mid-download is not a server error.
    if (!res.destroyed) throw error;
  }
}

/**
 * The whole object inflated as it streams (never held in memory: a small upload can inflate to
 * hundreds of MiB), at the pace the reader takes it. A Range is not applied to transcoded bytes,
 * as in production: the answer is the whole object. Bytes that are not gzip end the answer.
 */
async function sendDecompressed(
  ctx: StorageContext,
  api: ApiRequest,
  meta: ObjectMetadata,
  headers: Record<string, string>,
): Promise<void> {
  const { req, res } = api;
  const served: Record<string, string> = { ...headers, 'Accept-Ranges': 'none' };
  delete served['Content-Encoding'];
  const stream = await ctx.store.openRead(meta.bucket, meta.name, 0, meta.size - 1);
  if (!stream) throw notFound();
  res.writeHead(200, served);
  if (req.method === 'HEAD') {
    stream.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(stream, createGunzip(), res);
  } catch {
    // A reader that went away, or stored bytes that are not gzip: the answer ends here.
    res.destroy();
  }
}

/** Objects without a token (imported ones) get one on first read, as in the official emulator. */
async function addDownloadToken(
  ctx: StorageContext,
  meta: ObjectMetadata,
): Promise<ObjectMetadata> {
  return ctx.store.withObjectLock(meta.bucket, meta.name, async () => {
    const current = ctx.store.get(meta.bucket, meta.name);
    if (!current) throw notFound();
    if (current.downloadTokens.length > 0) return current;
    const next = withDownloadTokens(current, [randomUUID()], new Date());
    await ctx.store.updateMetadata(next);
    ctx.events.emit('metadataUpdate', next);
    return next;
  });
}

/**
 * `POST .../o/{name}?create_token=true` or `?delete_token=T`: what the Admin SDK and the
 * emulator UI use to manage download tokens; admin (`owner`) only, as in the official emulator.
 */
export async function manageDownloadTokens(ctx: StorageContext, api: ApiRequest): Promise<void> {
  const { url, bucket } = api;
  const name = api.objectName!;
  api.req.resume();
  const create = url.searchParams.get('create_token');
  const remove = url.searchParams.get('delete_token');
  if (create !== null && create !== 'true') throw badRequest('create_token must be "true".');
  if (api.principal.kind !== 'owner') {
    throw new StorageApiError(403, 'Missing admin credentials.');
  }
  const updated = await ctx.store.withObjectLock(bucket, name, async () => {
    const current = ctx.store.get(bucket, name);
    if (!current) throw notFound();
    const tokens =
      create !== null
        ? [...current.downloadTokens, randomUUID()]
        : current.downloadTokens.filter((token) => token !== remove);
    const next = withDownloadTokens(current, tokens, new Date());
    await ctx.store.updateMetadata(next);
    ctx.events.emit('metadataUpdate', next);
    return next;
  });
  sendJsonBody(api.res, 200, toWireMetadata(updated));
}

/** PATCH of an object's metadata (also `PUT` with `X-HTTP-Method-Override: PATCH`). */
export async function patchObject(ctx: StorageContext, api: ApiRequest): Promise<void> {
  const { bucket, principal } = api;
  const name = api.objectName!;
  const incoming = parseIncomingMetadata(
    parseJsonBody(await readRequestBody(api.req, METADATA_BODY_LIMIT)),
  );
  const updated = await ctx.store.withObjectLock(bucket, name, async () => {
    const current = ctx.store.get(bucket, name);
    const proposed = current ? patchMetadata(current, incoming, new Date()) : null;
    checkAccess(ctx.getRules(), {
      principal,
      bucket,
      path: name,
      method: 'update',
      resource: current,
      requestResource: proposed,
    });
    if (!current || !proposed) throw notFound();
    await ctx.store.updateMetadata(proposed);
    ctx.events.emit('metadataUpdate', proposed);
    return proposed;
  });
  sendJsonBody(api.res, 200, toWireMetadata(updated));
}

export async function deleteObject(ctx: StorageContext, api: ApiRequest): Promise<void> {
  const { bucket, principal } = api;
  const name = api.objectName!;
  await ctx.store.withObjectLock(bucket, name, async () => {
    const current = ctx.store.get(bucket, name);
    checkAccess(ctx.getRules(), {
      principal,
      bucket,
      path: name,
      method: 'delete',
      resource: current,
      requestResource: null,
    });
    if (!current) throw notFound();
    await ctx.store.delete(bucket, name);
    ctx.events.emit('delete', current);
  });
  sendEmpty(api.res, 204);
}

export function listObjects(ctx: StorageContext, api: ApiRequest): void {
  const { bucket, principal, url } = api;
  const prefix = url.searchParams.get('prefix') ?? '';
  const delimiter = url.searchParams.get('delimiter') ?? '';
  checkAccess(ctx.getRules(), {
    principal,
    bucket,
    // Rules see the folder path without trailing slashes.
    path: prefix.replace(/\/+$/, ''),
    method: 'list',
    resource: null,
    requestResource: null,
  });
  const page = listPage(ctx.store.names(bucket), {
    prefix,
    delimiter,
    pageToken: url.searchParams.get('pageToken') ?? undefined,
    maxResults: url.searchParams.get('maxResults') ?? undefined,
  });
  const body: Record<string, unknown> = {
    prefixes: page.prefixes,
    items: page.items.map((item) => ({ name: item, bucket })),
  };
  if (page.nextPageToken) body['nextPageToken'] = page.nextPageToken;
  sendJsonBody(api.res, 200, body);
}
