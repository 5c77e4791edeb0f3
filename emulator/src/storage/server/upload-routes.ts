import type { Principal } from '../../common/auth';
import { checkAccess } from './authorize';
import { readRequestBody } from './body';
import {
  sendEmpty,
  sendJsonBody,
  validateObjectName,
  type ApiRequest,
  type StorageContext,
} from './context';
import { badRequest, StorageApiError } from './errors';
import {
  metadataForUpload,
  parseIncomingMetadata,
  toWireMetadata,
  type IncomingMetadata,
} from './metadata';
import type { ObjectMetadata } from '../store';
import { checkDeclaredUpload, declaredSize } from './declared-upload';
import { parseMultipartHead, parseMultipartUpload, type MultipartHead } from './multipart';
import { parseJsonBody } from './object-routes';
import type { UploadSession } from './uploads';

const START_BODY_LIMIT = 1024 * 1024;
/** Multipart framing around the bytes: boundaries, part headers and the metadata JSON. */
const MULTIPART_OVERHEAD = 1024 * 1024;
const CHUNK_GRANULARITY = String(256 * 1024);

/** Checks the rules and stores a complete upload; returns the stored metadata. */
function storeUpload(
  ctx: StorageContext,
  args: {
    principal: Principal;
    bucket: string;
    name: string;
    bytes: Buffer;
    incoming: IncomingMetadata;
    contentTypeHeader?: string;
  },
): Promise<ObjectMetadata> {
  const { bucket, name } = args;
  return ctx.store.withObjectLock(bucket, name, async () => {
    const existing = ctx.store.get(bucket, name);
    const meta = metadataForUpload({ ...args, now: new Date() });
    // The official emulator evaluates every upload as `create`, also over an existing object.
    checkAccess(ctx.getRules(), {
      principal: args.principal,
      bucket,
      path: name,
      method: 'create',
      resource: existing,
      requestResource: meta,
    });
    await ctx.store.put(meta, args.bytes);
    return meta;
  });
}

function parseMetadataJson(text: string): IncomingMetadata {
  return parseIncomingMetadata(parseJsonBody(Buffer.from(text, 'utf8')));
}

/** `POST /v0/b/{bucket}/o[/{name}]`: multipart, media and resumable uploads. */
export async function upload(ctx: StorageContext, api: ApiRequest): Promise<void> {
  const { req, url } = api;
  const command = req.headers['x-goog-upload-command'];
  const protocol = req.headers['x-goog-upload-protocol'];
  if (
    typeof command === 'string' ||
    url.searchParams.has('upload_id') ||
    protocol === 'resumable'
  ) {
    return resumable(ctx, api, typeof command === 'string' ? command : undefined);
  }
  const name = validateObjectName(api.objectName ?? url.searchParams.get('name'));
  if (protocol === 'multipart') {
    const body = await readRequestBody(
      req,
      ctx.maxObjectBytes + MULTIPART_OVERHEAD,
      (received, complete) => checkMultipartHead(ctx, api, name, received, complete),
    );
    const parts = parseMultipartUpload(req.headers['content-type'], body);
    if (parts.data.length > ctx.maxObjectBytes) throw objectTooLarge(ctx);
    const incoming = parseMetadataJson(parts.metadataJson);
    const meta = await storeUpload(ctx, {
      principal: api.principal,
      bucket: api.bucket,
      name,
      bytes: parts.data,
      incoming,
      contentTypeHeader: parts.dataContentType,
    });
    return sendJsonBody(api.res, 200, toWireMetadata(meta));
  }
  // Media upload: the body is the object, its Content-Type the object's.
  checkDeclaredUpload(ctx, {
    principal: api.principal,
    bucket: api.bucket,
    name,
    incoming: {},
    ...contentTypeOf(req.headers['content-type']),
    size: declaredSize(req.headers['content-length'], ctx.maxObjectBytes),
  });
  const bytes = await readRequestBody(req, ctx.maxObjectBytes);
  const meta = await storeUpload(ctx, {
    principal: api.principal,
    bucket: api.bucket,
    name,
    bytes,
    incoming: {},
    contentTypeHeader: req.headers['content-type'],
  });
  sendJsonBody(api.res, 200, toWireMetadata(meta));
}

