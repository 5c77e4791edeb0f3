import type { Pair, Side } from './backends';
import { EXPECTED_DIFFERENCES, type ExpectedDifference } from './expected-differences';
import type { Op, Outcome } from './model';
import { OUTSIDE_FUNCTION, withServerCode } from './node-sdk';
import { interpretInPage, type InterpretResult } from './page-interpreter';
import { interpretInstalled } from './page-runner';

export interface Mismatch {
  index: number;
  op: Op;
  ours: Outcome;
  google: Outcome;
}

export interface EpisodeResult {
  /** Operations whose outcomes were compared. */
  compared: number;
  /** Differences explained by an entry of expected-differences.ts, by entry id. */
  expected: Map<string, number>;
  /** The first difference nothing explains, if any. */
  unexpected: Mismatch | null;
  /** An operation timed out on one side only: the rest of the episode was not compared. */
  timedOut?: Mismatch;
}

let namespaces = 0;

/** A collection prefix no earlier run of this process used, so each run starts from nothing. */
export function freshNamespace(label: string): string {
  namespaces += 1;
  return `${label}${namespaces}`;
}

/** Milliseconds spent per kind of operation, per side (to see where a run's time goes). */
export const timeByOp: Record<Side, Record<string, number>> = { ours: {}, google: {} };

/**
 * How long one operation may take (DIFF_TIMEOUT_MS): generous, since on the shared machine a
 * page's first write waited over 10 s for CPU; an operation that hangs holds up one lane only.
 */
const OPERATION_TIMEOUT_MS = Number(process.env['DIFF_TIMEOUT_MS'] ?? 30_000);

/** REST build errors given the server's code, and those run again in the page since it was not certain. */
export const restErrors = { withServerCode: 0, ranAgainInPage: 0 };

/** Operations that took over a second, with where they ran (to see what a run waits for). */
export const slowOps: Array<{ side: Side; ns: string; index: number; op: string; ms: number }> = [];

/**
 * One in DIFF_IN_PAGE operations of each kind (default 16; 1: all) runs in the page, through the
 * browser build (watch targets, the write stream, snapshot metadata); the others, but listeners,
 * run through the REST build in Node (node-sdk.ts), which costs a fraction of the CPU on both
 * sides. Chosen by the operation's content, so a shrunk reproduction keeps each operation's route.
 */
const IN_PAGE_ONE_IN = Number(process.env['DIFF_IN_PAGE'] ?? 16);

export function runsInPage(op: Op): boolean {
  if (op.op === 'listen' || op.op === 'rules' || IN_PAGE_ONE_IN <= 1) return true;
  let hash = 0;
  for (const char of JSON.stringify(op)) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % IN_PAGE_ONE_IN === 0;
}

/** Consecutive operations that run in the same place. */
function segments(ops: Op[]): Array<{ start: number; ops: Op[]; inPage: boolean }> {
  const result: Array<{ start: number; ops: Op[]; inPage: boolean }> = [];
  for (const [index, op] of ops.entries()) {
    const inPage = runsInPage(op);
    const last = result.at(-1);
    if (last && last.inPage === inPage) last.ops.push(op);
    else result.push({ start: index, ops: [op], inPage });
  }
  return result;
}

/**
 * Runs the operations on one emulator: in the lane's page, or through the Node SDK. The REST
 * build knows only the HTTP status of an error, and reports INVALID_ARGUMENT, FAILED_PRECONDITION
 * and OUT_OF_RANGE (all HTTP 400) as `failed-precondition`: its error takes the code the server
 * sent with it (node-http.ts), and where that is not certain the operation runs again in the
 * page, whose streams carry the server's code. A failed operation changed nothing (a commit is
 * atomic, a transaction that fails commits nothing), so running it again is safe.
 */
async function runOnSide(pair: Pair, side: Side, ops: Op[], ns: string, lane: number, now: number) {
  const outcomes: Outcome[] = [];
  const node = pair.node?.[side];
  const page = pair.lanes[lane]![side];
  const run = async (start: number, count: number, inPage: boolean) => {
    const request = {
      ops: ops.slice(start, start + count),
      ns,
      restBase: pair.stacks[side].firestoreUrl,
      now,
      timeoutMs: OPERATION_TIMEOUT_MS,
      stopOnError: !inPage,
      ...(node ? { outside: OUTSIDE_FUNCTION } : {}),
    };
    const result: InterpretResult =
      inPage || !node
        ? JSON.parse(await interpretInstalled(page, JSON.stringify(request)))
        : await interpretInPage(node, request);
    const where = inPage ? 'page' : 'node';
    for (const [op, ms] of Object.entries(result.msByOp)) {
      const key = `${op}@${where}`;
      timeByOp[side][key] = (timeByOp[side][key] ?? 0) + ms;
    }
    for (const [index, op, ms] of result.slow)
      slowOps.push({ side, ns, index: index + start, op: `${op}@${where}`, ms });
    return result.outcomes;
  };
  for (const segment of node ? segments(ops) : [{ start: 0, ops, inPage: true }]) {
    const end = segment.start + segment.ops.length;
    for (let next = segment.start; next < end;) {
      const got = await run(next, end - next, segment.inPage);
      const last = got.at(-1);
      // The REST build's error codes are made exact from the server's answer; only where that is
      // not certain does the operation run again in the page (a failed operation changed nothing).
      const exact =
        segment.inPage || last === undefined
          ? last
          : withServerCode(pair.stacks[side].firestoreUrl, last);
      if (exact === null) {
        restErrors.ranAgainInPage += 1;
        outcomes.push(...got.slice(0, -1), ...(await run(next + got.length - 1, 1, true)));
      } else {
        if (exact !== last) restErrors.withServerCode += 1;
        outcomes.push(...got.slice(0, -1), ...(exact ? [exact] : []));
      }
      next += got.length;
    }
  }
  return outcomes;
}

