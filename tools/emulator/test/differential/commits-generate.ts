import type { Random } from './random';

/**
 * Whole commits for the rules differential: each case is one collection (`k<i>`) with generated
 * `create`, `update` and `delete` rules that read `resource`, `request.resource`, `get()`,
 * `exists()`, `getAfter()` and `existsAfter()`, a few seed documents, and commits of several
 * writes that often write one document more than once (set, update with a mask, transforms of
 * every kind, delete, verify) under `exists` and `updateTime` preconditions. Plain JSON, so a
 * failing case prints as its own reproduction.
 */

export type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

/** The case's documents, `k<i>/d0` .. `k<i>/d3`. */
export const DOC_IDS = ['d0', 'd1', 'd2', 'd3'] as const;
export type DocId = (typeof DOC_IDS)[number];

export type Precondition =
  | { exists: boolean }
  /** The document's update time as this side last saw it, or one it never had. */
  | { updateTime: 'current' | 'stale' };

export type Transform =
  | { field: string; increment: number }
  | { field: string; maximum: number }
  | { field: string; minimum: number }
  | { field: string; union: Plain[] }
  | { field: string; remove: Plain[] }
  | { field: string; serverTime: true };

export type CommitWrite =
  | { set: DocId; data: Record<string, Plain>; transforms?: Transform[]; pre?: Precondition }
  | {
      update: DocId;
      data: Record<string, Plain>;
      mask: string[];
      transforms?: Transform[];
      pre?: Precondition;
    }
  | { transform: DocId; transforms: Transform[]; pre?: Precondition }
  | { delete: DocId; pre?: Precondition }
  | { verify: DocId; pre: Precondition };

export interface CommitsCase {
  /** The conditions of `allow create`, `allow update` and `allow delete` on `k<i>/{d}`. */
  rules: { create: string; update: string; delete: string };
  /** Written by the admin before the commits (a missing id is no document). */
  seed: Partial<Record<DocId, Record<string, Plain>>>;
  /** Each commit's writes and the member who sends it. */
  commits: Array<{ as: 'alice' | 'bob'; writes: CommitWrite[] }>;
}

const FIELDS = ['n', 'l', 's', 'm'] as const;

function value(rng: Random, field: string): Plain {
  switch (field) {
    case 'n':
      return rng.pick([0, 1, 2, 3, -1, 1.5, 'x', null]);
    case 'l':
      return rng.pick([[], ['a'], ['a', 'b'], ['b', 'a', 'a'], [1, 'a'], [1]]);
    case 's':
      return rng.pick(['x', 'y', '', 'alice']);
    case 'm.x':
      return rng.pick([0, 1, 2]);
    default:
      return rng.pick<Plain>([{ x: 1 }, { x: 2, y: 1 }, {}]);
  }
}

function documentData(rng: Random): Record<string, Plain> {
  const data: Record<string, Plain> = {};
  for (const field of rng.sample(FIELDS, 1 + rng.int(FIELDS.length)))
    data[field] = value(rng, field);
  return data;
}

function transform(rng: Random, field: string): Transform {
  switch (rng.int(6)) {
    case 0:
      return { field, increment: rng.pick([1, -1, 2, 0.5]) };
    case 1:
      return { field, maximum: rng.pick([0, 2, 1.5]) };
    case 2:
      return { field, minimum: rng.pick([0, 2, -1]) };
    case 3:
      return { field, union: rng.pick([['a'], ['c'], ['a', 'c'], [1]]) };
    case 4:
      return { field, remove: rng.pick([['a'], ['b'], [1]]) };
    default:
      return { field, serverTime: true };
  }
}

/** Transforms on fields the write's data leaves alone, one per field. */
function transforms(rng: Random, taken: string[]): Transform[] | undefined {
  if (!rng.chance(0.45)) return undefined;
  const free = ['n', 'l', 't', 'm.x'].filter(
    (f) => !taken.some((t) => t === f || f.startsWith(`${t}.`) || t.startsWith(`${f}.`)),
  );
  if (free.length === 0) return undefined;
  return rng.sample(free, 1 + rng.int(Math.min(2, free.length))).map((f) => transform(rng, f));
}

function precondition(rng: Random, kinds: Array<Precondition | null>): Precondition | undefined {
  return rng.pick(kinds) ?? undefined;
}

