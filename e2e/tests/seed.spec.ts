import { spawn } from 'node:child_process';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { FirestoreAdmin } from '../support/firestore-rest';

// `npm run seed` (scripts/seed.mjs) at a small scale, against a backend of its own (the shared
// stack's members and posts must not change under other specs), on the Firestore backend of this
// run: it writes through the SDK and the rules, the second run adds nothing, and a demo member
// signs in and finds the seeded posts.

const ROOT = path.resolve(__dirname, '../..');
const PROJECT_ID = 'demo-seed';
const SCALE = { members: 4, posts: 10, seed: 'e2e' };

test.describe('npm run seed', () => {
  test.describe.configure({ timeout: 600_000 });
  let stopStack: (() => Promise<unknown>) | null = null;
  let env: Record<string, string> = {};
  let shellUrl = '';
  let firestoreUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    const { startServedStack } = await import('../../scripts/lib/served-stack.mjs');
    const stack = await startServedStack(PROJECT_ID);
    stopStack = () => stack.stop();
    firestoreUrl = stack.firestoreUrl;
    env = stack.env;
    shellUrl = stack.shellUrl as string;
  });
  test.afterAll(async () => {
    await stopStack?.();
  });

  function seed() {
    const child = spawn(
      process.execPath,
      [
        'scripts/seed.mjs',
        `--members=${SCALE.members}`,
        `--posts=${SCALE.posts}`,
        `--seed=${SCALE.seed}`,
      ],
      { cwd: ROOT, env: { ...process.env, ...env } },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    return new Promise<{ status: number | null; output: string }>((resolve) =>
      child.on('close', (status) => resolve({ status, output })),
    );
  }

  const created = (output: string) => /Created ([^.]+)\./.exec(output)?.[1];
  const community = (output: string) => /community ([0-9a-f]{12})/.exec(output)?.[1];

  test('writes the community through the rules, then adds nothing the second time', async () => {
    const first = await seed();
    expect(first.status, first.output).toBe(0);
    expect(created(first.output)).toMatch(
      new RegExp(
        `^${SCALE.members} members, ${SCALE.members * 2} pictures, \\d+ follows, ${SCALE.posts} posts, \\d+ likes, \\d+ comments, \\d+ replies$`,
      ),
    );
    expect(first.output).toContain(
      'Sign in as demo01@socially.test … demo04@socially.test with the password socially-demo.',
    );

    const admin = new FirestoreAdmin(firestoreUrl, PROJECT_ID);
    const counts = async () => ({
      members: (await admin.list('usersData')).length,
      posts: (await admin.list('posts')).length,
      explore: (await admin.list('explorePosts')).length,
      comments: (await admin.list('comments')).length,
    });
    const before = await counts();
    expect(before.members).toBe(SCALE.members);
    expect(before.posts).toBe(SCALE.posts);
    expect(before.explore).toBeGreaterThan(0);

    const second = await seed();
    expect(second.status, second.output).toBe(0);
    expect(created(second.output)).toBe(
      '0 members, 0 pictures, 0 follows, 0 posts, 0 likes, 0 comments, 0 replies',
    );
    expect(community(second.output)).toBe(community(first.output));
    expect(await counts()).toEqual(before);
  });

  test('the same seed plans the same community; another seed another one', async () => {
    const { planCommunity } = await import('../../scripts/lib/seed/community.mjs');
    const plan = (seed: string) => JSON.stringify(planCommunity({ ...SCALE, seed }));
    expect(plan('a')).toBe(plan('a'));
    expect(plan('a')).not.toBe(plan('b'));
  });

  test('a demo member signs in and sees the seeded posts', async ({ page }) => {
    const { planCommunity, DEMO_PASSWORD } = await import('../../scripts/lib/seed/community.mjs');
    const plan = planCommunity(SCALE);
    // The author of a captioned post signs in with the demo password and opens it.
    const post = plan.posts.find((candidate) => candidate.caption !== null)!;
    const member = plan.members[post.author]!;
    await page.goto(`${shellUrl}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${shellUrl}/post/${post.id}`);
    await expect(page.getByText(post.caption!).first()).toBeVisible();
  });
});
