import type { CollectionUsage, StoredDocument } from '../firestore/engine';
import { getField, parseFieldPath } from '../values/fieldPaths';
import type { Value } from '../values/types';
import { formatValuePath, valueAt, type ValuePath } from './document-edits';
import { fieldsTable, valueCell, type ValueActions } from './firestore-values';
import { collectionsUnder, crumbsOf, databasesOf, documentsIn, kindOf } from './firestore-tree';
import { notice, postButton, postForm } from './forms';
import { dataTable, href, html, type Html } from './html';
import { page } from './layout';
import {
  FILTER_OPERATORS,
  isPlainListing,
  structuredQueryOf,
  viewParams,
  type CollectionView,
} from './query-form';
import { formatTypedValue, TYPE_HINTS, VALUE_TYPES, type ValueType } from './typed-values';

/** Documents listed per page of a collection. */
export const PAGE_SIZE = 100;

/** What the Firestore pages read. */
export interface FirestoreView {
  documentNames(): string[];
  getDocument(name: string): StoredDocument | null;
  /** Runs a wire StructuredQuery under `parent` (throws the engine's errors). */
  query(parent: string, structuredQuery: unknown): StoredDocument[];
  usage: CollectionUsage;
  csrf: string;
  projectId: string;
}

/** `projects/p/databases/d` of any path under it. */
export function databaseOf(path: string): string {
  return path.slice(0, path.indexOf('/documents'));
}

/** The path under the database's documents: `users/alice/notes`. */
function relativePath(path: string): string {
  return path.slice(databaseOf(path).length + '/documents'.length + 1);
}

function lastSegment(path: string): string {
  return path.split('/').pop() ?? '';
}

function crumbs(path: string): Html {
  const parts = crumbsOf(path).map(
    ([label, target]) => html`<a href="${href('/firestore', { path: target })}">${label}</a>`,
  );
  return html`<nav class="crumbs" aria-label="Path">
    ${parts.map((p, i) => (i === 0 ? p : html` / ${p}`))}
  </nav>`;
}

function collectionList(names: string[], parent: string): Html {
  const collections = collectionsUnder(names, parent);
  if (collections.length === 0) return html`<p class="empty">No collections.</p>`;
  return html`<ul class="collections">
    ${collections.map(
      (c) =>
        html`<li>
          <a href="${href('/firestore', { path: `${parent}/${c.id}` })}">${c.id}</a>
          (${c.documents === 0 ? 'only subcollections' : counted(c.documents, 'document')})
        </li>`,
    )}
  </ul>`;
}

/** A new collection starts with one document (Firestore has no empty collections). */
function addCollectionForm(view: FirestoreView, parent: string): Html {
  return postForm(
    '/firestore/collection/create',
    view.csrf,
    { parent },
    html`<h2 id="add-collection">Add a collection</h2>
      <label>Collection id <input name="collection" required autocomplete="off" /></label>
      <label
        >First document id
        <input
          name="id"
          autocomplete="off"
          placeholder="empty: a random id"
          aria-describedby="first-doc-hint"
      /></label>
      <p class="hint" id="first-doc-hint">
        A collection exists while it holds a document: this one starts empty, with no fields.
      </p>
      <button type="submit">Add collection</button>`,
    { className: 'panel', label: 'Add a collection' },
  );
}

/** `1 read`, `2 reads`. */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** A collection path with its document ids starred: one row for all the users' subcollections. */
function collectionGroupOf(collection: string): string {
  return collection
    .split('/')
    .map((segment, i) => (i % 2 === 1 ? '*' : segment))
    .join('/');
}

interface UsageRow {
  group: string;
  collections: number;
  reads: number;
  writes: number;
  deletes: number;
}

function usageByGroup(rows: ReturnType<CollectionUsage['rows']>): UsageRow[] {
  const groups = new Map<string, UsageRow>();
  for (const r of rows) {
    const group = collectionGroupOf(r.collection);
    let row = groups.get(group);
    if (!row) groups.set(group, (row = { group, collections: 0, reads: 0, writes: 0, deletes: 0 }));
    row.collections++;
    row.reads += r.reads;
    row.writes += r.writes;
    row.deletes += r.deletes;
  }
  return [...groups.values()].sort((a, b) => (a.group < b.group ? -1 : 1));
}