const contentTypeOf = (header: string | undefined): { contentTypeHeader?: string } =>
  header === undefined ? {} : { contentTypeHeader: header };

/**
 * The rules' say on a multipart upload once its metadata part and data part headers are in,
 * before its bytes are read (`readRequestBody`'s inspector).
 */
function checkMultipartHead(
  ctx: StorageContext,
  api: ApiRequest,
  name: string,
  received: Buffer,
  complete: boolean,
): boolean {
  let head: MultipartHead | null;
  try {
    head = parseMultipartHead(api.req.headers['content-type'], received);
  } catch (error) {
    if (error instanceof StorageApiError) return true; // the full parse gives the official answer
    throw error;
  }
  if (head === null) {
    if (complete) return true;
    if (received.length > MULTIPART_OVERHEAD)
      throw badRequest('Multipart metadata part too large.');
    return false;
  }
  const total = declaredSize(api.req.headers['content-length'], Infinity);
  const size =
    total.max === Infinity
      ? { min: 0, max: ctx.maxObjectBytes }
      : {
          min: Math.max(0, total.min - head.dataOffset - head.closingBytes - 2),
          max: Math.max(0, total.max - head.dataOffset - head.closingBytes),
        };
  checkDeclaredUpload(ctx, {
    principal: api.principal,
    bucket: api.bucket,
    name,
    incoming: parseMetadataJson(head.metadataJson),
    ...contentTypeOf(head.dataContentType),
    size,
  });
  return true;
}

const objectTooLarge = (ctx: StorageContext): StorageApiError =>
  new StorageApiError(413, `Object exceeds the maximum size of ${ctx.maxObjectBytes} bytes.`);

const COMMANDS = new Set(['start', 'upload', 'finalize', 'query', 'cancel']);

function parseCommands(header: string | undefined): Set<string> {
  if (!header) throw badRequest('Missing X-Goog-Upload-Command header.');
  const commands = new Set(header.split(',').map((part) => part.trim().toLowerCase()));
  for (const command of commands) {
    if (!COMMANDS.has(command)) throw badRequest(`Unknown upload command: ${command}.`);
  }
  const exclusive = ['start', 'query', 'cancel'].filter((c) => commands.has(c));
  if (exclusive.length > 0 && commands.size > 1) {
    throw badRequest(`Invalid upload command: ${header}.`);
  }
  return commands;
}

function parseOffset(header: string | string[] | undefined, fallback: number): number {
  if (header === undefined) return fallback;
  const text = Array.isArray(header) ? header[0]! : header;
  if (!/^\d+$/.test(text.trim())) throw badRequest(`Invalid X-Goog-Upload-Offset: ${text}.`);
  return Number(text.trim());
}

async function resumable(
  ctx: StorageContext,
  api: ApiRequest,
  commandHeader: string | undefined,
): Promise<void> {
  const { req, res, url } = api;
  const commands = parseCommands(commandHeader);
  if (commands.has('start')) return startSession(ctx, api);

  const uploadId = url.searchParams.get('upload_id');
  if (!uploadId) throw badRequest('Missing upload_id query parameter.');
  const session = ctx.sessions.get(uploadId);

  if (commands.has('query')) {
    req.resume();
    return sendEmpty(res, 200, {
      'X-Goog-Upload-Status': session.status,
      'X-Goog-Upload-Size-Received': String(session.received),
    });
  }
  if (commands.has('cancel')) {
    req.resume();
    ctx.sessions.cancel(session);
    return sendEmpty(res, 200, { 'X-Goog-Upload-Status': 'cancelled' });
  }
  if (commands.has('upload')) {
    const offset = parseOffset(req.headers['x-goog-upload-offset'], session.received);
    // A gap (offset beyond what was received) is refused by append with the official answer.
    const room =
      (session.declaredLength ?? ctx.maxObjectBytes) - Math.min(offset, session.received);
    const chunk = await readRequestBody(req, Math.max(0, room));
    ctx.sessions.append(session, offset, chunk);
    if (!commands.has('finalize')) {
      return sendEmpty(res, 200, {
        'X-Goog-Upload-Status': 'active',
        'X-Goog-Upload-Size-Received': String(session.received),
        'X-GUploader-UploadID': session.id,
      });
    }
  } else {
    req.resume();
  }
  return finalizeSession(ctx, api, session);
}

