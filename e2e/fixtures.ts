import { test as base, expect } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { newAccountDocuments } from 'shared-firebase/testing/members';
import { FirestoreAdmin } from './support/firestore-rest';
import { readStack } from './stack';
import type { Stack } from './stack';

export interface Member {
  uid: string;
  email: string;
  password: string;
  username: string;
  idToken: string;
}

export interface Members {
  /**
   * A member made through the Auth emulator's REST API, with the documents sign-up writes
   * (shared-firebase's newAccountDocuments), written with the admin token.
   */
  create(options?: { username?: string; email?: string; password?: string }): Promise<Member>;
}

async function signUpThroughAuthEmulator(stack: Stack, email: string, password: string) {
  const response = await fetch(
    `${stack.authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${stack.apiKey}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { localId?: string; idToken?: string; error?: unknown };
  if (!response.ok || !body.localId || !body.idToken) {
    throw new Error(`Auth emulator sign-up failed: ${JSON.stringify(body)}`);
  }
  return { uid: body.localId, idToken: body.idToken };
}

/** A unique, readable e-mail address for one test. */
export function uniqueEmail(label = 'member'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export const test = base.extend<{ members: Members; admin: FirestoreAdmin }, { stack: Stack }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(readStack());
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.shellUrl);
  },
  admin: async ({ stack }, use) => {
    await use(new FirestoreAdmin(stack.firestoreUrl, stack.projectId));
  },
  members: async ({ stack, admin }, use) => {
    await use({
      async create(options = {}) {
        const username = options.username ?? `Member ${randomUUID().slice(0, 6)}`;
        const email = options.email ?? uniqueEmail();
        const password = options.password ?? 'correct-horse-9';
        const { uid, idToken } = await signUpThroughAuthEmulator(stack, email, password);
        const documents = newAccountDocuments(username);
        await admin.write([
          { path: `usersData/${uid}`, data: documents.userData },
          { path: `Following/${uid}`, data: documents.following },
          { path: `Followers/${uid}`, data: documents.followers },
          // Names are unique (docs/DATA_MODEL.md "Unique names"); tests name members uniquely.
          { path: `userNames/${documents.nameClaimId}`, data: { uid } },
        ]);
        return { uid, email, password, username, idToken };
      },
    });
  },
});

/**
 * Signs in through the login form and waits for the home feed: on the suite's shell, or on the
 * shell served at `shellUrl`.
 */
export async function signIn(page: Page, member: Member, shellUrl = ''): Promise<void> {
  await page.goto(`${shellUrl}/login`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** A browser context of its own for `member`, signed in: for tests where members act side by side. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  member: Member,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 900, height: 800 } });
  const page = await context.newPage();
  await signIn(page, member);
  return { context, page };
}

export { expect };