const CURRENT: Precondition = { updateTime: 'current' };
const STALE: Precondition = { updateTime: 'stale' };

/**
 * One write to `doc`. `earlier` is what the commit did to it so far: most writes are ones Google's
 * emulator can collapse with that (no insert after a write, nothing requiring the document after
 * a delete, no second `updateTime`), a few are not, to check that both refuse them alike.
 */
function write(rng: Random, doc: DocId, earlier: 'none' | 'written' | 'deleted'): CommitWrite {
  const valid = rng.chance(0.9);
  const first = earlier === 'none';
  const requiresOk = !valid || earlier !== 'deleted';
  const insertOk = !valid || earlier !== 'written';
  const versionOk = !valid || first;
  const pick = (kinds: Array<Precondition | null>) =>
    precondition(
      rng,
      kinds.filter(
        (k) =>
          k === null ||
          ('exists' in k ? (k.exists ? requiresOk : insertOk) : versionOk && requiresOk),
      ),
    );
  const roll = rng.next();
  if (roll < 0.3) {
    // updateDoc: the mask's fields; a path in the mask without a value deletes the field.
    const mask = rng.sample(['n', 'l', 's', 'm', 'm.x'], 1 + rng.int(3));
    if (mask.includes('m') && mask.includes('m.x')) mask.splice(mask.indexOf('m.x'), 1);
    const data: Record<string, Plain> = {};
    for (const path of mask.filter(() => rng.chance(0.85))) {
      if (path === 'm.x') data['m'] = { x: value(rng, 'm.x') };
      else data[path] = value(rng, path);
    }
    const pre = pick([{ exists: true }, { exists: true }, null, CURRENT]);
    const t = transforms(rng, mask);
    return { update: doc, data, mask, ...(t ? { transforms: t } : {}), ...(pre ? { pre } : {}) };
  }
  if (roll < 0.55) {
    const data = documentData(rng);
    const t = transforms(rng, Object.keys(data));
    const pre = pick([null, null, null, null, { exists: false }, CURRENT, STALE]);
    return { set: doc, data, ...(t ? { transforms: t } : {}), ...(pre ? { pre } : {}) };
  }
  if (roll < 0.78) {
    const t = transforms(rng, []) ?? [transform(rng, rng.pick(['n', 'l', 't']))];
    const pre = pick([{ exists: true }, null, null, CURRENT]);
    return { transform: doc, transforms: t, ...(pre ? { pre } : {}) };
  }
  if (roll < 0.96) {
    const pre = pick([null, null, null, { exists: true }, CURRENT]);
    return { delete: doc, ...(pre ? { pre } : {}) };
  }
  return {
    verify: doc,
    pre: rng.pick<Precondition>([{ exists: true }, { exists: false }, CURRENT]),
  };
}

/**
 * One commit: 1 to 6 writes, most of them to a document the commit already writes; a verified
 * document is mostly left alone by the others (Google's refuses a commit that writes it too).
 */
function commit(rng: Random): CommitWrite[] {
  const writes: CommitWrite[] = [];
  const done = new Map<DocId, 'written' | 'deleted' | 'verified'>();
  const count = 1 + rng.int(6);
  for (let i = 0; i < count; i++) {
    const strict = rng.chance(0.9);
    const open = DOC_IDS.filter((d) => !strict || done.get(d) !== 'verified');
    const used = [...done.keys()].filter((d) => open.includes(d));
    const doc = used.length > 0 && rng.chance(0.6) ? rng.pick(used) : rng.pick(open);
    if (doc === undefined) break;
    const earlier = done.get(doc);
    let next = write(rng, doc, earlier === undefined || earlier === 'verified' ? 'none' : earlier);
    if ('verify' in next && strict && earlier !== undefined) next = { delete: doc };
    if ('verify' in next) done.set(doc, 'verified');
    else done.set(doc, 'delete' in next ? 'deleted' : 'written');
    writes.push(next);
  }
  return writes;
}

const R = 'request.resource.data';
const E = 'resource.data';

/** A document of the case in a path: its own collection, a plain or `$(...)` id. */
function docPath(rng: Random, collection: string): string {
  const id = rng.pick(DOC_IDS);
  return `/databases/$(database)/documents/${collection}/${rng.chance(0.7) ? id : `$('${id}')`}`;
}

