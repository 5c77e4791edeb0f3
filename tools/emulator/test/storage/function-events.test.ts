import { Storage, type Bucket } from '@google-cloud/storage';
import { deleteObject, ref, updateMetadata, uploadBytes } from 'firebase/storage';
import { startEmulator, type RunningEmulator } from '../../src/index';
import { startRecorder, type Recorded } from '../functions/recorder';
import { BUCKET, storageClient } from './helpers';

// Cloud Functions Storage triggers: what this Storage emulator sends firebase-tools' Functions
// emulator for every stored, deleted or re-described object, as firebase-tools' own Storage
// emulator sends it (lib/emulator/storage/cloudFunctions.js): two POSTs to `trigger_multicast`
// per event, a 1st-gen JSON event and a structured CloudEvent, both with the object resource. A
// recorder stands where the Functions emulator would. Also the Cloud Storage JSON API calls a
// function makes of one generation (Range, generation, ifGenerationMatch) through the Admin SDK's
// storage client. Storage is this emulator's on both Firestore backends, so this runs once.

const PROJECT = 'demo-storage-events';
const MULTICAST = `/functions/projects/${PROJECT}/trigger_multicast`;

let recorder: Awaited<ReturnType<typeof startRecorder>>;
let emulator: RunningEmulator;
let client: ReturnType<typeof storageClient>;
let bucket: Bucket;

beforeAll(async () => {
  recorder = await startRecorder();
  emulator = await startEmulator({
    projectId: PROJECT,
    firestorePort: 0,
    storagePort: 0,
    dataDir: null,
    watchRules: false,
    log: () => undefined,
    functionsEmulator: recorder.address,
    triggerRetry: { initialBackoffMs: 50, maxBackoffMs: 200 },
  });
  client = storageClient(emulator.storagePort, 'owner');
  // The Admin SDK's storage client, pointed at this emulator as FIREBASE_STORAGE_EMULATOR_HOST does.
  bucket = new Storage({
    projectId: PROJECT,
    apiEndpoint: `http://127.0.0.1:${emulator.storagePort}`,
    useAuthWithCustomEndpoint: false,
  }).bucket(BUCKET);
});

afterAll(async () => {
  await client?.close();
  await emulator?.stop();
  await recorder?.close();
});

interface LegacyEvent {
  eventId: string;
  timestamp: string;
  eventType: string;
  resource: { service: string; name: string; type: string };
  data: Record<string, unknown>;
}
interface CloudEvent {
  specversion: string;
  id: string;
  type: string;
  source: string;
  time: string;
  data: Record<string, unknown>;
}

/** The next `count` deliveries after `before` (waiting until the emulator has sent them all). */
async function next(before: number, count: number): Promise<Recorded[]> {
  await emulator.triggersIdle();
  const all = await recorder.waitFor(before + count);
  expect(recorder.received).toHaveLength(before + count);
  return all.slice(before);
}

/** One event's two deliveries, checked as a pair, with their bodies. */
function pair(deliveries: Recorded[]): { legacy: LegacyEvent; cloudEvent: CloudEvent } {
  const [first, second] = deliveries;
  expect(first!.method).toBe('POST');
  expect(first!.path).toBe(MULTICAST);
  expect(first!.headers['content-type']).toBe('application/json');
  expect(second!.path).toBe(MULTICAST);
  expect(second!.headers['content-type']).toBe('application/cloudevents+json; charset=UTF-8');
  const legacy = JSON.parse(first!.body) as LegacyEvent;
  const cloudEvent = JSON.parse(second!.body) as CloudEvent;
  expect(cloudEvent.data).toEqual(legacy.data);
  return { legacy, cloudEvent };
}