/** Runs the same operations on both emulators at once, each on its own side (of `lane`). */
export async function runOnBoth(
  pair: Pair,
  ops: Op[],
  ns: string,
  lane = 0,
): Promise<Record<Side, Outcome[]>> {
  const now = Date.now();
  const [ours, google] = await Promise.all(
    (['ours', 'google'] as const).map((side) => runOnSide(pair, side, ops, ns, lane, now)),
  );
  return { ours: ours!, google: google! };
}

/** Equal but for the wording of an error. */
export function sameOutcome(a: Outcome, b: Outcome): boolean {
  const comparable = (o: Outcome) => JSON.stringify('error' in o ? { error: o.error } : o);
  return comparable(a) === comparable(b);
}

/**
 * An operation ran out of time, or a listener gave up waiting to show what the server answers
 * (page-interpreter.ts, `settle`): on a loaded machine either side can, so it is not a verdict.
 */
const isTimeout = (o: Outcome) =>
  'error' in o
    ? o.error === 'timeout'
    : Array.isArray(o.ok) &&
      o.ok.some((entry) => typeof entry === 'object' && entry !== null && 'timeout' in entry);

const READ_ONLY = new Set(['get', 'rawGet', 'query', 'aggregate']);

function explain(op: Op, ours: Outcome, google: Outcome): ExpectedDifference | undefined {
  return EXPECTED_DIFFERENCES.find((entry) => entry.matches(op, ours, google));
}

/**
 * Compares outcomes in order. An expected difference of a read is counted and the comparison
 * goes on; one of a write stops it, since the two databases no longer hold the same data.
 */
export function compareOutcomes(ops: Op[], outcomes: Record<Side, Outcome[]>): EpisodeResult {
  const expected = new Map<string, number>();
  for (let index = 0; index < ops.length; index++) {
    const op = ops[index]!;
    const ours = outcomes.ours[index]!;
    const google = outcomes.google[index]!;
    if (sameOutcome(ours, google)) continue;
    const entry = explain(op, ours, google);
    if (!entry && (isTimeout(ours) || isTimeout(google))) {
      // Not a verdict: on a loaded machine either side can miss the time limit. The operation
      // may still complete later, so the databases may differ from here on.
      return { compared: index, expected, unexpected: null, timedOut: { index, op, ours, google } };
    }
    if (!entry) return { compared: index + 1, expected, unexpected: { index, op, ours, google } };
    expected.set(entry.id, (expected.get(entry.id) ?? 0) + 1);
    if (!READ_ONLY.has(op.op) && !entry.dataStaysEqual)
      return { compared: index + 1, expected, unexpected: null };
  }
  return { compared: ops.length, expected, unexpected: null };
}

/** Does this sequence still end in an unexpected difference at its last operation? */
async function failsAtEnd(pair: Pair, ops: Op[]): Promise<Mismatch | null> {
  const outcomes = await runOnBoth(pair, ops, freshNamespace('shrink'));
  const result = compareOutcomes(ops, outcomes);
  return result.unexpected && result.unexpected.index === ops.length - 1 ? result.unexpected : null;
}

/**
 * Shrinks a failing sequence (ddmin over the operations before the failing one): drops chunks,
 * then single operations, keeping every removal after which the last operation still differs.
 */
export async function shrink(
  pair: Pair,
  ops: Op[],
  mismatch: Mismatch,
  maxRuns = 200,
  maxMs = 120_000,
): Promise<{ ops: Op[]; mismatch: Mismatch }> {
  let current = ops.slice(0, mismatch.index + 1);
  let last = mismatch;
  // Runs that hit an operation timeout cost seconds each: stop at the budget, keep the best so far.
  const deadline = Date.now() + maxMs;
  let runs = 0;
  let chunk = Math.max(1, Math.floor((current.length - 1) / 2));
  const budgetLeft = () => runs < maxRuns && Date.now() < deadline;
  while (chunk >= 1 && budgetLeft()) {
    let removed = false;
    for (let start = 0; start < current.length - 1 && budgetLeft();) {
      const candidate = [
        ...current.slice(0, start),
        ...current.slice(Math.min(start + chunk, current.length - 1)),
      ];
      runs += 1;
      const still = await failsAtEnd(pair, candidate);
      if (still) {
        current = candidate;
        last = still;
        removed = true;
      } else {
        start += chunk;
      }
    }
    if (!removed) chunk = Math.floor(chunk / 2);
  }
  return { ops: current, mismatch: last };
}

/** What a failing case prints: enough to rerun it by hand or to add it to expected-differences.ts. */
export function describeFailure(
  seed: number,
  episodeIndex: number,
  minimal: { ops: Op[]; mismatch: Mismatch },
): string {
  return [
    `Unexpected difference between this emulator and Google's (DIFF_SEED=${seed}, episode ${episodeIndex}).`,
    `Minimal reproduction (${minimal.ops.length} operations, run in this order on an empty database):`,
    JSON.stringify(minimal.ops, null, 1),
    `ours:   ${JSON.stringify(minimal.mismatch.ours)}`,
    `google: ${JSON.stringify(minimal.mismatch.google)}`,
  ].join('\n');
}
