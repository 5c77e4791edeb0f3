import fs from 'node:fs';
import { FirestoreError } from '../../values/errors';
import { formatFieldPath, parseFieldPath } from '../../values/fieldPaths';
import type { Filter, Order, QueryPlan } from './types';

/**
 * Index checks as production Firestore makes them: a query that the automatic single-field
 * indexes cannot serve is refused with FAILED_PRECONDITION unless `firestore.indexes.json`
 * defines an index that serves it. Which queries need what is documented in tools/emulator/README.md
 * ("Index checks"), after https://firebase.google.com/docs/firestore/query-data/index-overview.
 */

type Scope = 'COLLECTION' | 'COLLECTION_GROUP';
type Direction = 'ASCENDING' | 'DESCENDING';

/** One field of an index, as firestore.indexes.json writes it. */
export interface IndexFieldDefinition {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndexDefinition {
  collectionGroup: string;
  queryScope: Scope;
  fields: IndexFieldDefinition[];
}

export interface FieldOverrideDefinition {
  collectionGroup: string;
  fieldPath: string;
  indexes: Array<{ order?: Direction; arrayConfig?: 'CONTAINS'; queryScope: Scope }>;
}

/** The indexes a project defines, and the file they came from (named in error messages). */
export interface IndexCatalog {
  file: string;
  indexes: CompositeIndexDefinition[];
  fieldOverrides: FieldOverrideDefinition[];
}

const NAME_FIELD = '__name__';

const normalPath = (path: string) =>
  path === NAME_FIELD ? NAME_FIELD : formatFieldPath(parseFieldPath(path));

function fail(file: string, what: string): never {
  throw new Error(`${file}: ${what}`);
}

function readField(raw: unknown, file: string, where: string): IndexFieldDefinition {
  const f = raw as Partial<IndexFieldDefinition> | null;
  if (typeof f !== 'object' || f === null || typeof f.fieldPath !== 'string' || f.fieldPath === '')
    fail(file, `${where} needs a fieldPath`);
  const hasOrder = f.order === 'ASCENDING' || f.order === 'DESCENDING';
  const hasArray = f.arrayConfig === 'CONTAINS';
  if (hasOrder === hasArray)
    fail(file, `${where} (${f.fieldPath}) needs exactly one of order or arrayConfig: "CONTAINS"`);
  return hasOrder
    ? { fieldPath: normalPath(f.fieldPath), order: f.order! }
    : { fieldPath: normalPath(f.fieldPath), arrayConfig: 'CONTAINS' };
}

function readScope(raw: unknown, file: string, where: string): Scope {
  if (raw === undefined) return 'COLLECTION';
  if (raw === 'COLLECTION' || raw === 'COLLECTION_GROUP') return raw;
  return fail(file, `${where} has an unknown queryScope ${JSON.stringify(raw)}`);
}

/** Parses the text of a firestore.indexes.json; throws naming the file and the bad entry. */
export function parseIndexCatalog(text: string, file: string): IndexCatalog {
  let json: { indexes?: unknown; fieldOverrides?: unknown };
  try {
    json = JSON.parse(text) as typeof json;
  } catch (error) {
    return fail(file, `not valid JSON: ${(error as Error).message}`);
  }
  const indexes = (Array.isArray(json.indexes) ? json.indexes : []).map((raw: unknown, i) => {
    const entry = raw as { collectionGroup?: unknown; queryScope?: unknown; fields?: unknown };
    const where = `indexes[${i}]`;
    if (typeof entry?.collectionGroup !== 'string') fail(file, `${where} needs a collectionGroup`);
    if (!Array.isArray(entry.fields) || entry.fields.length === 0)
      fail(file, `${where} needs fields`);
    return {
      collectionGroup: entry.collectionGroup,
      queryScope: readScope(entry.queryScope, file, where),
      fields: entry.fields.map((f, j) => readField(f, file, `${where}.fields[${j}]`)),
    };
  });
  const overrides = Array.isArray(json.fieldOverrides) ? json.fieldOverrides : [];
  const fieldOverrides = overrides.map((raw: unknown, i) => {
    const entry = raw as { collectionGroup?: unknown; fieldPath?: unknown; indexes?: unknown };
    const where = `fieldOverrides[${i}]`;
    if (typeof entry?.collectionGroup !== 'string' || typeof entry.fieldPath !== 'string')
      fail(file, `${where} needs a collectionGroup and a fieldPath`);
    const list = Array.isArray(entry.indexes) ? entry.indexes : [];
    return {
      collectionGroup: entry.collectionGroup,
      fieldPath: normalPath(entry.fieldPath),
      indexes: list.map((index: unknown, j) => {
        const field = readField(
          { ...(index as object), fieldPath: entry.fieldPath },
          file,
          `${where}.indexes[${j}]`,
        );
        const { fieldPath: _omit, ...mode } = field;
        return {
          ...mode,
          queryScope: readScope((index as { queryScope?: unknown }).queryScope, file, where),
        };
      }),
    };
  });
  return { file, indexes, fieldOverrides };
}

/** Reads firestore.indexes.json (once, at start: edits need a restart, as a deploy would). */
export function readIndexCatalog(file: string): IndexCatalog {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return fail(file, `cannot be read: ${(error as Error).message}`);
  }
  return parseIndexCatalog(text, file);
}

