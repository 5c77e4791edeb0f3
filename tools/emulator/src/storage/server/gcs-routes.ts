import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { crc32c } from '../../common/crc32c';
import { readRequestBody } from './body';
import { sendEmpty, sendJsonBody, validateObjectName, type StorageContext } from './context';
import { StorageApiError } from './errors';
import { metadataForUpload, parseIncomingMetadata, toObjectResource } from './metadata';
import { parseMultipartUpload } from './multipart';
import { listPage } from './list';
import { parseJsonBody } from './object-routes';
import { parseRange } from './range';
import type { ObjectMetadata } from '../store';

/**
 * The part of Cloud Storage's JSON API the Admin SDK (@google-cloud/storage) uses, so functions
 * reach this emulator through FIREBASE_STORAGE_EMULATOR_HOST as they reach firebase-tools' one:
 * uploads (`uploadType` media, multipart and resumable in one PUT), an object's metadata, its
 * bytes (`alt=media`, with a `Range`) and delete, each of one `generation` and under
 * `ifGenerationMatch` when asked. Like firebase-tools' Storage emulator, these requests are the
 * server's own (the Admin SDK bypasses rules in production too), so they are admin endpoints:
 * not for web pages. Listing (`bucket.getFiles`, paged by `prefix`, `maxResults`, `pageToken`)
 * answers with each object's current generation, as the Firebase API's listing does.
 */
// With an emulator host, @google-cloud/storage leaves `/storage/v1` out of object paths.
const OBJECT_PATH = /^(?:\/download)?(?:\/storage\/v1)?\/b\/([^/]+)\/o\/(.+)$/;
const UPLOAD_PATH = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/;
const RESUMABLE_PATH = /^\/upload\/storage\/v1\/resumable\/([0-9a-f-]+)$/;
const LIST_PATH = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o$/;

/** Resumable uploads started and not yet sent (each is sent in one PUT by the Admin SDK). */
const resumables = new Map<string, { bucket: string; metadata: unknown; at: number }>();
const RESUMABLE_TTL_MS = 10 * 60_000;

export function isGcsPath(pathname: string): boolean {
  return (
    /^\/(?:(?:upload|download)\/)?(?:storage\/v1\/)?b\//.test(pathname) ||
    pathname.startsWith('/upload/storage/v1/')
  );
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new StorageApiError(400, 'Malformed percent-encoding in the request path.');
  }
}

async function store(
  ctx: StorageContext,
  bucket: string,
  metadataJson: unknown,
  bytes: Buffer,
  nameParam: string | null,
  contentType: string | undefined,
): Promise<ObjectMetadata> {
  const incoming = parseIncomingMetadata(metadataJson);
  const name = validateObjectName(incoming.name ?? nameParam);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32c(bytes));
  const meta = metadataForUpload({
    bucket,
    name,
    content: {
      size: bytes.length,
      md5Hash: createHash('md5').update(bytes).digest('base64'),
      crc32c: crc.toString('base64'),
    },
    incoming,
    ...(contentType ? { contentTypeHeader: contentType } : {}),
    now: new Date(),
  });
  await ctx.store.withObjectLock(bucket, name, async () => {
    await ctx.store.put(meta, bytes);
    ctx.events.emit('finalize', meta);
  });
  return meta;
}

/**
 * The object a request names, as its preconditions allow: `generation` reads or deletes only that
 * generation (this emulator keeps the live one; an older one is 404, as once GCS has dropped it),
 * `ifGenerationMatch` / `ifGenerationNotMatch` fail with 412 as in GCS.
 */
function currentGeneration(
  ctx: StorageContext,
  bucket: string,
  name: string,
  url: URL,
): ObjectMetadata {
  const meta = ctx.store.get(bucket, name);
  const generation = url.searchParams.get('generation');
  if (!meta || (generation !== null && generation !== meta.generation)) {
    throw new StorageApiError(
      404,
      `No such object: ${bucket}/${name}${generation !== null ? `#${generation}` : ''}`,
    );
  }
  const match = url.searchParams.get('ifGenerationMatch');
  const notMatch = url.searchParams.get('ifGenerationNotMatch');
  if ((match !== null && match !== meta.generation) || notMatch === meta.generation) {
    throw new StorageApiError(
      412,
      'At least one of the pre-conditions you specified did not hold.',
    );
  }
  return meta;
}

