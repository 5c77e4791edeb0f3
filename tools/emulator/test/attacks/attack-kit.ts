/**
 * What every rules attack needs: the product's rules on a stack (our emulator, or Google's
 * Firestore emulator plus our Storage when FIRESTORE_EMULATOR_HOST / FIREBASE_STORAGE_EMULATOR_HOST
 * name them, see harness/stack.ts), and raw REST calls as a hostile client sends them, with an
 * unsigned ID token forged for any uid (the emulators accept them as production accepts signed
 * ones), plus the emulators' admin token to set the scene.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newAccountDocuments } from 'shared-firebase/testing/members';
import { idToken, startStack, type Stack } from '../harness';

const repoRoot = join(__dirname, '..', '..', '..', '..');
const rules = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };
type Value = Record<string, unknown>;

/** A map key no document field uses: marks a timestamp among plain values. */
const TIMESTAMP = '$timestamp';

/** A timestamp field value, as REST reads return it (`timestampValue`, RFC 3339). */
export const timestamp = (rfc3339: string): Plain => ({ [TIMESTAMP]: rfc3339 });

function toValue(value: Plain): Value {
  if (value === null) return { nullValue: null };
  if (typeof value === 'object' && !Array.isArray(value) && typeof value[TIMESTAMP] === 'string') {
    return { timestampValue: value[TIMESTAMP] };
  }
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toValue) } };
  return { mapValue: { fields: toFields(value) } };
}

export function toFields(data: { [key: string]: Plain }): Record<string, Value> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, toValue(v)]));
}

export type Data = { [key: string]: Plain };

/** One write of a commit: a whole document (with server-time fields), or a delete. */
export type Write =
  | { set: string; data: Data; serverTime?: string[] }
  | { remove: string; field: string; values: Plain[] }
  | { union: string; field: string; values: Plain[] }
  /** `updateDoc` with dotted paths: only the `mask` fields change. */
  | { patch: string; data: Data; mask: string[] }
  | { delete: string };

export interface Reply {
  status: number;
  body: string;
}

export interface AttackStack {
  stack: Stack;
  /** A commit over REST as `uid` (forged token), or as the admin (rules bypassed). */
  commit(as: string | 'admin', writes: Write[]): Promise<Reply>;
  /** The document's fields as plain JSON (admin read), or null when missing. */
  read(path: string): Promise<Record<string, unknown> | null>;
  /** A GET over REST as `uid` (forged token): a document, or a collection's list. */
  readAs(as: string, path: string): Promise<Reply>;
  documentName(path: string): string;
  /** A download URL of `<uid>/<folder>/<name>` on this stack's Storage emulator. */
  fileUrl(uid: string, folder?: string, name?: string): string;
}

