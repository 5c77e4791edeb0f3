import type { Page } from '@playwright/test';
import { test, expect, signIn, uniqueEmail } from '../fixtures';
import type { Member } from '../fixtures';
import type { Stack } from '../stack';
import type { FirestoreAdmin } from '../support/firestore-rest';

/** What the session persists under local storage key TOKEN (docs/ARCHITECTURE.md, "Session"). */
interface PersistedSession {
  loginState: boolean;
  uid: string;
  token: string;
  refToken: string;
}

async function persistedSession(page: Page): Promise<PersistedSession | null> {
  const raw = await page.evaluate(() => localStorage.getItem('TOKEN'));
  return raw ? (JSON.parse(raw) as PersistedSession) : null;
}

/** The error text shown in one of the page's alerts. */
function alert(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function fillSignUp(
  page: Page,
  values: { username: string; email: string; password: string },
) {
  await page.goto('/signUp');
  await page.getByLabel('Username').fill(values.username);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Password').fill(values.password);
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

/** An account made in the Auth emulator only, without its documents (a sign-up whose batch failed). */
async function authOnlyAccount(
  stack: Stack,
  email: string,
  password: string,
  displayName?: string,
) {
  const call = async (method: string, body: object) => {
    const response = await fetch(
      `${stack.authUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${stack.apiKey}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    const json = (await response.json()) as { localId: string; idToken: string };
    if (!response.ok) throw new Error(`${method}: ${JSON.stringify(json)}`);
    return json;
  };
  const account = await call('signUp', { email, password, returnSecureToken: true });
  if (displayName) await call('update', { idToken: account.idToken, displayName });
  return account.localId;
}

/**
 * A member's `usersData` split into what the client wrote and the counts that the feed's and
 * profile's functions add beside it whenever they run (docs/DATA_MODEL.md "Counts").
 */
async function accountData(admin: FirestoreAdmin, uid: string) {
  const { counts, ...written } = (await admin.get(`usersData/${uid}`))?.data ?? {};
  return { written, counts: counts as Record<string, number> | undefined };
}

const NEW_ACCOUNT_DATA = (userName: string) => ({
  posts: [],
  connections: { Followers: [], Following: [] },
  profilePictures: { profilePicture: null, profileCover: null },
  userInfo: {
    From: null,
    Lives: null,
    userAbout: null,
    userAge: null,
    userName,
    userGender: null,
    dob: null,
  },
  // Member search (docs/DATA_MODEL.md): the name with A–Z lower-cased.
  searchName: userName.replace(/[A-Z]/g, (letter) => letter.toLowerCase()),
  // Unique names: the id of the name's claim (these names need no escaping).
  nameKey: `~${userName.toLowerCase()}`,
});

test.describe('sign-up', () => {
  test('creates the account and its three documents, then opens /edit-profile', async ({
    page,
    admin,
  }) => {
    const email = uniqueEmail('signup');
    await fillSignUp(page, { username: '  Sam Sign-up ', email, password: 'sign-up-pass-1' });
    await page.getByLabel('Password').press('Enter');

    await page.waitForURL((url) => url.pathname === '/edit-profile');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    const session = await persistedSession(page);
    expect(session).toMatchObject({ loginState: true });
    const uid = session!.uid;

    const { written, counts } = await accountData(admin, uid);
    expect(written).toEqual(NEW_ACCOUNT_DATA('Sam Sign-up'));
    expect((await admin.get('userNames/~sam sign-up'))?.data).toEqual({ uid });
    expect(Object.values(counts ?? {}).filter((count) => count !== 0)).toEqual([]);
    expect((await admin.get(`Following/${uid}`))?.data).toEqual({ Following: [] });
    expect((await admin.get(`Followers/${uid}`))?.data).toEqual({ Followers: [] });
  });

  test('an e-mail in use gives "User already exists"', async ({ page, members }) => {
    const existing = await members.create();
    await fillSignUp(page, { username: 'Copycat', email: existing.email, password: 'whatever-1' });
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(alert(page, 'User already exists')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/signUp$/);
  });

  test('a name another member has, in other capitals and letter width, is refused and nothing is created', async ({
    page,
    members,
  }) => {
    await members.create({ username: 'Taken Tam' });
    const accountRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('accounts:signUp')) accountRequests.push(request.url());
    });
    await fillSignUp(page, {
      username: 'ＴＡＫＥＮ tam',
      email: uniqueEmail(),
      password: 'taken-pass-1',
    });
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(alert(page, 'Another member already has this username')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Username')).toHaveValue('ＴＡＫＥＮ tam');
    await expect(page).toHaveURL(/\/signUp$/);
    expect(accountRequests).toEqual([]);
  });

  test('blank fields and a name over 32 characters are refused before any request', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('identitytoolkit')) requests.push(request.url());
    });
    await fillSignUp(page, { username: '   ', email: uniqueEmail(), password: 'secret-12' });
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(alert(page, 'Please fill all input fields')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Username').fill('n'.repeat(33));
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(alert(page, "Username can't be longer than 32 characters")).toBeVisible();
    expect(requests).toEqual([]);
  });

  test('a failed batch is reported with a retry that finishes the account', async ({
    page,
    admin,
    stack,
  }) => {
    test.slow(); // waits out the 15 s write timeout
    const writes = `${stack.firestoreUrl}/google.firestore.v1.Firestore/Write/**`;
    await page.route(writes, (route) => route.abort('connectionrefused'));
    await fillSignUp(page, {
      username: 'Retry Rita',
      email: uniqueEmail('retry'),
      password: 'retry-pass-1',
    });
    await page.getByRole('button', { name: 'Sign up' }).click();

    const failure = alert(page, 'Your account was created, but your profile could not be saved.');
    await expect(failure).toBeVisible({ timeout: 25_000 });
    const uid = (await persistedSession(page))!.uid;
    expect(await admin.get(`usersData/${uid}`)).toBeNull();

    await page.unroute(writes);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((url) => url.pathname === '/edit-profile');
    expect((await accountData(admin, uid)).written).toEqual(NEW_ACCOUNT_DATA('Retry Rita'));
    expect((await admin.get(`Following/${uid}`))?.data).toEqual({ Following: [] });
    expect((await admin.get(`Followers/${uid}`))?.data).toEqual({ Followers: [] });
  });
});

test.describe('sign-in', () => {
  test('goes to / and saves the session under TOKEN, which survives a reload', async ({
    page,
    members,
  }) => {
    const member = await members.create();
    await signIn(page, member);

    const session = await persistedSession(page);
    expect(session).toEqual({
      loginState: true,
      uid: member.uid,
      token: expect.any(String),
      refToken: expect.any(String),
    });
    expect(session!.token.length).toBeGreaterThan(20);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await persistedSession(page))?.uid).toBe(member.uid);
  });

  test('returns to the protected page first asked for', async ({ page, members }) => {
    const member = await members.create();
    await page.goto('/members');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/members');
    await fillSignIn(page, member.email, member.password);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((url) => url.pathname === '/members');
  });

  test('never follows a next parameter off the site', async ({ page, members, stack }) => {
    const member = await members.create();
    await page.goto(`/login?next=${encodeURIComponent('//example.com/phish')}`);
    await fillSignIn(page, member.email, member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).origin).toBe(new URL(stack.shellUrl).origin);
  });

  test('a wrong password gives "Incorrect Password"', async ({ page, members }) => {
    const member = await members.create();
    await page.goto('/login');
    await fillSignIn(page, member.email, 'not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alert(page, 'Incorrect Password')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
    expect(await persistedSession(page)).toBeNull();
  });

  test('an unknown e-mail gives "Incorrect Email"', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, uniqueEmail('nobody'), 'whatever-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alert(page, 'Incorrect Email')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('blank fields give "Please fill all input fields"', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('   ');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alert(page, 'Please fill all input fields')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  test('with e-mail enumeration protection both failures read "Incorrect Email or Password"', async ({
    page,
    members,
    stack,
  }) => {
    const member = await members.create();
    const setPrivacy = (enabled: boolean) =>
      fetch(`${stack.authUrl}/emulator/v1/projects/${stack.projectId}/config`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: enabled } }),
      }).then((response) => expect(response.ok).toBe(true));
    await setPrivacy(true);
    try {
      await page.goto('/login');
      for (const [email, password] of [
        [member.email, 'not-the-password'],
        [uniqueEmail('nobody'), member.password],
      ]) {
        await fillSignIn(page, email!, password!);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(alert(page, 'Incorrect Email or Password')).toBeVisible();
        await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
      }
    } finally {
      await setPrivacy(false);
    }
  });

  test('repairs an account whose sign-up documents are missing', async ({
    page,
    admin,
    stack,
    members,
  }) => {
    const email = uniqueEmail('repair');
    const uid = await authOnlyAccount(stack, email, 'repair-pass-1', 'Repaired Rae');
    const member: Member = { uid, email, password: 'repair-pass-1', username: '', idToken: '' };
    await signIn(page, member);
    expect((await accountData(admin, uid)).written).toEqual(NEW_ACCOUNT_DATA('Repaired Rae'));
    expect((await admin.get(`Following/${uid}`))?.data).toEqual({ Following: [] });
    expect((await admin.get(`Followers/${uid}`))?.data).toEqual({ Followers: [] });

    // One missing document is created; the others are left exactly as they are.
    const other = await members.create({ username: 'Kept Name' });
    await admin.write([
      { path: `Followers/${other.uid}`, data: { Followers: [uid] } },
      { delete: `Following/${other.uid}` },
    ]);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Signout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, other);
    expect((await admin.get(`Following/${other.uid}`))?.data).toEqual({ Following: [] });
    expect((await admin.get(`Followers/${other.uid}`))?.data).toEqual({ Followers: [uid] });
    expect((await accountData(admin, other.uid)).written).toEqual(NEW_ACCOUNT_DATA('Kept Name'));
  });
});

test.describe('a signed-in member', () => {
  test('opening /login or /signUp is sent to /', async ({ page, members }) => {
    await signIn(page, await members.create());
    for (const path of ['/login', '/signUp']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    }
  });

  test('signs out from the avatar menu: TOKEN cleared, /login, and another tab follows', async ({
    page,
    context,
    members,
  }) => {
    const member = await members.create();
    await signIn(page, member);
    const second = await context.newPage();
    await second.goto('/explore');
    await expect(second.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Signout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    expect(await persistedSession(page)).toBeNull();

    await second.waitForURL((url) => url.pathname === '/login');
    await expect(second.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    expect(await persistedSession(second)).toBeNull();

    // Signed out for good: a reload stays signed out, and protected pages send to /login.
    await page.goto('/members');
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
