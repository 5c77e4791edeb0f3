import type { BrowserContext, Page } from 'playwright-core';
import { startStack, type HarnessClient, type Stack } from '../harness';
import { startAuthEmulator, type RunningAuthEmulator } from '../harness/auth-emulator';

// The data browser's Auth page over firebase-tools' real Auth emulator, in Chromium; a real SDK
// client signs in to prove what the page changed (claims in the ID token, a disabled account).
const PROJECT = 'demo-browser-auth';

let auth: RunningAuthEmulator;
let stack: Stack;
let member: HarnessClient;
let context: BrowserContext;
let page: Page;
let base: string;

interface LookedUp {
  localId: string;
  email?: string;
  displayName?: string;
  customAttributes?: string;
  disabled?: boolean;
}

/** The user as the Auth emulator holds it (asked directly, not through the data browser). */
async function lookup(uid: string): Promise<LookedUp | null> {
  const response = await fetch(
    `http://${auth.address}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  const body = (await response.json()) as { users?: LookedUp[] };
  return body.users?.[0] ?? null;
}

/** Signs in with the real SDK against the Auth emulator: the token's claims, or the error code. */
function signIn(email: string, password: string): Promise<Record<string, unknown> | string> {
  return member.run(
    async (fb, arg) => {
      const a = fb.auth;
      const authInstance = a.getAuth(fb.app);
      if (!fb.vars['connected']) {
        a.connectAuthEmulator(authInstance, `http://${arg.address}`, { disableWarnings: true });
        fb.vars['connected'] = true;
      }
      try {
        const credential = await a.signInWithEmailAndPassword(
          authInstance,
          arg.email,
          arg.password,
        );
        const result = await credential.user.getIdTokenResult(true);
        await a.signOut(authInstance);
        return result.claims as Record<string, unknown>;
      } catch (error) {
        return (error as { code: string }).code;
      }
    },
    { address: auth.address, email, password },
  );
}

beforeAll(async () => {
  auth = await startAuthEmulator(PROJECT);
  stack = await startStack({ projectId: PROJECT, dataBrowserPort: 0, authEmulator: auth.address });
  base = stack.emulator.dataBrowserUrl!;
  member = await stack.openClient();
  context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('dialog', (dialog) => void dialog.accept());
}, 360_000);

afterAll(async () => {
  await context?.close();
  await member?.close();
  await stack?.stop();
  await auth?.stop();
}, 60_000);

test('adds a user with custom claims that reach the ID token', async () => {
  await page.goto(`${base}auth`);
  expect(await page.locator('main').textContent()).toContain('No users.');
  const add = page.getByRole('form', { name: 'Add a user' });
  await add.getByLabel('uid').fill('u-alice');
  await add.getByLabel('E-mail').fill('alice@example.test');
  await add.getByLabel('Password').fill('secret123');
  await add.getByLabel('Display name').fill('Alice <A>');
  await add.getByLabel('Custom claims').fill('{"admin": true, "tier": 2}');
  await add.getByRole('button', { name: 'Add user' }).click();
  expect(await page.getByRole('status').textContent()).toBe('Created.');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('User u-alice');
  expect(await lookup('u-alice')).toMatchObject({
    email: 'alice@example.test',
    displayName: 'Alice <A>',
    customAttributes: '{"admin":true,"tier":2}',
  });
  const claims = await signIn('alice@example.test', 'secret123');
  expect(claims).toMatchObject({ admin: true, tier: 2, email: 'alice@example.test' });

  // A second user, anonymous (no e-mail): both listed, with their claims.
  await page.goto(`${base}auth`);
  await add.getByLabel('uid').fill('u-bob');
  await add.getByRole('button', { name: 'Add user' }).click();
  await page.goto(`${base}auth`);
  const rows = page.locator('table.users tr.user');
  expect(await rows.count()).toBe(2);
  expect(await rows.first().textContent()).toContain('{"admin":true,"tier":2}');
  expect(await rows.nth(1).textContent()).toContain('anonymous');
});

test('edits the display name, e-mail, password and custom claims; refuses bad claims', async () => {
  await page.goto(`${base}auth/user?uid=u-alice`);
  const edit = page.getByRole('form', { name: 'Edit user u-alice' });
  expect(await edit.getByLabel('Custom claims').inputValue()).toBe(
    '{\n  "admin": true,\n  "tier": 2\n}',
  );
  await edit.getByLabel('Custom claims').fill('[1]');
  const refused = page.waitForResponse((r) => r.request().method() === 'POST');
  await edit.getByRole('button', { name: 'Save' }).click();
  expect((await refused).status()).toBe(400);
  expect(await page.getByRole('alert').textContent()).toMatch(/JSON object/);
  expect(await edit.getByLabel('Custom claims').inputValue()).toBe('[1]');

  await edit.getByLabel('Custom claims').fill('{"sub": "someone-else"}');
  await edit.getByRole('button', { name: 'Save' }).click();
  expect(await page.getByRole('alert').textContent()).toMatch(/FORBIDDEN_CLAIM/);

  await edit.getByLabel('Display name').fill('Alice B.');
  await edit.getByLabel('E-mail').fill('alice.b@example.test');
  await edit.getByLabel('New password').fill('another456');
  await edit.getByLabel('Custom claims').fill('{"editor": ["feed"]}');
  await edit.getByRole('button', { name: 'Save' }).click();
  expect(await page.getByRole('status').textContent()).toBe('Saved.');
  expect(await lookup('u-alice')).toMatchObject({
    email: 'alice.b@example.test',
    displayName: 'Alice B.',
    customAttributes: '{"editor":["feed"]}',
  });
  const claims = await signIn('alice.b@example.test', 'another456');
  expect(claims).toMatchObject({ editor: ['feed'] });
  expect(claims).not.toHaveProperty('admin');
});

test('disables and enables a user, and deletes one', async () => {
  await page.goto(`${base}auth/user?uid=u-alice`);
  await page.getByRole('button', { name: 'Disable user' }).click();
  expect(await page.getByRole('status').textContent()).toBe('The user is disabled.');
  expect((await lookup('u-alice'))?.disabled).toBe(true);
  expect(await signIn('alice.b@example.test', 'another456')).toBe('auth/user-disabled');
  await page.getByRole('button', { name: 'Enable user' }).click();
  expect(await page.getByRole('status').textContent()).toBe('The user is enabled.');
  expect(await signIn('alice.b@example.test', 'another456')).toMatchObject({ editor: ['feed'] });

  await page.getByRole('button', { name: 'Delete user' }).click();
  expect(await page.getByRole('status').textContent()).toBe('Deleted.');
  expect(await lookup('u-alice')).toBeNull();
  expect(await page.locator('table.users tr.user').count()).toBe(1);
});

test('refuses an Auth change posted without the page’s token', async () => {
  const response = await fetch(`${base}auth/delete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'uid=u-bob',
  });
  expect(response.status).toBe(403);
  expect(await lookup('u-bob')).not.toBeNull();
});
