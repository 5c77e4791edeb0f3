import type { Side } from './backends';
import {
  DOC_IDS,
  collectionOf,
  type CommitWrite,
  type CommitsCase,
  type DocId,
  type Plain,
  type Precondition,
  type Transform,
} from './commits-generate';
import type { RestPair } from './rest-pair';

/** A time no document of the run has: the `stale` updateTime precondition. */
const STALE_TIME = '2020-01-01T00:00:00.000001Z';
/** Timestamps after this were written by a server (`serverTimestamp()`): compared as such. */
const SERVER_TIME_SINCE = Date.now() - 24 * 3600 * 1000;

type WireValue = Record<string, unknown>;

function toValue(value: Plain): WireValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toValue) } };
  return { mapValue: { fields: toFields(value) } };
}

function toFields(data: Record<string, Plain>): Record<string, WireValue> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, toValue(v)]));
}

function wireTransform(t: Transform): Record<string, unknown> {
  const fieldPath = t.field;
  if ('increment' in t) return { fieldPath, increment: toValue(t.increment) };
  if ('maximum' in t) return { fieldPath, maximum: toValue(t.maximum) };
  if ('minimum' in t) return { fieldPath, minimum: toValue(t.minimum) };
  if ('union' in t) return { fieldPath, appendMissingElements: { values: t.union.map(toValue) } };
  if ('remove' in t) return { fieldPath, removeAllFromArray: { values: t.remove.map(toValue) } };
  return { fieldPath, setToServerValue: 'REQUEST_TIME' };
}

/** What one side knows of its documents' update times, for `updateTime` preconditions. */
export type UpdateTimes = Map<DocId, string>;

function wirePrecondition(pre: Precondition | undefined, doc: DocId, times: UpdateTimes) {
  if (pre === undefined) return {};
  if ('exists' in pre) return { currentDocument: { exists: pre.exists } };
  const time = pre.updateTime === 'current' ? (times.get(doc) ?? STALE_TIME) : STALE_TIME;
  return { currentDocument: { updateTime: time } };
}

function docOf(write: CommitWrite): DocId {
  if ('set' in write) return write.set;
  if ('update' in write) return write.update;
  if ('transform' in write) return write.transform;
  if ('delete' in write) return write.delete;
  return write.verify;
}

/** One write as the REST API takes it, on one side (whose update times it reads). */
export function wireWrite(
  write: CommitWrite,
  nameOf: (doc: DocId) => string,
  times: UpdateTimes,
): Record<string, unknown> {
  const doc = docOf(write);
  const name = nameOf(doc);
  const pre = wirePrecondition(write.pre, doc, times);
  if ('set' in write || 'update' in write) {
    return {
      update: { name, fields: toFields(write.data) },
      ...('update' in write ? { updateMask: { fieldPaths: write.mask } } : {}),
      ...(write.transforms ? { updateTransforms: write.transforms.map(wireTransform) } : {}),
      ...pre,
    };
  }
  if ('transform' in write) {
    return {
      transform: { document: name, fieldTransforms: write.transforms.map(wireTransform) },
      ...pre,
    };
  }
  if ('delete' in write) return { delete: name, ...pre };
  return { verify: name, ...pre };
}

/**
 * A value as compared: its type and value, timestamps a server wrote as "server time", arrays and
 * maps in the same form however the proto3 JSON left out empty parts.
 */
export function comparable(value: unknown): unknown {
  const v = value as Record<string, unknown>;
  if ('timestampValue' in v) {
    const ms = Date.parse(String(v['timestampValue']));
    return ms > SERVER_TIME_SINCE ? 'server time' : { t: v['timestampValue'] };
  }
  if ('integerValue' in v) return { i: String(v['integerValue']) };
  if ('doubleValue' in v) return { d: String(Number(v['doubleValue'])) };
  if ('arrayValue' in v) {
    const values = ((v['arrayValue'] as { values?: unknown[] }).values ?? []).map(comparable);
    return { a: values };
  }
  if ('mapValue' in v) {
    return { m: comparableFields((v['mapValue'] as { fields?: Record<string, unknown> }).fields) };
  }
  return v;
}