describe('Storage events to the Functions emulator', () => {
  test('an upload through the Firebase API is a finalize event, in both generations of functions', async () => {
    const before = recorder.received.length;
    const stored = await uploadBytes(
      ref(client.storage, 'u1/posts/a.png'),
      new Uint8Array([1, 2, 3]),
      {
        contentType: 'image/png',
      },
    );
    const { legacy, cloudEvent } = pair(await next(before, 2));
    const object = `projects/_/buckets/${BUCKET}/objects/u1/posts/a.png`;
    expect(legacy).toMatchObject({
      eventType: 'google.storage.object.finalize',
      resource: { service: 'storage.googleapis.com', name: object, type: 'storage#object' },
    });
    expect(cloudEvent).toMatchObject({
      specversion: '1.0',
      type: 'google.cloud.storage.object.v1.finalized',
      source: `//storage.googleapis.com/${object}`,
      time: stored.metadata.updated,
    });
    expect(legacy.eventId).not.toBe(cloudEvent.id);
    expect(legacy.data).toMatchObject({
      kind: 'storage#object',
      name: 'u1/posts/a.png',
      bucket: BUCKET,
      generation: stored.metadata.generation,
      metageneration: '1',
      contentType: 'image/png',
      size: '3',
      md5Hash: stored.metadata.md5Hash,
      timeCreated: stored.metadata.timeCreated,
      updated: stored.metadata.updated,
      id: `${BUCKET}/u1/posts/a.png/${stored.metadata.generation}`,
    });
    expect(legacy.data['metadata']).toEqual({
      firebaseStorageDownloadTokens: expect.any(String),
    });
  });

  test('a metadata change is a metadataUpdate event, a delete a delete event', async () => {
    const before = recorder.received.length;
    const file = ref(client.storage, 'u1/posts/b.jpg');
    await uploadBytes(file, new Uint8Array([9]), { contentType: 'image/jpeg' });
    await updateMetadata(file, { cacheControl: 'no-cache' });
    await deleteObject(file);
    const deliveries = await next(before, 6);
    const types = deliveries.map(
      (delivery) =>
        (JSON.parse(delivery.body) as { eventType?: string; type?: string }).eventType ??
        (JSON.parse(delivery.body) as CloudEvent).type,
    );
    expect(types).toEqual([
      'google.storage.object.finalize',
      'google.cloud.storage.object.v1.finalized',
      'google.storage.object.metadataUpdate',
      'google.cloud.storage.object.v1.metadataUpdated',
      'google.storage.object.delete',
      'google.cloud.storage.object.v1.deleted',
    ]);
    const update = pair(deliveries.slice(2, 4));
    expect(update.legacy.data).toMatchObject({ metageneration: '2', cacheControl: 'no-cache' });
    const removed = pair(deliveries.slice(4, 6));
    expect(removed.legacy.data['name']).toBe('u1/posts/b.jpg');
  });

  test("the Admin SDK's writes and deletes make the same events", async () => {
    const before = recorder.received.length;
    const file = bucket.file('u2/posts/admin.txt');
    await file.save('written by a function', { contentType: 'text/plain' });
    await file.delete();
    const deliveries = await next(before, 4);
    expect(pair(deliveries.slice(0, 2)).cloudEvent).toMatchObject({
      type: 'google.cloud.storage.object.v1.finalized',
      data: { name: 'u2/posts/admin.txt', contentType: 'text/plain', size: '21' },
    });
    expect(pair(deliveries.slice(2, 4)).cloudEvent.type).toBe(
      'google.cloud.storage.object.v1.deleted',
    );
  });

  test('an event the Functions emulator does not take is sent again, with the same id, until it is', async () => {
    let refused = 0;
    recorder.setAnswer(() => (refused++ < 3 ? 503 : 200));
    try {
      const before = recorder.received.length;
      await uploadBytes(ref(client.storage, 'u1/posts/retry.png'), new Uint8Array([7]), {
        contentType: 'image/png',
      });
      await emulator.triggersIdle();
      const sent = recorder.received.slice(before);
      const ids = sent.map(
        (delivery) => JSON.parse(delivery.body) as { id?: string; eventId?: string },
      );
      const legacyAttempts = ids.filter((body) => body.eventId !== undefined);
      const cloudEventAttempts = ids.filter((body) => body.id !== undefined);
      expect(new Set(legacyAttempts.map((body) => body.eventId)).size).toBe(1);
      expect(new Set(cloudEventAttempts.map((body) => body.id)).size).toBe(1);
      expect(sent.filter((delivery) => delivery.status === 503)).toHaveLength(3);
      expect(sent.filter((delivery) => delivery.status === 200)).toHaveLength(2);
    } finally {
      recorder.setAnswer(() => 200);
    }
  });
});

describe("the JSON API calls a Storage function makes of one generation (the Admin SDK's client)", () => {
  test('reads a byte range of that generation; an older generation is gone (404)', async () => {
    const file = bucket.file('u3/posts/range.bin');
    await file.save(Buffer.from('0123456789'), { contentType: 'application/octet-stream' });
    const [meta] = await file.getMetadata();
    const [part] = await bucket.file(file.name, { generation: meta.generation! }).download({
      start: 2,
      end: 5,
    });
    expect(part.toString()).toBe('2345');
    const response = await fetch(
      `http://127.0.0.1:${emulator.storagePort}/b/${BUCKET}/o/${encodeURIComponent(file.name)}?alt=media`,
      { headers: { Range: 'bytes=8-' } },
    );
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 8-9/10');
    expect(await response.text()).toBe('89');
    await expect(
      bucket.file(file.name, { generation: Number(meta.generation) - 1 }).download(),
    ).rejects.toMatchObject({ code: 404 });
  });

  test('lists a folder page by page (getFiles with prefix, maxResults and pageToken), any depth', async () => {
    for (const name of [
      'u4/posts/a.jpg',
      'u4/posts/deep/b.jpg',
      'u4/pfps/c.jpg',
      'u40/posts/d.jpg',
    ])
      await bucket.file(name).save(Buffer.from(name));
    const [first, next] = await bucket.getFiles({
      prefix: 'u4/',
      maxResults: 2,
      autoPaginate: false,
    });
    expect(first.map((file) => file.name)).toEqual(['u4/pfps/c.jpg', 'u4/posts/a.jpg']);
    expect(first[0]!.metadata.generation).toBeDefined();
    const [rest] = await bucket.getFiles({ ...next, autoPaginate: false });
    expect(rest.map((file) => file.name)).toEqual(['u4/posts/deep/b.jpg']);
  });

  test('deletes only while ifGenerationMatch holds (412 otherwise), and the object stays', async () => {
    const file = bucket.file('u3/posts/kept.bin');
    await file.save(Buffer.from('first'));
    const [first] = await file.getMetadata();
    await file.save(Buffer.from('second'));
    await expect(file.delete({ ifGenerationMatch: first.generation! })).rejects.toMatchObject({
      code: 412,
    });
    const [[second]] = [await file.download()];
    expect(second.toString()).toBe('second');
    const [current] = await file.getMetadata();
    await file.delete({ ifGenerationMatch: current.generation! });
    await expect(file.getMetadata()).rejects.toMatchObject({ code: 404 });
  });
});
