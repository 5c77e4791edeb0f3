import { invalidArgument } from '../../values/errors';

/** A parsed document resource name. */
export interface DocumentName {
  /** projects/{p}/databases/{d} */
  database: string;
  /** The full name of the collection holding the document (its name without the last id). */
  collection: string;
  collectionId: string;
  id: string;
}

const DATABASE = /^projects\/([^/]+)\/databases\/([^/]+)$/;

export function checkDatabase(database: string): string {
  if (!DATABASE.test(database)) {
    throw invalidArgument(`Invalid database name: "${database}"`);
  }
  return database;
}

export function projectOf(name: string): string {
  return name.split('/', 2)[1] ?? '';
}

export function parseDocumentName(name: unknown): DocumentName {
  if (typeof name !== 'string') throw invalidArgument(`Invalid document name: ${String(name)}`);
  const parts = name.split('/');
  // projects/p/databases/d/documents/c/id[/c/id...]
  if (
    parts.length < 7 ||
    parts.length % 2 === 0 ||
    parts[0] !== 'projects' ||
    parts[2] !== 'databases' ||
    parts[4] !== 'documents'
  ) {
    throw invalidArgument(`Invalid document name: "${name}"`);
  }
  for (let i = 5; i < parts.length; i++) checkSegment(parts[i]!, name);
  const id = parts[parts.length - 1]!;
  return {
    database: parts.slice(0, 4).join('/'),
    collection: parts.slice(0, -1).join('/'),
    collectionId: parts[parts.length - 2]!,
    id,
  };
}

function checkSegment(segment: string, name: string): void {
  if (segment === '' || segment === '.' || segment === '..') {
    throw invalidArgument(`Invalid document name: "${name}"`);
  }
  if (/^__.*__$/.test(segment)) {
    throw invalidArgument(
      `Resource id "${segment}" is invalid because it is reserved (ids matching __.*__ are reserved).`,
    );
  }
  if (Buffer.byteLength(segment, 'utf8') > 1500) {
    throw invalidArgument(`Resource id "${segment.slice(0, 40)}..." is longer than 1500 bytes.`);
  }
}

/** A query parent: `.../documents` or a document name (for subcollections). */
export function parseParent(parent: unknown): {
  database: string;
  prefix: string;
} {
  if (typeof parent !== 'string') throw invalidArgument(`Invalid parent: ${String(parent)}`);
  const parts = parent.split('/');
  if (
    parts.length === 5 &&
    DATABASE.test(parts.slice(0, 4).join('/')) &&
    parts[4] === 'documents'
  ) {
    return { database: parts.slice(0, 4).join('/'), prefix: parent };
  }
  if (parts.length >= 7) {
    const doc = parseDocumentName(parent);
    return { database: doc.database, prefix: parent };
  }
  throw invalidArgument(`Invalid parent: "${parent}"`);
}