type Atom = (rng: Random, collection: string) => string;

const ATOMS: Atom[] = [
  () => `${R}.n is int`,
  (rng) => `${R}.get('n', 0) ${rng.pick(['<=', '>', '=='])} ${rng.pick([0, 1, 2, 3])}`,
  (rng) => `${R}.get('l', []).size() ${rng.pick(['<=', '=='])} ${rng.pick([0, 1, 2])}`,
  (rng) => `${rng.pick(["'a'", "'c'", '1'])} in ${R}.get('l', [])`,
  (rng) =>
    `${R}.keys().hasOnly([${rng.sample(["'n'", "'l'", "'s'", "'m'", "'t'"], 3).join(', ')}])`,
  (rng) => `${R}.get('s', '') ${rng.pick(['==', '!='])} ${rng.pick(["'x'", "'alice'", "''"])}`,
  () => `${R}.get('t', null) == request.time`,
  (rng) => `${R}.get(['m', 'x'], 0) ${rng.pick(['==', '<'])} ${rng.pick([1, 2])}`,
  (rng) => `${R}.n ${rng.pick(['==', '>'])} ${E}.n${rng.pick(['', ' + 1'])}`,
  (rng) =>
    `${R}.diff(${E}).affectedKeys().hasOnly([${rng.sample(["'n'", "'l'", "'t'", "'m'"], 2).join(', ')}])`,
  (rng) => `${E}.get('n', 0) ${rng.pick(['<', '>='])} ${rng.pick([1, 2])}`,
  () => `${E}.get('l', []).size() < ${R}.get('l', []).size()`,
  (rng, c) => `existsAfter(${docPath(rng, c)})`,
  (rng, c) => `!exists(${docPath(rng, c)})`,
  (rng, c) =>
    `getAfter(${docPath(rng, c)}).data.get('n', 0) ${rng.pick(['==', '<'])} ${rng.pick([1, 2, `${R}.get('n', 0)`])}`,
  (rng, c) =>
    `get(${docPath(rng, c)}).data.get('l', []).size() ${rng.pick(['<', '=='])} getAfter(${docPath(rng, c)}).data.get('l', []).size()`,
  () => `getAfter(request.path).data.get('n', 0) == ${R}.get('n', 0)`,
  (rng) => `request.auth.uid == ${rng.pick(["'alice'", `${R}.get('s', '')`])}`,
  () => `request.method == 'update'`,
];

function condition(rng: Random, collection: string, depth = 0): string {
  const roll = rng.next();
  if (depth < 2 && roll < 0.35) {
    const op = rng.pick(['&&', '||']);
    return `(${condition(rng, collection, depth + 1)} ${op} ${condition(rng, collection, depth + 1)})`;
  }
  if (roll < 0.45) return rng.chance(0.8) ? 'true' : 'false';
  const atom = rng.pick(ATOMS)(rng, collection);
  return rng.chance(0.15) ? `!(${atom})` : atom;
}

export function collectionOf(index: number): string {
  return `k${index}`;
}

/** A case for collection `k<index>`: its rules, seed documents and commits. */
export function commitsCase(rng: Random, index: number, commitCount: number): CommitsCase {
  const collection = collectionOf(index);
  const seed: CommitsCase['seed'] = {};
  for (const id of DOC_IDS) if (rng.chance(0.5)) seed[id] = documentData(rng);
  return {
    rules: {
      create: condition(rng, collection),
      update: condition(rng, collection),
      delete: condition(rng, collection),
    },
    seed,
    commits: Array.from({ length: commitCount }, () => ({
      as: rng.chance(0.8) ? ('alice' as const) : ('bob' as const),
      writes: commit(rng),
    })),
  };
}

/** The rules of a batch of cases: `k<i>` for case i. */
export function commitsRulesSource(cases: CommitsCase[]): string {
  const matches = cases.map(
    (c, i) =>
      `    match /${collectionOf(i)}/{d} {\n      allow read: if true;\n` +
      `      allow create: if ${c.rules.create};\n      allow update: if ${c.rules.update};\n` +
      `      allow delete: if ${c.rules.delete};\n    }`,
  );
  return [
    "rules_version = '2';",
    'service cloud.firestore {',
    '  match /databases/{database}/documents {',
    ...matches,
    '  }',
    '}',
    '',
  ].join('\n');
}