function usageSection(view: FirestoreView, database: string): Html {
  const groups = usageByGroup(view.usage.rows().filter((r) => r.database === database));
  const rows = groups.map(
    (g) =>
      html`<tr>
        <td>
          ${
            g.group.includes('*')
              ? html`<code>${g.group}</code> (${g.collections}
                  ${g.collections === 1 ? 'collection' : 'collections'})`
              : html`<a href="${href('/firestore', { path: `${database}/documents/${g.group}` })}"
                  >${g.group}</a
                >`
          }
        </td>
        <td class="count">${g.reads}</td>
        <td class="count">${g.writes}</td>
        <td class="count">${g.deletes}</td>
      </tr>`,
  );
  const table =
    rows.length === 0
      ? html`<p class="empty">Nothing was read, written or deleted yet.</p>`
      : dataTable('usage', ['collection', 'reads', 'writes', 'deletes'], rows);
  return html`<section aria-labelledby="usage-heading">
    <h2 id="usage-heading">Reads, writes and deletes</h2>
    <p>
      Documents read, written and deleted per collection since
      <time>${view.usage.since.toISOString()}</time>: reads through the Firestore server (gets,
      queries, listeners' answers and updates), and every write and delete, this browser's included.
      Subcollections are summed per name (<code>*</code> stands for any document).
    </p>
    ${table} ${postButton('/firestore/usage/reset', view.csrf, { database }, 'Reset the counts')}
  </section>`;
}

function databasePage(
  view: FirestoreView,
  names: string[],
  root: string,
  message: Html | '',
): Html {
  return page(
    'Firestore',
    '/firestore',
    html`${message}${crumbs(root)}
      <h2>Collections</h2>
      ${collectionList(names, root)} ${addCollectionForm(view, root)}
      ${usageSection(view, databaseOf(root))}`,
  );
}

function operatorOptions(selected: string): Html[] {
  return FILTER_OPERATORS.map(
    ([symbol]) =>
      html`<option value="${symbol}" ${symbol === selected ? html` selected` : ''}>
        ${symbol}
      </option>`,
  );
}

function typeOptions(selected: string): Html[] {
  return VALUE_TYPES.map(
    (type) =>
      html`<option
        value="${type}"
        data-hint="${TYPE_HINTS[type]}"
        ${type === selected ? html` selected` : ''}
      >
        ${type}
      </option>`,
  );
}

function filterForm(collection: string, current: CollectionView): Html {
  const hint =
    TYPE_HINTS[
      (VALUE_TYPES as readonly string[]).includes(current.type)
        ? (current.type as ValueType)
        : 'string'
    ];
  return html`<form method="get" action="/firestore" class="filters" aria-label="Filter and sort">
    <input type="hidden" name="path" value="${collection}" />
    <fieldset>
      <legend>Filter</legend>
      <label
        >Field <input name="field" value="${current.field}" placeholder="e.g. userInfo.userName"
      /></label>
      <label
        >Operator
        <select name="op">
          ${operatorOptions(current.op)}
        </select></label
      >
      <label
        >Type
        <select name="type" data-hint="filter-hint">
          ${typeOptions(current.type)}
        </select></label
      >
      <label
        >Value <input name="value" value="${current.value}" aria-describedby="filter-hint"
      /></label>
      <p class="hint" id="filter-hint">${hint}</p>
    </fieldset>
    <fieldset>
      <legend>Sort</legend>
      <label>Field <input name="order" value="${current.order}" placeholder="e.g. age" /></label>
      <label
        >Direction
        <select name="dir">
          <option value="asc" ${current.dir === 'asc' ? html` selected` : ''}>ascending</option>
          <option value="desc" ${current.dir === 'desc' ? html` selected` : ''}>descending</option>
        </select></label
      >
    </fieldset>
    <button type="submit">Apply</button>
    ${isPlainListing(current) ? '' : html`<a href="${href('/firestore', { path: collection })}">Show all</a>`}
  </form>`;
}

