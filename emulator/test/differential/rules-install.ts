import type { Pair, Side } from './backends';

/** Installs Firestore rules on one side; false when that engine refuses to compile them. */
export async function compiles(pair: Pair, side: Side, source: string): Promise<boolean> {
  try {
    await pair.stacks[side].setFirestoreRules(source);
    return true;
  } catch {
    return false;
  }
}
