import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, parseJson, readBody } from '../../common/http';
import {
  parseCloudEventRegistration,
  parseLegacyRegistration,
  type TriggerRegistry,
} from '../triggers';

/**
 * The endpoints firebase-tools' Functions emulator registers Firestore triggers with, as Google's
 * emulator serves them: `POST /emulator/v1/projects/{p}/eventarcTrigger?eventarcTriggerId={key}`
 * (2nd gen) and `PUT /emulator/v1/projects/{p}/triggers/{key}` (1st gen). Registering a key again
 * replaces it. Neither emulator has an endpoint that removes one (firebase-tools calls none);
 * this one adds `DELETE /emulator/v1/projects/{p}/triggers`, which forgets all of the project's, so
 * a bulk load with the functions' triggers off queues no delivery at all (the Functions host calls
 * it when its triggers are turned off; turned on, they are registered again).
 */
const CLOUD_EVENT_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/eventarcTrigger$/;
const LEGACY_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/triggers\/([^/]+)$/;
const ALL_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/triggers$/;
const BODY_LIMIT = 64 * 1024;

/** Handles a registration request; false when `pathname` is none. */
export async function handleTriggerRegistration(
  registry: TriggerRegistry,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  pathname: string,
  url: URL,
): Promise<boolean> {
  const all = ALL_PATH.exec(pathname);
  if (all && method === 'DELETE') {
    registry.clear(all[1]!);
    reply(res, {});
    return true;
  }
  const cloudEvent = CLOUD_EVENT_PATH.exec(pathname);
  const legacy = cloudEvent ? null : LEGACY_PATH.exec(pathname);
  if (cloudEvent && method === 'POST') {
    const registration = parseCloudEventRegistration(await body(req));
    // Google's emulator takes a missing id as the empty key; so does this one.
    registry.register(
      cloudEvent[1]!,
      url.searchParams.get('eventarcTriggerId') ?? '',
      registration,
    );
    reply(res, registration.reply);
    return true;
  }
  if (legacy && method === 'PUT') {
    const registration = parseLegacyRegistration(await body(req));
    registry.register(legacy[1]!, legacy[2]!, registration);
    reply(res, registration.reply);
    return true;
  }
  if (cloudEvent || legacy) {
    throw new HttpError(404, 'NOT_FOUND', `Not found: ${method} ${pathname}`);
  }
  return false;
}

async function body(req: IncomingMessage): Promise<unknown> {
  return parseJson(await readBody(req, BODY_LIMIT));
}

/** Google's emulator answers with the registration, pretty-printed. */
function reply(res: ServerResponse, value: unknown): void {
  const text = `${JSON.stringify(value, null, 2).replace(/^\{\}$/, '{\n}')}\n`;
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