function pageLinks(collection: string, view: CollectionView, more: boolean): Html {
  const link = (start: number, label: string) =>
    html`<a
      href="${href('/firestore', { path: collection, ...viewParams(view), start: start || undefined })}"
      >${label}</a
    >`;
  const previous =
    view.start > 0 ? link(Math.max(0, view.start - PAGE_SIZE), `Previous ${PAGE_SIZE}`) : '';
  const next = more ? link(view.start + PAGE_SIZE, `Next ${PAGE_SIZE}`) : '';
  if (!previous && !next) return html``;
  return html`<nav class="pages" aria-label="Pages">${previous} ${next}</nav>`;
}

function plainListing(names: string[], collection: string, view: CollectionView): Html {
  const documents = documentsIn(names, collection);
  const shown = documents.slice(view.start, view.start + PAGE_SIZE);
  const rows = shown.map(
    (d) =>
      html`<li>
        <a href="${href('/firestore', { path: `${collection}/${d.id}` })}">${d.id}</a>${
          d.exists ? '' : html` <span class="missing">(no document; has subcollections)</span>`
        }
      </li>`,
  );
  return html`<p>
      ${documents.length}
      ${documents.length === 1 ? 'document' : 'documents'}${
        documents.length > PAGE_SIZE
          ? html`, showing ${view.start + 1}–${view.start + shown.length}`
          : ''
      }
    </p>
    <ul class="documents">
      ${rows}
    </ul>
    ${pageLinks(collection, view, view.start + PAGE_SIZE < documents.length)}`;
}

function fieldOf(doc: StoredDocument, fieldPath: string): Value | undefined {
  try {
    const segments = parseFieldPath(fieldPath);
    if (segments.length === 1 && segments[0] === '__name__') {
      return { referenceValue: doc.name };
    }
    return getField(doc.fields, segments);
  } catch {
    return undefined;
  }
}

function queryListing(view: FirestoreView, collection: string, current: CollectionView): Html {
  const database = databaseOf(collection);
  const parent = collection.slice(0, collection.lastIndexOf('/'));
  const built = structuredQueryOf(current, lastSegment(collection), database, PAGE_SIZE);
  if (built === null) return html``;
  if ('error' in built) return notice(built.error, 'alert') || html``;
  let documents: StoredDocument[];
  try {
    documents = view.query(parent, built.query);
  } catch (error) {
    return notice(`Firestore refused this query: ${(error as Error).message}`, 'alert') || html``;
  }
  const shown = documents.slice(0, PAGE_SIZE);
  const columns = ['document'];
  if (current.field) columns.push(current.field);
  if (current.order && current.order !== current.field) columns.push(current.order);
  const rows = shown.map(
    (doc) =>
      html`<tr>
        <td><a href="${href('/firestore', { path: doc.name })}">${lastSegment(doc.name)}</a></td>
        ${columns.slice(1).map((field) => html`<td>${valueCell(fieldOf(doc, field))}</td>`)}
      </tr>`,
  );
  return html`<p>
      ${
        shown.length === 0
          ? 'No document matches.'
          : html`Showing
            ${current.start + 1}–${current.start + shown.length}${documents.length > PAGE_SIZE ? ' (more on the next page)' : ''}.`
      }
      Documents without the filtered or sorted field are not listed, as in Firestore.
    </p>
    ${shown.length === 0 ? '' : dataTable('documents', columns, rows)}
    ${pageLinks(collection, current, documents.length > PAGE_SIZE)}`;
}