function comparableFields(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(fields ?? {})
      .sort()
      .map((k) => [k, comparable(fields![k])]),
  );
}

/** A commit's outcome as compared: the error's status, or each write's result. */
export type CommitOutcome =
  /** The message is for the reader: only the status is compared (see `compared`). */
  | { error: string; message?: string }
  | { ok: Array<{ time: 'commit' | 'earlier' | 'none'; transforms?: unknown[] }> };

interface CommitReplyBody {
  commitTime?: string;
  writeResults?: Array<{ updateTime?: string; transformResults?: unknown[] }>;
  error?: { status?: string; message?: string };
}

/** What is compared of an outcome: all but an error's message. */
export function compared(outcome: CommitOutcome | undefined): string {
  if (outcome === undefined || 'ok' in outcome) return JSON.stringify(outcome);
  return outcome.error;
}

/** Runs one case on one side: seed, commits in order, then reads its documents back. */
export async function runCase(
  pair: RestPair,
  side: Side,
  index: number,
  testCase: CommitsCase,
): Promise<{ outcomes: CommitOutcome[]; documents: unknown[] }> {
  const collection = collectionOf(index);
  const nameOf = (doc: DocId) => `${pair.database}/documents/${collection}/${doc}`;
  const commitPath = `/v1/${pair.database}/documents:commit`;
  const times: UpdateTimes = new Map();
  const seedWrites = Object.entries(testCase.seed).map(([doc, data]) => ({
    update: { name: nameOf(doc as DocId), fields: toFields(data!) },
  }));
  if (seedWrites.length > 0) {
    const seeded = await pair.send(side, 'POST', commitPath, { writes: seedWrites }, 'admin');
    if (seeded.status !== 200)
      throw new Error(`seed refused on ${side}: ${JSON.stringify(seeded.body)}`);
    const results = (seeded.body as CommitReplyBody).writeResults ?? [];
    Object.keys(testCase.seed).forEach((doc, i) =>
      times.set(doc as DocId, results[i]!.updateTime!),
    );
  }
  const outcomes: CommitOutcome[] = [];
  for (const { as, writes } of testCase.commits) {
    const wire = writes.map((w) => wireWrite(w, nameOf, times));
    const reply = await pair.send(side, 'POST', commitPath, { writes: wire }, as);
    const body = reply.body as CommitReplyBody;
    if (reply.status !== 200) {
      outcomes.push({
        error: body?.error?.status ?? `HTTP ${reply.status}`,
        message: String(body?.error?.message ?? '').slice(0, 300),
      });
      continue;
    }
    const results = body.writeResults ?? [];
    outcomes.push({
      ok: results.map((r) => ({
        time:
          r.updateTime === undefined
            ? 'none'
            : r.updateTime === body.commitTime
              ? 'commit'
              : 'earlier',
        ...(r.transformResults ? { transforms: r.transformResults.map(comparable) } : {}),
      })),
    });
    writes.forEach((w, i) => {
      const doc = docOf(w);
      if ('delete' in w) times.delete(doc);
      else if (!('verify' in w) && results[i]?.updateTime) times.set(doc, results[i]!.updateTime!);
    });
  }
  const read = await pair.send(
    side,
    'POST',
    `/v1/${pair.database}/documents:batchGet`,
    { documents: DOC_IDS.map(nameOf) },
    'admin',
  );
  const found = (read.body as Array<{ found?: { name: string; fields?: Record<string, unknown> } }>)
    .filter((entry) => entry.found)
    .map((entry) => ({
      id: entry.found!.name.split('/').pop(),
      fields: comparableFields(entry.found!.fields),
    }))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
  return { outcomes, documents: found };
}
