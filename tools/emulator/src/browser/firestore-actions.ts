import { randomBytes } from 'node:crypto';
import { MAX_WRITES_PER_COMMIT } from '../firestore/engine';
import { formatFieldPath } from '../values/fieldPaths';
import type { Value } from '../values/types';
import { applyEdit, EditError, parseValuePath, type ValueEdit } from './document-edits';
import { databaseOf, firestorePage, valuePage, type FirestoreView } from './firestore-pages';
import { notice } from './forms';
import { page } from './layout';
import { collectionViewOf } from './query-form';
import { kindOf } from './firestore-tree';
import { href, html, type Html } from './html';
import type { BrowserSources } from './sources';
import { parseTypedValue } from './typed-values';

/**
 * The Firestore changes the data browser makes: each is a commit of wire writes through the
 * emulator's commit path, as admin (no rules apply, as in the Emulator Suite UI), so listeners
 * and Cloud Functions triggers see it like any other.
 */

/** Where to go after an action, or the page to show (with its status) when it failed. */
export type ActionResult = { redirect: string } | { status: number; page: Html };

const AUTO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random document id as the SDK makes them: 20 letters and digits. */
function autoId(): string {
  return [...randomBytes(20)].map((b) => AUTO_ID_ALPHABET[b % AUTO_ID_ALPHABET.length]).join('');
}

function redirectTo(path: string, done: string): ActionResult {
  return { redirect: href('/firestore', { path, done }) };
}

/** What the engine said, in words for the page. */
function reason(error: unknown): string {
  const message = (error as Error).message ?? String(error);
  if (/FAILED_PRECONDITION|does not match the required base version|update time/i.test(message)) {
    return 'The document changed since this page was shown: open it again and repeat the change.';
  }
  return message.replace(/^\n/, '');
}

/** POST /firestore/value: set a value, or add a field or an entry. */
export async function saveValue(
  sources: BrowserSources,
  view: FirestoreView,
  form: URLSearchParams,
): Promise<ActionResult | null> {
  const name = form.get('path') ?? '';
  const path = parseValuePath(form.get('at'));
  const mode = form.get('mode') === 'add' ? 'add' : 'set';
  const doc = kindOf(name) === 'document' ? view.getDocument(name) : null;
  if (!doc || path === null) return null;
  const entered = {
    type: form.get('type') ?? 'string',
    value: form.get('value') ?? '',
    key: form.get('key') ?? '',
  };
  const failed = (message: string): ActionResult => {
    const shown = valuePage(view, name, path, mode, entered, message);
    return shown ? { status: 400, page: shown } : redirectTo(name, 'gone');
  };
  const parsed = parseTypedValue(entered.type, entered.value, databaseOf(name));
  if ('error' in parsed) return failed(parsed.error);
  const edit: ValueEdit =
    mode === 'add'
      ? { kind: 'add', path, key: entered.key === '' ? null : entered.key, value: parsed.value }
      : { kind: 'set', path, value: parsed.value };
  try {
    await writeEdit(sources, name, doc.fields, edit, form.get('version'));
  } catch (error) {
    return failed(error instanceof EditError ? error.message : reason(error));
  }
  return redirectTo(name, 'saved');
}

/** POST /firestore/value/delete */
export async function deleteValue(
  sources: BrowserSources,
  view: FirestoreView,
  form: URLSearchParams,
): Promise<ActionResult | null> {
  const name = form.get('path') ?? '';
  const path = parseValuePath(form.get('at'));
  const doc = kindOf(name) === 'document' ? view.getDocument(name) : null;
  if (!doc || path === null || path.length === 0) return null;
  try {
    await writeEdit(sources, name, doc.fields, { kind: 'delete', path }, form.get('version'));
  } catch (error) {
    return redirectTo(name, error instanceof EditError ? 'gone' : 'changed');
  }
  return redirectTo(name, 'deleted');
}

/**
 * One top-level field rewritten (or deleted) by an update with a mask, on the condition that the
 * document is still the version the page showed.
 */
