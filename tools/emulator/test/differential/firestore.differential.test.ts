/**
 * The differential test: seeded random operations through the real firebase SDK (browser build in
 * Chromium, REST build in Node) against this emulator and Google's Cloud Firestore emulator, every
 * outcome compared. Size and seed:
 * DIFF_OPS (default 5,000, see OPS) and DIFF_SEED (default 1). See README.md in this folder.
 */
import fs from 'node:fs';
import { referenceInstall } from '../harness/reference';
import { startPair, type Pair } from './backends';
import {
  compareOutcomes,
  describeFailure,
  freshNamespace,
  restErrors,
  runOnBoth,
  shrink,
  slowOps,
  timeByOp,
  type EpisodeResult,
} from './differ';
import { episode } from './generate';
import type { Op } from './model';
import { Random } from './random';

// The CI size (DIFF_OPS): 5,000 operations, about 50 CPU-seconds of CI; test/differential/README.md,
// "Size", has what it costs.
const OPS = Number(process.env['DIFF_OPS'] ?? 5_000);
const SEED = Number(process.env['DIFF_SEED'] ?? 1);
const EPISODE_SIZE = Number(process.env['DIFF_EPISODE'] ?? 200);
// Pages per emulator running episodes at once (DIFF_LANES).
const LANES = Number(process.env['DIFF_LANES'] ?? 4);

const install = referenceInstall();

/** How many operations took over 1 s, and their seconds, per side and kind. */
function slowByKind(): Record<string, [number, number]> {
  const counts: Record<string, [number, number]> = {};
  for (const { side, op, ms } of slowOps) {
    const entry = (counts[`${side} ${op}`] ??= [0, 0]);
    entry[0] += 1;
    entry[1] = Math.round(entry[1] + ms / 1000);
  }
  return counts;
}

(install ? describe : describe.skip)('differential: this emulator against Google’s', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair({
      projectId: 'demo-differential',
      install: install!,
      lanes: LANES,
      nodeSdk: true,
    });
    // Google's emulator answers its first requests slowly (JIT); warm both up outside the run.
    await runOnBoth(pair, episode(new Random(0), 30), 'warmup');
    // Every lane's pages open their streams before the run (a first write waits for that).
    for (const [lane] of pair.lanes.entries())
      await runOnBoth(pair, [{ op: 'get', path: 'c/d0' }], freshNamespace('warm'), lane);
  }, 300_000);
  afterAll(() => pair?.stop());

  // Only on request: replays a printed reproduction (a JSON file of operations) and shows both outcomes.
  (process.env['DIFF_REPLAY'] ? it : it.skip)(
    'replays DIFF_REPLAY',
    async () => {
      const ops = JSON.parse(fs.readFileSync(process.env['DIFF_REPLAY']!, 'utf8')) as Op[];
      const outcomes = await runOnBoth(pair, ops, freshNamespace('replay'));
      ops.forEach((op, i) =>
        console.log(
          `${JSON.stringify(op)}\nours:   ${JSON.stringify(outcomes.ours[i])}\ngoogle: ${JSON.stringify(outcomes.google[i])}`,
        ),
      );
      expect(compareOutcomes(ops, outcomes).unexpected).toBeNull();
    },
    600_000,
  );

  it(
    `agrees on ${OPS} seeded random operations (DIFF_SEED=${SEED}), but for the expected differences`,
    async () => {
      const started = Date.now();
      // Episodes come from one seeded sequence, so a seed names the same operations whatever the lanes.
      const rng = new Random(SEED);
      const episodes: Op[][] = [];
      for (let generated = 0; generated < OPS; generated += episodes.at(-1)!.length)
        episodes.push(episode(rng, Math.min(EPISODE_SIZE, OPS - generated)));
      const results = new Array<EpisodeResult | undefined>(episodes.length);
      let next = 0;
      let failedAt = Infinity;
      // Each lane takes the next episode; after a difference, lanes stop taking later ones.
      await Promise.all(
        pair.lanes.map(async (_, lane) => {
          for (let index = next++; index < episodes.length && index < failedAt; index = next++) {
            const ops = episodes[index]!;
            const outcomes = await runOnBoth(pair, ops, freshNamespace(`s${SEED}e${index}x`), lane);
            const result = compareOutcomes(ops, outcomes);
            if (process.env['DIFF_VERBOSE']) console.log(JSON.stringify({ index, ops, outcomes }));
            results[index] = result;
            if (!result.unexpected) continue;
            if (process.env['DIFF_COLLECT']) {
              // Survey mode: note the difference and go on, to see many at once.
              fs.appendFileSync(
                process.env['DIFF_COLLECT'],
                `${JSON.stringify({ episode: index, ...result.unexpected })}\n`,
              );
              continue;
            }
            failedAt = Math.min(failedAt, index);
          }
        }),
      );
      const ran = results.filter((r): r is EpisodeResult => r !== undefined);
      const firstFailure = process.env['DIFF_COLLECT']
        ? -1
        : results.findIndex((r) => r?.unexpected);
      if (firstFailure >= 0) {
        const unexpected = results[firstFailure]!.unexpected!;
        // Shown before shrinking, which may take its whole time budget.
        console.log(
          `DIFF_SEED=${SEED} episode ${firstFailure}: unexpected difference, shrinking\n` +
            JSON.stringify(unexpected),
        );
        const minimal = await shrink(pair, episodes[firstFailure]!, unexpected);
        throw new Error(describeFailure(SEED, firstFailure, minimal));
      }
      const expected = new Map<string, number>();
      for (const result of ran)
        for (const [id, count] of result.expected)
          expected.set(id, (expected.get(id) ?? 0) + count);
      const compared = ran.reduce((sum, r) => sum + r.compared, 0);
      const timedOut = ran.flatMap((r) => (r.timedOut ? [r.timedOut] : []));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const round = (_: string, v: unknown) =>
        typeof v === 'number' ? Math.round(v / 100) / 10 : v;
      console.log(
        `differential (DIFF_SEED=${SEED}, ${pair.lanes.length} lanes): ${OPS} operations run on ` +
          `both emulators, ${compared} compared, in ${seconds} s; expected differences seen: ` +
          JSON.stringify(Object.fromEntries(expected)) +
          `; seconds per kind of operation: ${JSON.stringify(timeByOp, round)}` +
          `; REST build errors given the server's code: ${restErrors.withServerCode}, run again in the page: ${restErrors.ranAgainInPage}` +
          `; operations over 1 s: ${slowOps.length}, by side and kind ${JSON.stringify(slowByKind())}` +
          `, the slowest ${JSON.stringify(slowOps.toSorted((a, b) => b.ms - a.ms).slice(0, 20))}` +
          `; episodes cut short by a time-out on one side: ${timedOut.length} ` +
          JSON.stringify(timedOut.map((t) => [t.op.op, 'error' in t.ours ? 'ours' : 'google'])),
      );
      // Operations after an expected difference in a write, or after a time-out, are not compared
      // (the data may have diverged); most must be, or the run proved little.
      expect(compared).toBeGreaterThanOrEqual(OPS * 0.5);
    },
    Math.max(900_000, OPS * 150),
  );
});