export function withAttackStack(projectId: string): () => AttackStack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack({
      projectId,
      firestoreRules: rules('firestore.rules'),
      storageRules: rules('storage.rules'),
    });
    await stack.clearFirestore();
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const database = `projects/${projectId}/databases/(default)`;
  const documentName = (path: string) => `${database}/documents/${path}`;
  const authorization = (as: string) =>
    `Bearer ${as === 'admin' ? 'owner' : idToken(as, projectId)}`;
  const transform = (
    name: string,
    kind: 'appendMissingElements' | 'removeAllFromArray',
    field: string,
    values: Plain[],
  ) => ({
    transform: {
      document: name,
      fieldTransforms: [{ fieldPath: field, [kind]: { values: values.map(toValue) } }],
    },
    currentDocument: { exists: true },
  });
  const encode = (write: Write) => {
    if ('set' in write) {
      return {
        update: { name: documentName(write.set), fields: toFields(write.data) },
        ...(write.serverTime
          ? {
              updateTransforms: write.serverTime.map((fieldPath) => ({
                fieldPath,
                setToServerValue: 'REQUEST_TIME',
              })),
            }
          : {}),
      };
    }
    if ('patch' in write) {
      return {
        update: { name: documentName(write.patch), fields: toFields(write.data) },
        updateMask: { fieldPaths: write.mask },
        currentDocument: { exists: true },
      };
    }
    if ('union' in write) {
      return transform(
        documentName(write.union),
        'appendMissingElements',
        write.field,
        write.values,
      );
    }
    if ('remove' in write) {
      return transform(documentName(write.remove), 'removeAllFromArray', write.field, write.values);
    }
    return { delete: documentName(write.delete) };
  };

  const kit: AttackStack = {
    get stack() {
      if (!stack) throw new Error('the stack did not start');
      return stack;
    },
    async commit(as, writes) {
      const response = await fetch(`${kit.stack.firestoreUrl}/v1/${database}/documents:commit`, {
        method: 'POST',
        headers: { Authorization: authorization(as), 'Content-Type': 'application/json' },
        body: JSON.stringify({ writes: writes.map(encode) }),
      });
      return { status: response.status, body: await response.text() };
    },
    async read(path) {
      const response = await fetch(`${kit.stack.firestoreUrl}/v1/${documentName(path)}`, {
        headers: { Authorization: 'Bearer owner' },
      });
      if (response.status === 404) return null;
      const body = (await response.json()) as { fields?: Record<string, unknown> };
      return body.fields ?? {};
    },
    async readAs(as, path) {
      const response = await fetch(`${kit.stack.firestoreUrl}/v1/${documentName(path)}`, {
        headers: { Authorization: authorization(as) },
      });
      return { status: response.status, body: await response.text() };
    },
    documentName,
    fileUrl: (uid, folder, name) => fileUrl(kit.stack, uid, folder, name),
  };
  return () => kit;
}

/** The refusal every attack must meet: 403 PERMISSION_DENIED, nothing written. */
export function expectDenied(reply: Reply): void {
  expect({ status: reply.status, denied: reply.body.includes('PERMISSION_DENIED') }).toEqual({
    status: 403,
    denied: true,
  });
}

export function expectAllowed(reply: Reply): void {
  expect({ status: reply.status, body: reply.status === 200 ? '' : reply.body }).toEqual({
    status: 200,
    body: '',
  });
}

/** Sign-up's documents (the name's claim too) for `uid`, written as the admin (the scene, not the attack). */
export function member(uid: string, name = uid): Write[] {
  const documents = newAccountDocuments(name);
  return [
    { set: `usersData/${uid}`, data: documents.userData as unknown as Data },
    { set: `Following/${uid}`, data: documents.following as unknown as Data },
    { set: `Followers/${uid}`, data: documents.followers as unknown as Data },
    { set: `userNames/${documents.nameClaimId}`, data: { uid } },
  ];
}

/** The usual scene: members alice (with text post `a1`) and mallory, the attacker. */
export function aliceWithAPostAndMallory(): Write[] {
  return [...member('alice'), ...member('mallory'), textPost('alice', 'a1')];
}

/** A text post as the app writes it. */
export function textPost(uid: string, postId: string, followers: string[] = [uid]): Write {
  return {
    set: `posts/${postId}`,
    data: { postImage: null, postCaption: 'Hello', uid, postId, followers, likes: [] },
    serverTime: ['createdAt'],
  };
}

/** The tombstone the rules require in the write that deletes post `postId` of `uid`. */
export function postTombstone(uid: string, postId: string): Write {
  return { set: `deletedPosts/${postId}`, data: { uid }, serverTime: ['deletedAt'] };
}

/** A photo post (no caption) as the app writes it, its image at `postImage`. */
export function photoPost(uid: string, postId: string, postImage: string): Write {
  return {
    set: `posts/${postId}`,
    data: { postImage, postCaption: null, uid, postId, followers: [uid], likes: [] },
    serverTime: ['createdAt'],
  };
}

/** A download URL of `<uid>/<folder>/<name>` on the Storage emulator of this stack. */
export function fileUrl(stack: Stack, uid: string, folder = 'posts', name = 'a.png'): string {
  return `${stack.storageUrl}/v0/b/${stack.projectId}.appspot.com/o/${uid}%2F${folder}%2F${name}?alt=media&token=t0`;
}