async function writeEdit(
  sources: BrowserSources,
  name: string,
  fields: Record<string, Value>,
  edit: ValueEdit,
  version: string | null,
): Promise<void> {
  const write = applyEdit(fields, edit);
  await sources.commit(databaseOf(name), [
    {
      update: { name, fields: write.value === null ? {} : { [write.field]: write.value } },
      updateMask: { fieldPaths: [formatFieldPath([write.field])] },
      currentDocument: version ? { updateTime: version } : { exists: true },
    },
  ]);
}

/**
 * An empty document in `collection`, named by the form's id (or an automatic one); a refusal is
 * shown on the page of `shownOnRefusal`, where the member filled the form in.
 */
async function createDocument(
  sources: BrowserSources,
  view: FirestoreView,
  collection: string,
  id: string,
  shownOnRefusal: string,
): Promise<ActionResult> {
  const name = `${collection}/${id.trim() === '' ? autoId() : id.trim()}`;
  if (kindOf(name) !== 'document') return redirectTo(shownOnRefusal, 'bad-id');
  try {
    await sources.commit(databaseOf(name), [
      { update: { name, fields: {} }, currentDocument: { exists: false } },
    ]);
  } catch (error) {
    return { status: 400, page: refusedPage(view, shownOnRefusal, reason(error)) };
  }
  return redirectTo(name, 'created');
}

/** POST /firestore/document/create: an empty document in a collection. */
export async function addDocument(
  sources: BrowserSources,
  view: FirestoreView,
  form: URLSearchParams,
): Promise<ActionResult | null> {
  const collection = form.get('collection') ?? '';
  if (kindOf(collection) !== 'collection') return null;
  return createDocument(sources, view, collection, form.get('id') ?? '', collection);
}

/** POST /firestore/collection/create: a new collection, as its first (empty) document. */
export async function addCollection(
  sources: BrowserSources,
  view: FirestoreView,
  form: URLSearchParams,
): Promise<ActionResult | null> {
  const parent = form.get('parent') ?? '';
  const kind = kindOf(parent);
  if (kind !== 'database' && kind !== 'document') return null;
  const id = (form.get('collection') ?? '').trim();
  const collection = `${parent}/${id}`;
  if (id === '' || kindOf(collection) !== 'collection') return redirectTo(parent, 'bad-id');
  return createDocument(sources, view, collection, form.get('id') ?? '', parent);
}

/** POST /firestore/document/delete */
export async function deleteDocument(
  sources: BrowserSources,
  form: URLSearchParams,
): Promise<ActionResult | null> {
  const name = form.get('path') ?? '';
  if (kindOf(name) !== 'document') return null;
  await sources.commit(databaseOf(name), [{ delete: name }]);
  return redirectTo(name.slice(0, name.lastIndexOf('/')), 'deleted');
}

/**
 * POST /firestore/collection/delete: every document under the collection, subcollections
 * included, in commits of at most Firestore's 500 writes.
 */
export async function deleteCollection(
  sources: BrowserSources,
  form: URLSearchParams,
): Promise<ActionResult | null> {
  const collection = form.get('path') ?? '';
  if (kindOf(collection) !== 'collection') return null;
  const names = sources.engine.documentNames(`${collection}/`);
  for (let i = 0; i < names.length; i += MAX_WRITES_PER_COMMIT) {
    const batch = names.slice(i, i + MAX_WRITES_PER_COMMIT).map((name) => ({ delete: name }));
    await sources.commit(databaseOf(collection), batch);
  }
  return redirectTo(collection, 'deleted');
}

/** The page of `path` (a collection's, a database's, a document's) with the refusal on top. */
function refusedPage(view: FirestoreView, path: string, message: string): Html {
  const shown = firestorePage(
    view,
    path,
    collectionViewOf(new URLSearchParams()),
    notice(message, 'alert'),
  );
  return shown ?? page('Refused', '/firestore', notice(message, 'alert') || html``);
}
