import type { StoredDocument, Value } from '../../values/types';
import { getField } from '../../values/fieldPaths';
import { arrayElements, indexKey, isArrayValue } from '../../values/values';

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
  /** Array-contains indexes, built on first use per collection group and field path. */
  private readonly arrayIndexes = new Map<string, Map<string, ArrayIndex>>();

  get size(): number {
    return this.byName.size;
  }

  get(name: string): StoredDocument | null {
    return this.byName.get(name) ?? null;
  }

  put(doc: StoredDocument): void {
    const previous = this.byName.get(doc.name);
    this.byName.set(doc.name, doc);
    index(this.byCollection, parentOf(doc.name), doc);
    const group = groupOf(doc.name);
    index(this.byGroup, group, doc);
    const indexes = this.arrayIndexes.get(group);
    if (indexes) {
      for (const idx of indexes.values()) {
        if (previous) idx.remove(previous);
        idx.add(doc);
      }
    }
  }

  delete(name: string): void {
    const previous = this.byName.get(name);
    if (!previous) return;
    this.byName.delete(name);
    unindex(this.byCollection, parentOf(name), name);
    const group = groupOf(name);
    unindex(this.byGroup, group, name);
    for (const idx of this.arrayIndexes.get(group)?.values() ?? []) idx.remove(previous);
  }

  /**
   * Documents of the collection group whose array at `path` contains an element equal to
   * `needle`, a scalar (see `indexKey`). The index is built on first use and kept up to date.
   */
  arrayContainsCandidates(
    database: string,
    collectionId: string,
    path: string[],
    needle: Value,
  ): Iterable<StoredDocument> {
    const key = indexKey(needle);
    if (key === null) throw new Error('arrayContainsCandidates needs a scalar value');
    const group = groupKey(database, collectionId);
    let indexes = this.arrayIndexes.get(group);
    if (!indexes) {
      indexes = new Map();
      this.arrayIndexes.set(group, indexes);
    }
    const pathKey = path.join('\u0000');
    let idx = indexes.get(pathKey);
    if (!idx) {
      idx = new ArrayIndex(path);
      for (const doc of this.group(database, collectionId)) idx.add(doc);
      indexes.set(pathKey, idx);
    }
    return idx.lookup(key);
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

  clearProject(projectId: string): void {
    for (const name of this.namesWithPrefix(`projects/${projectId}/`)) this.delete(name);
  }

  clearAll(): void {
    this.byName.clear();
    this.byCollection.clear();
    this.byGroup.clear();
    this.arrayIndexes.clear();
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

/** Element key → the documents whose array at `path` holds such an element. */
class ArrayIndex {
  private readonly entries = new Map<string, Set<StoredDocument>>();

  constructor(private readonly path: string[]) {}

  private keysOf(doc: StoredDocument): Set<string> {
    const keys = new Set<string>();
    const array = getField(doc.fields, this.path);
    if (array === undefined || !isArrayValue(array)) return keys;
    for (const element of arrayElements(array)) {
      const key = indexKey(element);
      if (key !== null) keys.add(key);
    }
    return keys;
  }

  add(doc: StoredDocument): void {
    for (const key of this.keysOf(doc)) {
      let docs = this.entries.get(key);
      if (!docs) {
        docs = new Set();
        this.entries.set(key, docs);
      }
      docs.add(doc);
    }
  }

  /** `doc` must be the very object that was added (stored documents are immutable). */
  remove(doc: StoredDocument): void {
    for (const key of this.keysOf(doc)) {
      const docs = this.entries.get(key);
      if (!docs) continue;
      docs.delete(doc);
      if (docs.size === 0) this.entries.delete(key);
    }
  }

  lookup(key: string): Iterable<StoredDocument> {
    return this.entries.get(key) ?? [];
  }
}
