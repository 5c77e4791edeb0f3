/**
 * The product rules through the real browser SDK: one stack per test file, members alice, bob
 * and carol plus a signed-out visitor, and a record (rules-coverage.ts) of which `allow`
 * statement, method, clause and branch each case proves, so a rule without cases fails the suite.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, type HarnessClient, type Stack } from '../harness';
import { Coverage, type Target } from './rules-coverage';
import { perform, type Op, type Outcome, type Write } from './sdk-ops';

export type Who = 'alice' | 'bob' | 'carol' | 'dave' | 'mod' | 'signedOut';
const MEMBERS = ['alice', 'bob', 'carol', 'dave', 'mod'] as const;
/** Custom claims in a member's ID token: `mod` is a moderator (docs/DATA_MODEL.md "Reports and moderation"). */
const CLAIMS: Partial<Record<Who, Record<string, unknown>>> = { mod: { moderator: true } };

export interface RulesSuite {
  readonly stack: Stack;
  /** The operation must succeed; `via` names the branch of an `||` clause it goes through. */
  allow: (
    who: Who,
    targets: Target | Target[],
    op: Op,
    options?: { via?: string },
  ) => Promise<void>;
  /**
   * The operation must be refused by the target statement; `breaks` names the clause the case
   * violates (a part of its text; required when the statement has more than one clause).
   */
  deny: (who: Who, target: Target, op: Op, options?: { breaks?: string }) => Promise<void>;
  /** Refused because no `allow` statement matches the path at all. */
  denyUnmatched: (who: Who, op: Op) => Promise<void>;
  /**
   * Writes as the emulators' admin (rules bypassed): states the rules themselves never let a
   * member reach (a list at its bound), so a bound's own denial can be shown.
   */
  seed: (...writes: Write[]) => Promise<void>;
  /** See `Coverage.gaps`. */
  gaps: () => string[];
}

const repoRoot = join(__dirname, '..', '..', '..', '..');

/**
 * Registers beforeAll/afterAll for one test file: starts the stack with the repo's rules, opens
 * one client per member and one signed out, and prints the allow/deny counts at the end.
 */
export function rulesSuiteFor(
  rulesFile: 'firestore.rules' | 'storage.rules',
  projectId: string,
): RulesSuite {
  const source = readFileSync(join(repoRoot, rulesFile), 'utf8');
  const coverage = new Coverage(source);
  const counts = { allow: 0, deny: 0 };
  const clients = new Map<Who, HarnessClient>();
  let stack: Stack | undefined;
  let admin: HarnessClient | undefined;

  beforeAll(async () => {
    stack = await startStack(
      rulesFile === 'firestore.rules'
        ? { projectId, firestoreRules: source }
        : { projectId, storageRules: source },
    );
    // Against long-running external emulators, earlier runs may have left data behind.
    await (rulesFile === 'firestore.rules' ? stack.clearFirestore() : stack.clearStorage());
    const opened = await Promise.all([
      ...MEMBERS.map((uid) => stack!.openClient({ uid, claims: CLAIMS[uid] ?? {} })),
      stack.openClient(),
    ]);
    [...MEMBERS, 'signedOut' as const].forEach((who, i) => clients.set(who, opened[i]!));
    admin = await stack.openClient({ admin: true });
  }, 120_000);

  afterAll(async () => {
    console.log(
      `product rules via the SDK: ${counts.allow} allow and ${counts.deny} deny cases ran (${rulesFile})`,
    );
    await stack?.stop();
  });

  const run = (who: Who, op: Op): Promise<Outcome> => {
    if (!stack) throw new Error('the stack did not start');
    return perform(clients.get(who)!, op);
  };

  const expectDenied = (outcome: Outcome, who: Who, citation: RegExp): void => {
    if (rulesFile === 'storage.rules') {
      // A signed-out request may be answered 401 rather than 403.
      const codes = who === 'signedOut' ? /^(unauthorized|unauthenticated)$/ : /^unauthorized$/;
      expect(outcome).toMatchObject({ ok: false, code: expect.stringMatching(codes) });
      return;
    }
    expect(outcome).toMatchObject({ ok: false, code: 'permission-denied' });
    // The text after PERMISSION_DENIED is this emulator's rendering of the official format
    // (`false for 'update' @ L87`); the official emulator's may differ in detail (the line it
    // cites, evaluation error wording), so against it only the code is asserted.
    if (!stack!.external && !outcome.ok) expect(outcome.message).toMatch(citation);
  };

  return {
    get stack() {
      if (!stack) throw new Error('the stack did not start');
      return stack;
    },

    async allow(who, targets, op, options = {}) {
      const allowance = coverage.allowance([targets].flat(), options.via);
      expect(await run(who, op)).toEqual({ ok: true });
      counts.allow++;
      coverage.recordAllowed(allowance);
    },

    async deny(who, target, op, options = {}) {
      const denial = coverage.denial(target, options.breaks);
      const citation = new RegExp(`for '${denial.method}' @ L${denial.statement.line}\\b`);
      expectDenied(await run(who, op), who, citation);
      counts.deny++;
      coverage.recordDenied(denial, who === 'signedOut');
    },

    async denyUnmatched(who, op) {
      expectDenied(await run(who, op), who, /No matching allow statements/);
      counts.deny++;
    },

    async seed(...writes) {
      if (!admin) throw new Error('the stack did not start');
      expect(await perform(admin, { batch: writes })).toEqual({ ok: true });
    },

    gaps: () => coverage.gaps(),
  };
}
