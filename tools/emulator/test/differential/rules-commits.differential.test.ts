/**
 * The rules engines compared on whole commits: generated rules (`create`, `update`, `delete`
 * reading `resource`, `request.resource`, get/exists/getAfter/existsAfter) judge generated
 * commits that write one document several times, with transforms and preconditions, sent over
 * REST from Node to this emulator and to Google's. Each commit's outcome (its error's status, or
 * every write's result) and the documents at the end of each case must agree. DIFF_COMMITS
 * commits (default 5,000), DIFF_SEED (default 1), DIFF_COMMIT_LANES cases at once (default 6).
 */
import fs from 'node:fs';
import { referenceInstall } from '../harness/reference';
import type { Side } from './backends';
import { commitsCase, commitsRulesSource, type CommitsCase } from './commits-generate';
import { compared, runCase, type CommitOutcome } from './commits-run';
import { EXPECTED_DIFFERENCES } from './expected-differences';
import { Random } from './random';
import { startRestPair, type RestPair } from './rest-pair';

const COMMITS = Number(process.env['DIFF_COMMITS'] ?? 5_000);
const SEED = Number(process.env['DIFF_SEED'] ?? 1);
const LANES = Number(process.env['DIFF_COMMIT_LANES'] ?? 6);
const COMMITS_PER_CASE = 8;
/** Cases that share one ruleset (one collection each) and run between two clears. */
const CASES_PER_BATCH = 60;
const REPORTED = 5;

const install = referenceInstall();

/** The case cut after the commit where the two sides first differ: the reproduction. */
function reproduction(testCase: CommitsCase, commits: number): string {
  return JSON.stringify({ ...testCase, commits: testCase.commits.slice(0, commits) });
}

