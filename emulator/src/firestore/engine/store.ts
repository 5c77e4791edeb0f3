import type { StoredDocument } from './types';

function parentOf(name: string): string {
  return name.slice(0, name.lastIndexOf('/'));
}

function groupKey(database: string, collectionId: string): string {
  return `${database}\u0000${collectionId}`;
}

/** `projects/p/databases/d/documents/a/1/b/2` → `projects/p/databases/d` and `b`. */
function groupOf(name: string): string {
  const parts = name.split('/');
  return groupKey(parts.slice(0, 4).join('/'), parts[parts.length - 2]!);
}

/**
 * The documents in memory, with two indexes so queries never scan unrelated data: by exact
 * collection (a collection query) and by database + collection id (a collection-group query).
 * Stored documents are immutable: writers replace them, readers may share them.
 */
export class DocumentStore {
  private readonly byName = new Map<string, StoredDocument>();
  private readonly byCollection = new Map<string, Map<string, StoredDocument>>();
  private readonly byGroup = new Map<string, Map<string, StoredDocument>>();

  get size(): number {
    return this.byName.size;
  }

  get(name: string): StoredDocument | null {
    return this.byName.get(name) ?? null;
  }

  put(doc: StoredDocument): void {
    this.byName.set(doc.name, doc);
    index(this.byCollection, parentOf(doc.name), doc);
    index(this.byGroup, groupOf(doc.name), doc);
  }

  delete(name: string): void {
    if (!this.byName.delete(name)) return;
    unindex(this.byCollection, parentOf(name), name);
    unindex(this.byGroup, groupOf(name), name);
  }

  all(): IterableIterator<StoredDocument> {
    return this.byName.values();
  }

  /** Documents directly in the collection with this full name. */
  collection(collectionName: string): Iterable<StoredDocument> {
    return this.byCollection.get(collectionName)?.values() ?? [];
  }

  /** Documents of every collection with this id in the database. */
  group(database: string, collectionId: string): Iterable<StoredDocument> {
    return this.byGroup.get(groupKey(database, collectionId))?.values() ?? [];
  }

  namesWithPrefix(prefix: string): string[] {
    const names: string[] = [];
    for (const name of this.byName.keys()) if (name.startsWith(prefix)) names.push(name);
    return names;
  }

  clearAll(): void {
    this.byName.clear();
    this.byCollection.clear();
    this.byGroup.clear();
  }
}

function index(
  map: Map<string, Map<string, StoredDocument>>,
  key: string,
  doc: StoredDocument,
): void {
  let bucket = map.get(key);
  if (!bucket) {
    bucket = new Map();
    map.set(key, bucket);
  }
  bucket.set(doc.name, doc);
}

function unindex(map: Map<string, Map<string, StoredDocument>>, key: string, name: string): void {
  const bucket = map.get(key);
  if (!bucket) return;
  bucket.delete(name);
  if (bucket.size === 0) map.delete(key);
}