/** A field the query constrains by equality (`==`, `in`, is null / NaN) or array membership. */
interface EqualityField {
  path: string;
  contains: boolean;
}

type Leaf = Exclude<Filter, { kind: 'composite' }>;

/** The filter as a disjunction of conjunctions, as production plans OR queries (at most 30). */
function disjuncts(filter: Filter | null): Leaf[][] {
  if (filter === null) return [[]];
  if (filter.kind !== 'composite') return [[filter]];
  const parts = filter.filters.map(disjuncts);
  if (filter.op === 'OR') return parts.flat();
  return parts.reduce<Leaf[][]>(
    (product, part) => product.flatMap((left) => part.map((right) => [...left, ...right])),
    [[]],
  );
}

const EQUALITY_OPERATORS = new Set(['EQUAL', 'IN', 'IS_NULL', 'IS_NAN']);
const CONTAINS_OPERATORS = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);

function equalityFields(conjunction: Leaf[]): EqualityField[] {
  const seen = new Map<string, EqualityField>();
  for (const leaf of conjunction) {
    if (leaf.field === null) continue;
    const contains = CONTAINS_OPERATORS.has(leaf.op);
    if (!contains && !EQUALITY_OPERATORS.has(leaf.op)) continue;
    const path = formatFieldPath(leaf.field);
    seen.set(`${path}|${contains}`, { path, contains });
  }
  return [...seen.values()];
}

interface OrderedField {
  path: string;
  order: Direction;
}

/** The orders an index must hold after the equality fields (`__name__` is in every index). */
function orderedFields(orders: Order[], equalities: EqualityField[]): OrderedField[] {
  const equal = new Set(equalities.filter((e) => !e.contains).map((e) => e.path));
  return orders
    .filter((o): o is Order & { field: string[] } => o.field !== null)
    .map((o) => ({
      path: formatFieldPath(o.field),
      order: o.descending ? ('DESCENDING' as const) : ('ASCENDING' as const),
    }))
    .filter((o) => !equal.has(o.path));
}

const fieldMatchesEquality = (field: IndexFieldDefinition, e: EqualityField) =>
  field.fieldPath === e.path && (e.contains ? field.arrayConfig === 'CONTAINS' : !!field.order);

/**
 * Do the catalog's composite indexes serve these fields? An index serves when it ends with the
 * ordered fields (same directions) and starts with equality fields of the query only; several
 * such indexes together serve the query when they cover all its equality fields (index merging).
 */
function compositeServes(
  catalog: IndexCatalog,
  collectionId: string,
  scope: Scope,
  equalities: EqualityField[],
  ordered: OrderedField[],
): boolean {
  const covered = new Set<string>();
  let exact = false;
  for (const index of catalog.indexes) {
    if (index.collectionGroup !== collectionId) continue;
    // A collection-group index also holds every collection of that id.
    if (scope === 'COLLECTION_GROUP' && index.queryScope !== 'COLLECTION_GROUP') continue;
    const fields =
      index.fields.at(-1)?.fieldPath === NAME_FIELD ? index.fields.slice(0, -1) : index.fields;
    if (fields.length < ordered.length) continue;
    const prefix = fields.slice(0, fields.length - ordered.length);
    const suffix = fields.slice(fields.length - ordered.length);
    const suffixMatches = suffix.every(
      (f, i) => f.fieldPath === ordered[i]!.path && f.order === ordered[i]!.order,
    );
    const prefixMatches = prefix.every((f) => equalities.some((e) => fieldMatchesEquality(f, e)));
    if (!suffixMatches || !prefixMatches) continue;
    if (prefix.length === equalities.length) exact = true;
    for (const f of prefix) covered.add(`${f.fieldPath}|${f.arrayConfig === 'CONTAINS'}`);
  }
  if (exact) return true;
  return equalities.length > 0 && equalities.every((e) => covered.has(`${e.path}|${e.contains}`));
}

function overrideServes(
  catalog: IndexCatalog,
  collectionId: string,
  field: { path: string; contains?: boolean; order?: Direction },
): boolean {
  return catalog.fieldOverrides.some(
    (o) =>
      o.collectionGroup === collectionId &&
      o.fieldPath === field.path &&
      o.indexes.some(
        (i) =>
          i.queryScope === 'COLLECTION_GROUP' &&
          (field.contains
            ? i.arrayConfig === 'CONTAINS'
            : field.order
              ? i.order === field.order
              : !!i.order),
      ),
  );
}

/** What a refusal names: the index to create, as its firestore.indexes.json entry. */
interface Missing {
  composite?: CompositeIndexDefinition;
  single?: { fieldPath: string; mode: string };
}