/** `alt=media`: the bytes, or the one byte range a `Range` header asks (206), as GCS serves them. */
async function sendMedia(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  meta: ObjectMetadata,
): Promise<void> {
  const range = parseRange(req.headers.range, meta.size);
  if (range.kind === 'unsatisfiable') {
    throw new StorageApiError(416, 'Requested range not satisfiable.', 'json', {
      'Content-Range': `bytes */${meta.size}`,
    });
  }
  const start = range.kind === 'partial' ? range.start : 0;
  const end = range.kind === 'partial' ? range.end : meta.size - 1;
  const stream = await ctx.store.openRead(meta.bucket, meta.name, start, end);
  if (!stream) throw new StorageApiError(404, `No such object: ${meta.bucket}/${meta.name}`);
  res.writeHead(range.kind === 'partial' ? 206 : 200, {
    'Content-Type': meta.contentType,
    'Content-Length': end - start + 1,
    'x-goog-hash': `crc32c=${meta.crc32c},md5=${meta.md5Hash}`,
    'x-goog-generation': meta.generation,
    'Accept-Ranges': 'bytes',
    ...(range.kind === 'partial' ? { 'Content-Range': `bytes ${start}-${end}/${meta.size}` } : {}),
  });
  try {
    await pipeline(stream, res);
  } catch (error) {
    // A reader that goes away mid-download is not a server error.
    if (!res.destroyed) throw error;
  }
}

/** Handles a JSON API request; the caller checked `isGcsPath`. */
export async function routeGcs(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const upload = UPLOAD_PATH.exec(url.pathname);
  if (upload && method === 'POST') {
    const bucket = decoded(upload[1]!);
    const kind = url.searchParams.get('uploadType');
    const body = await readRequestBody(req, ctx.maxObjectBytes + 1024 * 1024);
    if (kind === 'media') {
      const meta = await store(
        ctx,
        bucket,
        {},
        body,
        url.searchParams.get('name'),
        req.headers['content-type'],
      );
      return sendJsonBody(res, 200, toObjectResource(meta));
    }
    if (kind === 'multipart') {
      const parts = parseMultipartUpload(req.headers['content-type'], body);
      const meta = await store(
        ctx,
        bucket,
        parseJsonBody(Buffer.from(parts.metadataJson)),
        parts.data,
        url.searchParams.get('name'),
        parts.dataContentType,
      );
      return sendJsonBody(res, 200, toObjectResource(meta));
    }
    if (kind === 'resumable') {
      const now = Date.now();
      for (const [id, started] of resumables) {
        if (now - started.at > RESUMABLE_TTL_MS) resumables.delete(id);
      }
      const id = randomUUID();
      const metadata = body.length > 0 ? parseJsonBody(body) : {};
      const name = url.searchParams.get('name');
      // The bytes' type may come as a header of the start request instead of in the metadata.
      const declaredType = req.headers['x-upload-content-type'];
      resumables.set(id, {
        bucket,
        metadata: {
          ...(name ? { name } : {}),
          ...(typeof declaredType === 'string' ? { contentType: declaredType } : {}),
          ...(metadata as object),
        },
        at: now,
      });
      const host = req.headers.host ?? 'localhost';
      return sendEmpty(res, 200, { Location: `http://${host}/upload/storage/v1/resumable/${id}` });
    }
    throw new StorageApiError(400, `Unsupported uploadType: ${kind ?? '(none)'}.`);
  }
  const resumable = RESUMABLE_PATH.exec(url.pathname);
  if (resumable && method === 'PUT') {
    const started = resumables.get(resumable[1]!);
    if (!started) throw new StorageApiError(404, 'No such upload.');
    const body = await readRequestBody(req, ctx.maxObjectBytes);
    resumables.delete(resumable[1]!);
    const metaJson = started.metadata as { contentType?: string };
    const meta = await store(ctx, started.bucket, metaJson, body, null, metaJson.contentType);
    return sendJsonBody(res, 200, toObjectResource(meta));
  }
  const list = LIST_PATH.exec(url.pathname);
  if (list && method === 'GET') {
    const bucket = decoded(list[1]!);
    const page = listPage(ctx.store.names(bucket), {
      prefix: url.searchParams.get('prefix') ?? '',
      delimiter: url.searchParams.get('delimiter') ?? '',
      pageToken: url.searchParams.get('pageToken') ?? undefined,
      maxResults: url.searchParams.get('maxResults') ?? undefined,
    });
    const items = page.items.flatMap((name) => {
      const meta = ctx.store.get(bucket, name);
      return meta ? [toObjectResource(meta)] : [];
    });
    return sendJsonBody(res, 200, {
      kind: 'storage#objects',
      items,
      prefixes: page.prefixes,
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
    });
  }
  const object = OBJECT_PATH.exec(url.pathname);
  if (object) {
    const bucket = decoded(object[1]!);
    const name = decoded(object[2]!);
    if (method === 'DELETE') {
      await ctx.store.withObjectLock(bucket, name, async () => {
        const meta = currentGeneration(ctx, bucket, name, url);
        await ctx.store.delete(bucket, name);
        ctx.events.emit('delete', meta);
      });
      return sendEmpty(res, 204);
    }
    const meta = currentGeneration(ctx, bucket, name, url);
    if (method === 'GET' && url.searchParams.get('alt') === 'media') {
      return sendMedia(ctx, req, res, meta);
    }
    if (method === 'GET') return sendJsonBody(res, 200, toObjectResource(meta));
  }
  throw new StorageApiError(404, `No route for ${method} ${url.pathname}.`);
}
