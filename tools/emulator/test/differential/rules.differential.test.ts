/**
 * The rules engines compared: generated rules (every built-in of the rules language, regular
 * expressions in RE2 syntax with flags) judge generated create requests, sent by the real
 * browser SDK as a signed-in member to this emulator and to Google's; the compiled/allowed/denied
 * outcomes must agree but for the expected differences. DIFF_RULES cases (default 500),
 * DIFF_SEED (default 1).
 */
import { referenceInstall } from '../harness/reference';
import type { Pair, Side } from './backends';
import { runOnBoth, sameOutcome } from './differ';
import { EXPECTED_DIFFERENCES } from './expected-differences';
import type { Op, Outcome } from './model';
import { Random } from './random';
import { rulesCase, rulesSource, type RulesCase } from './rules-generate';
import { compiles, rulesPairForFile } from './rules-install';

const CASES = Number(process.env['DIFF_RULES'] ?? 500);
const SEED = Number(process.env['DIFF_SEED'] ?? 1);
const BATCH = 100;

const install = referenceInstall();

/** Installs the batch's rules on both; a case one engine refuses to compile is judged alone. */
async function installBatch(
  pair: Pair,
  cases: RulesCase[],
): Promise<{ compiled: RulesCase[]; refused: Map<RulesCase, Record<Side, boolean>> }> {
  const refused = new Map<RulesCase, Record<Side, boolean>>();
  const both = async (list: RulesCase[]) => {
    const source = rulesSource(list);
    const [ours, google] = await Promise.all([
      compiles(pair, 'ours', source),
      compiles(pair, 'google', source),
    ]);
    return { ours, google };
  };
  const all = await both(cases);
  if (all.ours && all.google) return { compiled: cases, refused };
  const compiled: RulesCase[] = [];
  for (const c of cases) {
    const alone = await both([c]);
    if (alone.ours && alone.google) compiled.push(c);
    else refused.set(c, alone);
  }
  const again = await both(compiled);
  if (!again.ours || !again.google)
    throw new Error('cases that compile alone do not compile together');
  return { compiled, refused };
}

(install ? describe : describe.skip)('differential rules: this engine against Google’s', () => {
  const startedPair = rulesPairForFile('demo-differential-rules', install!);

  it(`agrees on ${CASES} generated rules and requests (DIFF_SEED=${SEED})`, async () => {
    const pair = startedPair();
    const rng = new Random(SEED);
    const seen = new Map<string, number>();
    const unexpected: string[] = [];
    const judge = (c: RulesCase, ours: Outcome, google: Outcome) => {
      if (sameOutcome(ours, google)) return;
      const entry = EXPECTED_DIFFERENCES.find((e) => e.matches(c, ours, google));
      if (entry) seen.set(entry.id, (seen.get(entry.id) ?? 0) + 1);
      else
        unexpected.push(
          `${JSON.stringify(c)}\n  ours:   ${JSON.stringify(ours)}\n  google: ${JSON.stringify(google)}`,
        );
    };
    let requests = 0;
    for (let done = 0, batchIndex = 0; done < CASES; batchIndex++) {
      const cases = Array.from({ length: Math.min(BATCH, CASES - done) }, () => rulesCase(rng));
      done += cases.length;
      const { compiled, refused } = await installBatch(pair, cases);
      for (const [c, status] of refused)
        judge(c, { ok: { compiled: status.ours } }, { ok: { compiled: status.google } });
      const creates: Op[] = compiled.map((c, i) => ({
        op: 'set',
        path: `r${i}/b${batchIndex}`,
        data: c.data,
      }));
      const outcomes = await runOnBoth(pair, creates, '');
      requests += creates.length;
      compiled.forEach((c, i) => judge(c, outcomes.ours[i]!, outcomes.google[i]!));
    }
    console.log(
      `differential rules (DIFF_SEED=${SEED}): ${CASES} cases, ${requests} requests judged by both ` +
        `engines; expected differences seen: ${JSON.stringify(Object.fromEntries(seen))}`,
    );
    if (unexpected.length > 0) {
      throw new Error(
        `Rules cases judged differently (DIFF_SEED=${SEED}; each is one rule 'allow create: if ` +
          `<expr>' on /r/{doc} and one create of {data}):\n${unexpected.join('\n')}`,
      );
    }
    expect(requests).toBeGreaterThan(CASES / 2);
  }, 900_000);
});
