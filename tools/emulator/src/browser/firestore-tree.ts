/** The shape of the stored data, worked out from document names (the engine keeps no tree). */

const DOCUMENTS = '/documents';

export type PathKind = 'database' | 'collection' | 'document';

/** `projects/p/databases/d` of every database holding data, sorted. */
export function databasesOf(names: string[]): string[] {
  const found = new Set<string>();
  for (const name of names) {
    const at = name.indexOf(DOCUMENTS + '/');
    if (at > 0) found.add(name.slice(0, at));
  }
  return [...found].sort();
}

/** What a path names: a database's document root, a collection or a document; null if neither. */
export function kindOf(path: string): PathKind | null {
  const match = /^projects\/[^/]+\/databases\/[^/]+\/documents(\/.*)?$/.exec(path);
  if (!match) return null;
  const rest = match[1];
  if (rest === undefined) return 'database';
  const segments = rest.slice(1).split('/');
  if (segments.some((s) => s === '')) return null;
  return segments.length % 2 === 1 ? 'collection' : 'document';
}

/** The segments under `path`, for names below it. */
function restsUnder(names: string[], path: string): string[][] {
  const prefix = path + '/';
  return names.filter((n) => n.startsWith(prefix)).map((n) => n.slice(prefix.length).split('/'));
}

/** Collections directly under a database root or a document, with how many documents each holds. */
export function collectionsUnder(
  names: string[],
  path: string,
): Array<{ id: string; documents: number }> {
  const counts = new Map<string, number>();
  for (const rest of restsUnder(names, path)) {
    if (rest.length < 2) continue;
    counts.set(rest[0]!, (counts.get(rest[0]!) ?? 0) + (rest.length === 2 ? 1 : 0));
  }
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, documents]) => ({ id, documents }));
}

/** Document ids of a collection, including ids that only have subcollections (no document). */
export function documentsIn(
  names: string[],
  collection: string,
): Array<{ id: string; exists: boolean }> {
  const ids = new Map<string, boolean>();
  for (const rest of restsUnder(names, collection)) {
    ids.set(rest[0]!, (ids.get(rest[0]!) ?? false) || rest.length === 1);
  }
  return [...ids].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, exists]) => ({ id, exists }));
}

/** Breadcrumbs from the database root down to `path`: [label, path]. */
export function crumbsOf(path: string): Array<[string, string]> {
  const at = path.indexOf(DOCUMENTS);
  const root = path.slice(0, at + DOCUMENTS.length);
  const crumbs: Array<[string, string]> = [[root.slice(0, at), root]];
  const rest = path.slice(root.length).split('/').filter(Boolean);
  let current = root;
  for (const segment of rest) {
    current += '/' + segment;
    crumbs.push([segment, current]);
  }
  return crumbs;
}
