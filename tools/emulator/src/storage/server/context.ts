import type { IncomingMessage, ServerResponse } from 'node:http';
import { principalFromAuthorization, type Principal } from '../../common/auth';
import type { CompiledRules } from '../../rules';
import { badRequest } from './errors';
import type { ObjectStore } from '../store';
import type { StorageFunctionEvents } from './function-events';
import type { UploadSessions } from './uploads';

/** What every Storage route handler works with. */
export interface StorageContext {
  store: ObjectStore;
  sessions: UploadSessions;
  getRules(): CompiledRules | null;
  /** Largest object accepted by any upload protocol. */
  maxObjectBytes: number;
  /** Cloud Functions Storage triggers: every stored, deleted or re-described object. */
  events: StorageFunctionEvents;
}

/** One parsed API request. */
export interface ApiRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  bucket: string;
  /** Decoded object name from the path, when the path names an object. */
  objectName: string | null;
  principal: Principal;
}

export function principalOf(req: IncomingMessage): Principal {
  return principalFromAuthorization(req.headers.authorization);
}

/** GCS limits: 1–1024 bytes of UTF-8, no carriage return or line feed. */
export function validateObjectName(name: string | null | undefined): string {
  if (name === null || name === undefined || name === '') {
    throw badRequest('Object name is required (the "name" query parameter).');
  }
  if (Buffer.byteLength(name, 'utf8') > 1024) {
    throw badRequest('Object name must be at most 1024 bytes of UTF-8.');
  }
  if (/[\r\n]/.test(name)) throw badRequest('Object name must not contain CR or LF.');
  return name;
}

export function sendJsonBody(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendEmpty(
  res: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...headers, 'Content-Length': 0 });
  res.end();
}