async function inLanes<T>(items: T[], lanes: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

(install ? describe : describe.skip)(
  'differential rules on whole commits: this engine against Google’s',
  () => {
    let pair: RestPair | undefined;
    beforeAll(async () => {
      pair = await startRestPair({
        projectId: 'demo-differential-commits',
        install: install!,
        connections: LANES,
      });
    }, 180_000);
    afterAll(() => pair?.stop());

    const replay = process.env['DIFF_REPLAY_CASE'];
    (replay ? it : it.skip)(
      'replays one printed case (DIFF_REPLAY_CASE=case.json)',
      async () => {
        const testCase = JSON.parse(fs.readFileSync(replay!, 'utf8')) as CommitsCase;
        expect(await pair!.setRules('ours', commitsRulesSource([testCase]))).toBe(true);
        expect(await pair!.setRules('google', commitsRulesSource([testCase]))).toBe(true);
        await pair!.clear();
        const [ours, google] = await Promise.all(
          (['ours', 'google'] as Side[]).map((side) => runCase(pair!, side, 0, testCase)),
        );
        testCase.commits.forEach((c, i) =>
          console.log(
            `${i} ${JSON.stringify(c)}\n  ours   ${JSON.stringify(ours!.outcomes[i])}\n  google ${JSON.stringify(google!.outcomes[i])}`,
          ),
        );
        console.log(
          `documents after\n  ours   ${JSON.stringify(ours!.documents)}\n  google ${JSON.stringify(google!.documents)}`,
        );
        expect(ours!.outcomes.map(compared)).toEqual(google!.outcomes.map(compared));
        expect(ours!.documents).toEqual(google!.documents);
      },
      120_000,
    );

    (replay ? it.skip : it)(
      `agrees on ${COMMITS} generated commits (DIFF_SEED=${SEED})`,
      async () => {
        const rng = new Random(SEED);
        const unexpected: string[] = [];
        const tally = { commits: 0, allowed: 0, denied: 0, otherErrors: 0, repeatedDocument: 0 };
        const errors = new Map<string, number>();
        const seen = new Map<string, number>();
        const started = Date.now();
        for (let done = 0; done < COMMITS;) {
          const cases: CommitsCase[] = [];
          while (cases.length < CASES_PER_BATCH && done < COMMITS) {
            const count = Math.min(COMMITS_PER_CASE, COMMITS - done);
            cases.push(commitsCase(rng, cases.length, count));
            done += count;
          }
          const source = commitsRulesSource(cases);
          const compiled = await Promise.all([
            pair!.setRules('ours', source),
            pair!.setRules('google', source),
          ]);
          if (!compiled[0] || !compiled[1]) {
            throw new Error(
              `generated rules compile on ours: ${compiled[0]}, Google's: ${compiled[1]}\n${source}`,
            );
          }
          await pair!.clear();
          await inLanes([...cases.keys()], LANES, async (index) => {
            const testCase = cases[index]!;
            const [ours, google] = await Promise.all(
              (['ours', 'google'] as Side[]).map((side) => runCase(pair!, side, index, testCase)),
            );
            const first = ours!.outcomes.findIndex((o, i) => {
              const g = google!.outcomes[i]!;
              if (compared(o) === compared(g)) return false;
              const op = { op: 'commit' as const, ...testCase.commits[i]! };
              const entry = EXPECTED_DIFFERENCES.find(
                (e) => e.dataStaysEqual && e.matches(op, o, g),
              );
              if (entry) seen.set(entry.id, (seen.get(entry.id) ?? 0) + 1);
              return entry === undefined;
            });
            for (const [i, outcome] of google!.outcomes.entries()) {
              tally.commits++;
              count(tally, outcome);
              if ('error' in outcome)
                errors.set(outcome.error, (errors.get(outcome.error) ?? 0) + 1);
              const docs = testCase.commits[i]!.writes.map((w) => Object.values(w)[0]);
              if (new Set(docs).size < docs.length) tally.repeatedDocument++;
            }
            if (first >= 0) {
              unexpected.push(
                `${reproduction(testCase, first + 1)}\n  commit ${first}: ours ${JSON.stringify(
                  ours!.outcomes[first],
                )}\n  google ${JSON.stringify(google!.outcomes[first])}`,
              );
            } else if (JSON.stringify(ours!.documents) !== JSON.stringify(google!.documents)) {
              unexpected.push(
                `${reproduction(testCase, testCase.commits.length)}\n  documents after: ours ${JSON.stringify(
                  ours!.documents,
                )}\n  google ${JSON.stringify(google!.documents)}`,
              );
            }
          });
        }
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        console.log(
          `differential rules on whole commits (DIFF_SEED=${SEED}): ${JSON.stringify(tally)} in ${seconds} s, ` +
            `${LANES} lanes; errors ${JSON.stringify(Object.fromEntries(errors))}; expected differences seen: ` +
            `${JSON.stringify(Object.fromEntries(seen))}; unexplained differences: ${unexpected.length}`,
        );
        if (unexpected.length > 0) {
          throw new Error(
            `Commits judged differently (DIFF_SEED=${SEED}; ${unexpected.length} cases, the first ` +
              `${Math.min(REPORTED, unexpected.length)} cut after their first difference; each case's rules ` +
              `are on k<i>/{d}, written as alice or bob):\n${unexpected.slice(0, REPORTED).join('\n')}`,
          );
        }
        // The generator must reach both verdicts and documents written several times per commit.
        expect(tally.commits).toBe(COMMITS);
        expect(tally.allowed).toBeGreaterThan(COMMITS / 10);
        expect(tally.denied).toBeGreaterThan(COMMITS / 10);
        expect(tally.repeatedDocument).toBeGreaterThan(COMMITS / 4);
      },
      3_600_000,
    );
  },
);

function count(
  tally: { allowed: number; denied: number; otherErrors: number },
  outcome: CommitOutcome,
): void {
  if ('ok' in outcome) tally.allowed++;
  else if (outcome.error === 'PERMISSION_DENIED') tally.denied++;
  else tally.otherErrors++;
}