function startSession(ctx: StorageContext, api: ApiRequest): Promise<void> {
  const { req, url } = api;
  const name = validateObjectName(api.objectName ?? url.searchParams.get('name'));
  return readRequestBody(req, START_BODY_LIMIT).then((body) => {
    const metadata = parseIncomingMetadata(parseJsonBody(body));
    const declared = req.headers['x-goog-upload-header-content-length'];
    if (declared !== undefined && Number(declared) > ctx.maxObjectBytes) throw objectTooLarge(ctx);
    const contentType = req.headers['x-goog-upload-header-content-type'];
    const size = declaredSize(declared, ctx.maxObjectBytes);
    // Refused at the start, from what the upload declares, before any chunk is sent.
    checkDeclaredUpload(ctx, {
      principal: api.principal,
      bucket: api.bucket,
      name,
      incoming: metadata,
      ...contentTypeOf(typeof contentType === 'string' ? contentType : undefined),
      size,
    });
    const session = ctx.sessions.start({
      ...(size.min === size.max ? { declaredLength: size.min } : {}),
      bucket: api.bucket,
      name,
      metadata,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      principal: api.principal,
    });
    const uploadUrl = new URL(`http://${req.headers.host ?? '127.0.0.1'}`);
    uploadUrl.pathname = `/v0/b/${encodeURIComponent(api.bucket)}/o`;
    uploadUrl.searchParams.set('name', name);
    uploadUrl.searchParams.set('upload_id', session.id);
    uploadUrl.searchParams.set('upload_protocol', 'resumable');
    sendEmpty(api.res, 200, {
      'X-Goog-Upload-Status': 'active',
      'X-Goog-Upload-URL': uploadUrl.toString(),
      'X-Goog-Upload-Chunk-Granularity': CHUNK_GRANULARITY,
      'X-Goog-Upload-Control-URL': '',
      'X-GUploader-UploadID': session.id,
    });
  });
}

async function finalizeSession(
  ctx: StorageContext,
  api: ApiRequest,
  session: UploadSession,
): Promise<void> {
  const final = { 'X-Goog-Upload-Status': 'final' };
  if (session.status === 'final') {
    // A retried finalize (its answer was lost): answer as the first time.
    const previous = session.finalResponse ?? { status: 200, body: '{}' };
    api.res.writeHead(previous.status, {
      ...final,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(previous.body),
    });
    api.res.end(previous.body);
    return;
  }
  if (session.status === 'cancelled') {
    throw new StorageApiError(400, 'Upload is cancelled.', 'json', {
      'X-Goog-Upload-Status': 'cancelled',
    });
  }
  const bytes = ctx.sessions.finish(session);
  try {
    const meta = await storeUpload(ctx, {
      principal: session.principal,
      bucket: session.bucket,
      name: session.name,
      bytes,
      incoming: session.metadata,
      contentTypeHeader: session.contentType,
    });
    const body = JSON.stringify(toWireMetadata(meta));
    session.finalResponse = { status: 200, body };
    sendJsonBody(api.res, 200, toWireMetadata(meta), final);
  } catch (error) {
    if (error instanceof StorageApiError) {
      session.finalResponse = { status: error.httpStatus, body: error.body() };
      throw new StorageApiError(error.httpStatus, error.message, error.format, {
        ...error.headers,
        ...final,
      });
    }
    throw error;
  }
}
