import type { GoogleFirestoreInstall } from '../../src/reference/googleFirestore';
import { startPair, type Pair, type Side } from './backends';
import { runOnBoth } from './differ';
import { RULES_SEED_DOCS, rulesSource } from './rules-generate';

/** Installs Firestore rules on one side; false when that engine refuses to compile them. */
export async function compiles(pair: Pair, side: Side, source: string): Promise<boolean> {
  try {
    await pair.stacks[side].setFirestoreRules(source);
    return true;
  } catch {
    return false;
  }
}

/**
 * The two engines a rules suite compares, started before the file's tests (no rules yet, alice
 * signed in, the rules' seed documents written on both) and stopped after them. Call it inside the
 * suite's describe; the getter answers once the tests run.
 */
export function rulesPairForFile(projectId: string, install: GoogleFirestoreInstall): () => Pair {
  let pair: Pair | undefined;
  beforeAll(async () => {
    pair = await startPair({
      projectId,
      install,
      firestoreRules: rulesSource([]),
      client: { uid: 'alice' },
    });
    await runOnBoth(pair, RULES_SEED_DOCS, '');
  }, 180_000);
  afterAll(() => pair?.stop());
  return () => pair!;
}
