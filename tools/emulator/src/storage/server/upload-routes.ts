import type { Principal } from '../../common/auth';
import { checkAccess } from './authorize';
import { readRequestBody, streamRequestBody } from './body';
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
import { StagedUpload, type ObjectMetadata } from '../store';
import { checkDeclaredUpload, declaredSize } from './declared-upload';
import type { MultipartHead } from './multipart';
import { MultipartReceiver } from './multipart-receiver';
import { parseJsonBody } from './object-routes';
import type { UploadSession } from './uploads';

const START_BODY_LIMIT = 1024 * 1024;
/** Multipart framing around the bytes: boundaries, part headers and the metadata JSON. */
const MULTIPART_OVERHEAD = 1024 * 1024;
const CHUNK_GRANULARITY = String(256 * 1024);

/**
 * Checks the rules and stores a complete upload received into `staged`; returns the stored
 * metadata. The staged file is gone afterwards: moved into place, or removed if refused.
 */
async function storeUpload(
  ctx: StorageContext,
  args: {
    principal: Principal;
    bucket: string;
    name: string;
    staged: StagedUpload;
    incoming: IncomingMetadata;
    contentTypeHeader?: string;
  },
): Promise<ObjectMetadata> {
  const { bucket, name, staged } = args;
  try {
    return await ctx.store.withObjectLock(bucket, name, () => storeLocked(ctx, args));
  } finally {
    await staged.discard();
  }
}

async function storeLocked(
  ctx: StorageContext,
  args: Parameters<typeof storeUpload>[1],
): Promise<ObjectMetadata> {
  const { bucket, name } = args;
  const existing = ctx.store.get(bucket, name);
  const meta = metadataForUpload({ ...args, content: args.staged.digest(), now: new Date() });
  // The official emulator evaluates every upload as `create`, also over an existing object.
  checkAccess(ctx.getRules(), {
    principal: args.principal,
    bucket,
    path: name,
    method: 'create',
    resource: existing,
    requestResource: meta,
  });
  await ctx.store.putStaged(meta, args.staged);
  ctx.events.emit('finalize', meta);
  return meta;
}

/**
 * Receives a request body into a new staged file with `receive`; the file is removed (and the
 * rest of the body discarded) if the body does not arrive whole or is refused on the way.
 */
async function stageBody<T>(
  ctx: StorageContext,
  api: ApiRequest,
  receive: (staged: StagedUpload) => Promise<T>,
): Promise<{ staged: StagedUpload; received: T }> {
  const staged = await StagedUpload.create(ctx.store.staging.newFile());
  try {
    return { staged, received: await receive(staged) };
  } catch (error) {
    api.req.resume();
    await staged.discard();
    throw error;
  }
}

/** The sink for an object's bytes: refuses (413) what would go beyond the object limit. */
const writeWithin =
  (ctx: StorageContext, staged: StagedUpload) =>
  (chunk: Buffer): Promise<void> => {
    if (staged.size + chunk.length > ctx.maxObjectBytes) throw objectTooLarge(ctx);
    return staged.write(chunk);
  };

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
    const { staged, received } = await stageBody(ctx, api, async (staged) => {
      const receiver = new MultipartReceiver(
        req.headers['content-type'],
        MULTIPART_OVERHEAD,
        (declared) => checkMultipartHead(ctx, api, name, declared),
        writeWithin(ctx, staged),
      );
      await streamRequestBody(req, ctx.maxObjectBytes + MULTIPART_OVERHEAD, (chunk) =>
        receiver.push(chunk),
      );
      const head = receiver.end();
      return { head, incoming: parseMetadataJson(head.metadataJson) };
    });
    const meta = await storeUpload(ctx, {
      principal: api.principal,
      bucket: api.bucket,
      name,
      staged,
      incoming: received.incoming,
      ...contentTypeOf(received.head.dataContentType),
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
  const { staged } = await stageBody(ctx, api, (staged) =>
    streamRequestBody(req, ctx.maxObjectBytes, writeWithin(ctx, staged)),
  );
  const meta = await storeUpload(ctx, {
    principal: api.principal,
    bucket: api.bucket,
    name,
    staged,
    incoming: {},
    contentTypeHeader: req.headers['content-type'],
  });
  sendJsonBody(api.res, 200, toWireMetadata(meta));
}

const contentTypeOf = (header: string | undefined): { contentTypeHeader?: string } =>
  header === undefined ? {} : { contentTypeHeader: header };

/**
 * The rules' say on a multipart upload once its metadata part and data part headers are in,
 * before its bytes are read (`MultipartReceiver`'s `onHead`).
 */
function checkMultipartHead(
  ctx: StorageContext,
  api: ApiRequest,
  name: string,
  head: MultipartHead,
): void {
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
    await ctx.sessions.append(session, offset, req, Math.max(0, room));
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
  const staged = await ctx.sessions.finish(session);
  try {
    const meta = await storeUpload(ctx, {
      principal: session.principal,
      bucket: session.bucket,
      name: session.name,
      staged,
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