function missingIndex(plan: QueryPlan, catalog: IndexCatalog, conjunction: Leaf[]): Missing | null {
  const scope: Scope = plan.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  const equalities = equalityFields(conjunction);
  const ordered = orderedFields(plan.orderBy, equalities);
  // Single-field indexes serve one field, and equalities alone by merging them.
  const singleFields = ordered.length === 0 || (ordered.length === 1 && equalities.length === 0);
  if (singleFields) {
    // Collection scope: automatic. Collection-group scope: only through fieldOverrides.
    if (scope === 'COLLECTION') return null;
    const needed = [...equalities, ...ordered.map((o) => ({ ...o, contains: false }))];
    for (const field of needed) {
      if (!overrideServes(catalog, plan.collectionId, field)) {
        const mode = field.contains
          ? 'CONTAINS'
          : 'order' in field && field.order === 'DESCENDING'
            ? 'DESC'
            : 'ASC';
        return { single: { fieldPath: field.path, mode } };
      }
    }
    return null;
  }
  if (compositeServes(catalog, plan.collectionId, scope, equalities, ordered)) return null;
  return {
    composite: {
      collectionGroup: plan.collectionId,
      queryScope: scope,
      fields: [
        ...equalities.map((e): IndexFieldDefinition =>
          e.contains
            ? { fieldPath: e.path, arrayConfig: 'CONTAINS' }
            : { fieldPath: e.path, order: 'ASCENDING' },
        ),
        ...ordered.map((o) => ({ fieldPath: o.path, order: o.order })),
      ],
    },
  };
}

/** Protocol-buffer field encoders, enough for the console link's Index message. */
function varint(n: number): number[] {
  const out: number[] = [];
  for (; n > 0x7f; n >>>= 7) out.push((n & 0x7f) | 0x80);
  out.push(n);
  return out;
}
const enumField = (tag: number, value: number) => [...varint(tag << 3), ...varint(value)];
function bytesField(tag: number, value: number[] | string): number[] {
  const body = typeof value === 'string' ? [...Buffer.from(value, 'utf8')] : value;
  return [...varint((tag << 3) | 2), ...varint(body.length), ...body];
}

/** A google.firestore.admin.v1.Index (what the console link carries), `__name__` last. */
function indexProto(database: string, index: CompositeIndexDefinition): Buffer {
  const lastOrder = index.fields.at(-1)?.order ?? 'ASCENDING';
  const fields = [...index.fields, { fieldPath: NAME_FIELD, order: lastOrder }].map((f) =>
    bytesField(3, [
      ...bytesField(1, f.fieldPath),
      ...('arrayConfig' in f && f.arrayConfig === 'CONTAINS'
        ? enumField(3, 1)
        : enumField(2, f.order === 'DESCENDING' ? 2 : 1)),
    ]),
  );
  return Buffer.from([
    ...bytesField(1, `${database}/collectionGroups/${index.collectionGroup}/indexes/_`),
    ...enumField(2, index.queryScope === 'COLLECTION' ? 1 : 2),
    ...fields.flat(),
  ]);
}

function refusal(plan: QueryPlan, catalog: IndexCatalog, missing: Missing): FirestoreError {
  const project = plan.database.split('/')[1] ?? '';
  const console = `https://console.firebase.google.com/v1/r/project/${project}/firestore/indexes`;
  if (missing.single) {
    const { fieldPath, mode } = missing.single;
    const override = {
      collectionGroup: plan.collectionId,
      fieldPath,
      indexes: [
        mode === 'CONTAINS'
          ? { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION_GROUP' }
          : {
              order: mode === 'DESC' ? 'DESCENDING' : 'ASCENDING',
              queryScope: 'COLLECTION_GROUP',
            },
      ],
    };
    return FirestoreError.of(
      'FAILED_PRECONDITION',
      `The query requires a COLLECTION_GROUP_${mode} index for collection ${plan.collectionId} ` +
        `and field ${fieldPath}. You can create it here: ${console}/single_field\n\n` +
        `This emulator checks indexes against ${catalog.file}; add to its "fieldOverrides":\n` +
        JSON.stringify(override, null, 2),
    );
  }
  const composite = missing.composite!;
  const link = indexProto(plan.database, composite).toString('base64').replace(/=+$/, '');
  return FirestoreError.of(
    'FAILED_PRECONDITION',
    `The query requires an index. You can create it here: ${console}?create_composite=${link}\n\n` +
      `This emulator checks indexes against ${catalog.file}; add to its "indexes":\n` +
      JSON.stringify(composite, null, 2),
  );
}

/** Throws production's FAILED_PRECONDITION when no index of the catalog can serve the query. */
export function checkIndexes(plan: QueryPlan, catalog: IndexCatalog): void {
  const terms = disjuncts(plan.where);
  // Production refuses bigger disjunctions anyway; the query's own validation says why.
  if (terms.length > 30) return;
  for (const conjunction of terms) {
    const missing = missingIndex(plan, catalog, conjunction);
    if (missing) throw refusal(plan, catalog, missing);
  }
}
