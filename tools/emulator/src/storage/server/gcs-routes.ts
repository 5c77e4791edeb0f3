import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32c } from '../../common/crc32c';
import { readRequestBody } from './body';
import { sendEmpty, sendJsonBody, validateObjectName, type StorageContext } from './context';
import { StorageApiError } from './errors';
import { metadataForUpload, parseIncomingMetadata, toWireMetadata } from './metadata';
import { parseMultipartUpload } from './multipart';
import { parseJsonBody } from './object-routes';
import type { ObjectMetadata } from '../store';

/**
 * The part of Cloud Storage's JSON API the Admin SDK (@google-cloud/storage) uses, so functions
 * reach this emulator through FIREBASE_STORAGE_EMULATOR_HOST as they reach firebase-tools' one:
 * uploads (`uploadType` media, multipart and resumable in one PUT), an object's metadata, its
 * bytes (`alt=media`) and delete. Like firebase-tools' Storage emulator, these requests are the
 * server's own (the Admin SDK bypasses rules in production too), so they are admin endpoints:
 * not for web pages. Listing is not served.
 */
// With an emulator host, @google-cloud/storage leaves `/storage/v1` out of object paths.
const OBJECT_PATH = /^(?:\/download)?(?:\/storage\/v1)?\/b\/([^/]+)\/o\/(.+)$/;
const UPLOAD_PATH = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/;
const RESUMABLE_PATH = /^\/upload\/storage\/v1\/resumable\/([0-9a-f-]+)$/;

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

/** The JSON API's object resource. */
function resource(meta: ObjectMetadata): Record<string, unknown> {
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
  await ctx.store.withObjectLock(bucket, name, () => ctx.store.put(meta, bytes));
  return meta;
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
      return sendJsonBody(res, 200, resource(meta));
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
      return sendJsonBody(res, 200, resource(meta));
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
    return sendJsonBody(res, 200, resource(meta));
  }
  const object = OBJECT_PATH.exec(url.pathname);
  if (object) {
    const bucket = decoded(object[1]!);
    const name = decoded(object[2]!);
    const meta = ctx.store.get(bucket, name);
    if (!meta) throw new StorageApiError(404, `No such object: ${bucket}/${name}`);
    if (method === 'DELETE') {
      await ctx.store.withObjectLock(bucket, name, () => ctx.store.delete(bucket, name));
      return sendEmpty(res, 204);
    }
    if (method === 'GET' && url.searchParams.get('alt') === 'media') {
      const bytes = await ctx.store.readAll(meta);
      res.writeHead(200, {
        'Content-Type': meta.contentType,
        'Content-Length': bytes.length,
        'x-goog-hash': `crc32c=${meta.crc32c},md5=${meta.md5Hash}`,
        'x-goog-generation': meta.generation,
      });
      return void res.end(bytes);
    }
    if (method === 'GET') return sendJsonBody(res, 200, resource(meta));
  }
  throw new StorageApiError(404, `No route for ${method} ${url.pathname}.`);
}
