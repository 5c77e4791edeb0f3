/**
 * SDK operations as plain data, so a table of cases can describe them in Node and one function
 * runs any of them in the page with the real `firebase` SDK. Field values may hold the sentinels
 * below; they become the SDK's `serverTimestamp()`, `arrayUnion()`, ... in the page.
 */
import type { HarnessClient, PageFirebase } from '../harness';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Data = { [key: string]: Json };

export const serverTime = (): Json => ({ $sentinel: 'serverTime' });
export const union = (...values: Json[]): Json => ({ $sentinel: 'union', values });
export const remove = (...values: Json[]): Json => ({ $sentinel: 'remove', values });
export const deleteField = (): Json => ({ $sentinel: 'deleteField' });
/** A client-chosen time (what `createdAt == request.time` must refuse). */
export const clientTime = (millis: number): Json => ({ $sentinel: 'time', millis });

export type Write =
  { set: string; data: Data } | { update: string; data: Data } | { delete: string };

export type Op =
  /** One `writeBatch` (a single write is what `setDoc`/`updateDoc`/`deleteDoc` send too). */
  | { batch: Write[] }
  | { get: string }
  | {
      list: string;
      where?: Array<[string, '==' | 'array-contains' | '>=' | '<' | 'in', Json]>;
      orderBy?: [string, 'asc' | 'desc'];
      limit?: number;
      /** `collectionGroup(list)` instead of `collection(list)`. */
      group?: boolean;
    }
  /**
   * `size` zero bytes; `resumable` as the product uploads, else one multipart request (faster);
   * `extra`: other settable metadata (contentEncoding, contentDisposition, ...).
   */
  | {
      upload: string;
      size: number;
      contentType: string;
      resumable?: boolean;
      extra?: Record<string, string>;
    }
  | { metadata: string }
  | { updateMetadata: string; contentType: string; extra?: Record<string, string> }
  | { listFiles: string }
  | { deleteFile: string };

export type Outcome = { ok: true } | { ok: false; code: string; message: string };

/** Runs in the page: must not use anything outside its parameters. */
async function performInPage(fb: PageFirebase, op: Op): Promise<Outcome> {
  const f = fb.fs;
  const s = fb.st;
  const db = fb.db;
  const decode = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(decode);
    if (value === null || typeof value !== 'object') return value;
    const v = value as { $sentinel?: string; values?: unknown[]; millis?: number };
    switch (v.$sentinel) {
      case 'serverTime':
        return f.serverTimestamp();
      case 'union':
        return f.arrayUnion(...v.values!.map(decode));
      case 'remove':
        return f.arrayRemove(...v.values!.map(decode));
      case 'deleteField':
        return f.deleteField();
      case 'time':
        return f.Timestamp.fromMillis(v.millis!);
      default:
        return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, decode(x)]));
    }
  };
  const data = (d: Data) => decode(d) as Record<string, unknown>;
  try {
    if ('batch' in op) {
      const batch = f.writeBatch(db);
      for (const w of op.batch) {
        if ('set' in w) batch.set(f.doc(db, w.set), data(w.data));
        else if ('update' in w) batch.update(f.doc(db, w.update), data(w.data));
        else batch.delete(f.doc(db, w.delete));
      }
      await batch.commit();
    } else if ('get' in op) {
      await f.getDocFromServer(f.doc(db, op.get));
    } else if ('list' in op) {
      const constraints = [
        ...(op.where ?? []).map(([field, o, value]) => f.where(field, o, decode(value))),
        ...(op.orderBy ? [f.orderBy(op.orderBy[0], op.orderBy[1])] : []),
        ...(op.limit ? [f.limit(op.limit)] : []),
      ];
      const source = op.group ? f.collectionGroup(db, op.list) : f.collection(db, op.list);
      await f.getDocsFromServer(f.query(source, ...constraints));
    } else if ('upload' in op) {
      const ref = s.ref(fb.storage, op.upload);
      const bytes = new Uint8Array(op.size);
      const metadata = { ...op.extra, contentType: op.contentType };
      await (op.resumable
        ? s.uploadBytesResumable(ref, bytes, metadata)
        : s.uploadBytes(ref, bytes, metadata));
    } else if ('metadata' in op) {
      await s.getMetadata(s.ref(fb.storage, op.metadata));
    } else if ('updateMetadata' in op) {
      await s.updateMetadata(s.ref(fb.storage, op.updateMetadata), {
        ...op.extra,
        contentType: op.contentType,
      });
    } else if ('listFiles' in op) {
      await s.list(s.ref(fb.storage, op.listFiles), { maxResults: 10 });
    } else {
      await s.deleteObject(s.ref(fb.storage, op.deleteFile));
    }
    return { ok: true };
  } catch (e) {
    const error = e as { code?: string; message?: string };
    return {
      ok: false,
      code: String(error.code).replace(/^(storage|firestore)\//, ''),
      message: String(error.message),
    };
  }
}

export function perform(client: HarnessClient, op: Op): Promise<Outcome> {
  return client.run(performInPage, op);
}
