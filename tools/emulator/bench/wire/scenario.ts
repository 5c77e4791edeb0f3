import { idToken } from '../../harness/id-token';
import type { TargetView } from './targetView';

/** What the wire benchmark's clients send: the same requests the SDK sends for its calls. */

export const PROJECT = 'bench-wire';
export const DATABASE = `projects/${PROJECT}/databases/(default)`;
export const DOCUMENTS = `${DATABASE}/documents`;
export const COLLECTION = 'bench';
export const FIRST_QUERY_TARGET_ID = 2; // a fresh SDK instance numbers query targets 2, 4, 6, ...
const SDK_VERSION = '12.19.0';

/** The init headers the SDK puts in the handshake body, signed in as `uid`. */
export function initHeaders(uid: string): Record<string, string> {
  return {
    'X-Goog-Api-Client': `gl-js/ fire/${SDK_VERSION}`,
    'Content-Type': 'text/plain',
    Authorization: `Bearer ${idToken(uid, PROJECT)}`,
  };
}

/** Listener `i` shows the newest `3 + i` documents, as the Chromium benchmark's queries do. */
export function listenerLimit(i: number): number {
  return 3 + i;
}

/** `onSnapshot(query(collection(db, collectionId), orderBy('n', 'desc'), limit(limit)))`. */
export function newestQuery(limit: number, collectionId = COLLECTION): unknown {
  return {
    structuredQuery: {
      from: [{ collectionId }],
      orderBy: [
        { field: { fieldPath: 'n' }, direction: 'DESCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
      ],
      limit,
    },
    parent: DOCUMENTS,
  };
}

/** `setDoc(doc(db, collectionId, 'd<n>'), { n, by: uid })`. */
export function setWrite(n: number, uid: string, collectionId = COLLECTION): unknown {
  return {
    update: {
      name: docName(n, collectionId),
      fields: { n: { integerValue: String(n) }, by: { stringValue: uid } },
    },
  };
}

export function docName(n: number, collectionId = COLLECTION): string {
  return `${DOCUMENTS}/${collectionId}/d${n}`;
}

/** The highest `n` in a target's last snapshot (-1 when empty). */
export function newestN(view: TargetView): number {
  let newest = -1;
  for (const doc of view.snapshot.values()) {
    const n = Number((doc.fields?.['n'] as { integerValue?: string } | undefined)?.integerValue);
    if (n > newest) newest = n;
  }
  return newest;
}