function collectionPage(
  view: FirestoreView,
  names: string[],
  collection: string,
  current: CollectionView,
  message: Html | '',
): Html {
  const counts = view.usage.of(databaseOf(collection), relativePath(collection));
  const inside = names.filter((n) => n.startsWith(`${collection}/`)).length;
  const listing = isPlainListing(current)
    ? plainListing(names, collection, current)
    : queryListing(view, collection, current);
  const body = html`${message}${crumbs(collection)}
    <p class="usage">
      Since <time>${view.usage.since.toISOString()}</time>: ${counted(counts.reads, 'read')},
      ${counted(counts.writes, 'write')}, ${counted(counts.deletes, 'delete')}.
    </p>
    ${filterForm(collection, current)} ${listing}
    ${postForm(
      '/firestore/document/create',
      view.csrf,
      { collection },
      html`<h2>Add a document</h2>
        <label
          >Document id <input name="id" autocomplete="off" placeholder="empty: a random id"
        /></label>
        <button type="submit">Add document</button>`,
      { className: 'panel', label: 'Add a document' },
    )}
    ${
      inside === 0
        ? ''
        : html`<section class="panel" aria-labelledby="delete-collection">
            <h2 id="delete-collection">Delete this collection</h2>
            <p>
              Deletes its ${inside} ${inside === 1 ? 'document' : 'documents'} (subcollections
              included), as admin: no rules apply, and listeners and triggers see the deletes.
            </p>
            ${postButton(
              '/firestore/collection/delete',
              view.csrf,
              { path: collection },
              `Delete ${inside} ${inside === 1 ? 'document' : 'documents'}`,
              {
                danger: true,
                confirm: `Delete every document of ${relativePath(collection)}? This cannot be undone.`,
              },
            )}
          </section>`
    }`;
  return page(`Collection ${lastSegment(collection)}`, '/firestore', body);
}

/** The links and buttons of one row of a document's fields table. */
function valueActions(view: FirestoreView, doc: StoredDocument): ValueActions {
  return (path: ValuePath, value: Value, label: string) => {
    const at = formatValuePath(path);
    const isContainer = 'arrayValue' in value || 'mapValue' in value;
    return html`<a
        href="${href('/firestore/value', { path: doc.name, at })}"
        aria-label="${`Edit ${label}`}"
        >Edit</a
      >${
        isContainer
          ? html`<a
              href="${href('/firestore/value', { path: doc.name, at, add: 1 })}"
              aria-label="${`Add an entry to ${label}`}"
              >Add entry</a
            >`
          : ''
      }${postButton(
        '/firestore/value/delete',
        view.csrf,
        { path: doc.name, at, version: doc.updateTime },
        'Delete',
        { confirm: `Delete ${label}?`, accessibleName: `Delete ${label}` },
      )}`;
  };
}

function documentPage(
  view: FirestoreView,
  names: string[],
  name: string,
  message: Html | '',
): Html {
  const doc = view.getDocument(name);
  const details = doc
    ? html`<p>created <time>${doc.createTime}</time>, updated <time>${doc.updateTime}</time></p>
        <h2>Fields</h2>
        ${fieldsTable(doc.fields, valueActions(view, doc))}
        ${valueForm(view, doc, [], 'add', null, null)}
        <section class="panel" aria-labelledby="delete-document">
          <h2 id="delete-document">Delete this document</h2>
          <p>Its subcollections stay (as in Firestore).</p>
          ${postButton('/firestore/document/delete', view.csrf, { path: name }, 'Delete document', {
            danger: true,
            confirm: `Delete the document ${relativePath(name)}?`,
          })}
        </section>`
    : html`<p class="missing">This document does not exist.</p>`;
  return page(
    `Document ${lastSegment(name)}`,
    '/firestore',
    html`${message}${crumbs(name)}${details}
      <h2>Subcollections</h2>
      ${collectionList(names, name)} ${addCollectionForm(view, name)}`,
  );
}

/**
 * The form that sets one value (`mode` set) or adds one (`add`: a field of the document when
 * `path` is [], else an entry of the map or array at `path`). `entered` keeps what was typed
 * when the save failed.
 */
