import type { FirestoreEngine } from '../firestore/engine';
import { fieldsTable } from './firestore-values';
import { collectionsUnder, crumbsOf, databasesOf, documentsIn, kindOf } from './firestore-tree';
import { href, html, type Html } from './html';
import { page } from './layout';

/** Documents listed per page of a collection. */
export const PAGE_SIZE = 100;

function crumbs(path: string): Html {
  const parts = crumbsOf(path).map(
    ([label, target]) => html`<a href="${href('/firestore', { path: target })}">${label}</a>`,
  );
  return html`<nav class="crumbs">${parts.map((p, i) => (i === 0 ? p : html` / ${p}`))}</nav>`;
}

function collectionList(names: string[], parent: string): Html {
  const collections = collectionsUnder(names, parent);
  if (collections.length === 0) return html`<p class="empty">No collections.</p>`;
  return html`<ul class="collections">
    ${collections.map(
      (c) =>
        html`<li>
          <a href="${href('/firestore', { path: `${parent}/${c.id}` })}">${c.id}</a> (${c.documents}
          ${c.documents === 1 ? 'document' : 'documents'})
        </li>`,
    )}
  </ul>`;
}

function databasePage(names: string[], database: string): Html {
  return page(
    'Firestore',
    '/firestore',
    html`${crumbs(database)}
      <h2>Collections</h2>
      ${collectionList(names, database)}`,
  );
}

function collectionPage(names: string[], collection: string, start: number): Html {
  const documents = documentsIn(names, collection);
  const shown = documents.slice(start, start + PAGE_SIZE);
  const rows = shown.map(
    (d) =>
      html`<li>
        <a href="${href('/firestore', { path: `${collection}/${d.id}` })}">${d.id}</a>${
          d.exists ? '' : html` <span class="missing">(no document; has subcollections)</span>`
        }
      </li>`,
  );
  const next =
    start + PAGE_SIZE < documents.length
      ? html`<p>
          <a href="${href('/firestore', { path: collection, start: start + PAGE_SIZE })}"
            >Next ${PAGE_SIZE}</a
          >
        </p>`
      : '';
  const body = html`${crumbs(collection)}
    <p>
      ${documents.length}
      ${
        documents.length === 1 ? 'document' : 'documents'
      }${documents.length > PAGE_SIZE ? html`, showing ${start + 1}–${start + shown.length}` : ''}
    </p>
    <ul class="documents">
      ${rows}
    </ul>
    ${next}`;
  return page(`Collection ${collection.split('/').pop()}`, '/firestore', body);
}

function documentPage(engine: FirestoreEngine, names: string[], name: string): Html {
  const doc = engine.getDocument(name);
  const details = doc
    ? html`<p>created <time>${doc.createTime}</time>, updated <time>${doc.updateTime}</time></p>
        ${fieldsTable(doc.fields)}`
    : html`<p class="missing">This document does not exist.</p>`;
  return page(
    `Document ${name.split('/').pop()}`,
    '/firestore',
    html`${crumbs(name)}${details}
      <h2>Subcollections</h2>
      ${collectionList(names, name)}`,
  );
}

/** `/firestore?path=…`: a database, a collection or a document; null when the path is not one. */
export function firestorePage(
  engine: FirestoreEngine,
  path: string | null,
  defaultProject: string,
  start: number,
): Html | null {
  const names = engine.documentNames('projects/');
  if (path === null) {
    const databases = databasesOf(names);
    const fallback = `projects/${defaultProject}/databases/(default)`;
    if (databases.length <= 1) {
      return databasePage(names, `${databases[0] ?? fallback}/documents`);
    }
    return page(
      'Firestore',
      '/firestore',
      html`<h2>Databases</h2>
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
      return databasePage(names, path);
    case 'collection':
      return collectionPage(names, path, start);
    case 'document':
      return documentPage(engine, names, path);
    default:
      return null;
  }
}