function valueForm(
  view: FirestoreView,
  doc: StoredDocument,
  path: ValuePath,
  mode: 'set' | 'add',
  entered: { type: string; value: string; key: string } | null,
  error: string | null,
): Html {
  const database = databaseOf(doc.name);
  const current = mode === 'set' ? valueAt(doc.fields, path) : undefined;
  const initial: { type: string; text: string } = current
    ? formatTypedValue(current, database)
    : { type: 'string', text: '' };
  const type = entered?.type ?? initial.type;
  const text = entered?.value ?? initial.text;
  const container = mode === 'add' && path.length > 0 ? valueAt(doc.fields, path) : undefined;
  const needsKey = mode === 'add' && (path.length === 0 || (container && 'mapValue' in container));
  const heading =
    mode === 'set'
      ? `Edit ${path.join('.')}`
      : path.length === 0
        ? 'Add a field'
        : container && 'arrayValue' in container
          ? `Add an element to ${path.join('.')}`
          : `Add an entry to ${path.join('.')}`;
  const hintId = `hint-${mode}`;
  const hint =
    TYPE_HINTS[(VALUE_TYPES as readonly string[]).includes(type) ? (type as ValueType) : 'string'];
  return postForm(
    '/firestore/value',
    view.csrf,
    { path: doc.name, at: formatValuePath(path), mode, version: doc.updateTime },
    html`<h2>${heading}</h2>
      ${error ? notice(error, 'alert') : ''}
      ${
        needsKey
          ? html`<label
              >${path.length === 0 ? 'Field name' : 'Key'}
              <input name="key" required autocomplete="off" value="${entered?.key ?? ''}"
            /></label>`
          : ''
      }
      <label
        >Type
        <select name="type" data-hint="${hintId}">
          ${typeOptions(type)}
        </select></label
      >
      <label for="${`value-${mode}`}">Value</label>
      <textarea
        id="${`value-${mode}`}"
        name="value"
        rows="${valueRows(type, text)}"
        aria-describedby="${hintId}"
      >
${text}</textarea>
      <p class="hint" id="${hintId}">${hint}</p>
      <button type="submit">${mode === 'set' ? 'Save' : 'Add'}</button>
      ${mode === 'set' ? html`<a href="${href('/firestore', { path: doc.name })}">Cancel</a>` : ''}`,
    { className: 'panel', label: heading },
  );
}

/** Rows of the value box: the whole text plus a blank line, more room for arrays and maps, 24 at most. */
function valueRows(type: string, text: string): number {
  const least = type === 'array' || type === 'map' ? 6 : 2;
  return Math.min(24, Math.max(least, text.split('\n').length + 1));
}

/** `/firestore/value?path=&at=[&add=1]`: the form for one value, alone on its page. */
export function valuePage(
  view: FirestoreView,
  name: string,
  path: ValuePath,
  mode: 'set' | 'add',
  entered: { type: string; value: string; key: string } | null = null,
  error: string | null = null,
): Html | null {
  const doc = view.getDocument(name);
  if (!doc || (path.length > 0 && valueAt(doc.fields, path) === undefined)) return null;
  return page(
    `Document ${lastSegment(name)}`,
    '/firestore',
    html`${crumbs(name)}${valueForm(view, doc, path, mode, entered, error)}`,
  );
}

/** `/firestore?path=…`: a database, a collection or a document; null when the path is not one. */
export function firestorePage(
  view: FirestoreView,
  path: string | null,
  current: CollectionView,
  message: Html | '' = '',
): Html | null {
  const names = view.documentNames();
  if (path === null) {
    const databases = databasesOf(names);
    const fallback = `projects/${view.projectId}/databases/(default)`;
    if (databases.length <= 1) {
      return databasePage(view, names, `${databases[0] ?? fallback}/documents`, message);
    }
    return page(
      'Firestore',
      '/firestore',
      html`${message}
        <h2>Databases</h2>
        <ul>
          ${databases.map(
            (d) =>
              html`<li><a href="${href('/firestore', { path: `${d}/documents` })}">${d}</a></li>`,
          )}
        </ul>`,
    );
  }
  switch (kindOf(path)) {
    case 'database':
      return databasePage(view, names, path, message);
    case 'collection':
      return collectionPage(view, names, path, current, message);
    case 'document':
      return documentPage(view, names, path, message);
    default:
      return null;
  }
}
