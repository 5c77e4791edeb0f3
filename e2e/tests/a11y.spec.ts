import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { test, expect, signIn } from '../fixtures';
import type { Member } from '../fixtures';
import { blockingViolations, violationsInBothThemes } from '../support/axe';
import type { FirestoreAdmin } from '../support/firestore-rest';
import { grantModerator } from '../support/moderators';
import { createTextPost } from '../support/posts';

// Accessibility of every route, signed out and signed in, in the light and the dark theme: axe-core
// finds no serious or critical violation (WCAG 2.1 A/AA rules, contrast included), the main controls
// are reachable with Tab, the avatar menu works with the keyboard alone, and status messages are
// announced through a live region.

/** Presses Tab until `target` has focus; fails when it is not reached within `maxTabs`. */
async function tabTo(page: Page, target: Locator, maxTabs = 40) {
  for (let i = 0; i < maxTabs; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target} within ${maxTabs} presses`);
}

test.describe('axe: signed out', () => {
  const ROUTES: Array<[string, (page: Page) => Locator]> = [
    ['/login', (page) => page.getByRole('button', { name: 'Sign in' })],
    ['/signUp', (page) => page.getByRole('button', { name: 'Sign up' })],
    ['/reset-password', (page) => page.getByRole('button', { name: 'Send reset link' })],
  ];
  for (const [path, ready] of ROUTES) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    });
  }
});

test('the axe check reports a real violation (an unlabelled field)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.evaluate(() => {
    const field = document.createElement('input');
    field.className = 'a11y-probe';
    document.querySelector('main')?.append(field);
  });
  const found = await blockingViolations(page);
  expect(found.map((violation) => violation.rule)).toContain('label');
  expect(found.flatMap((violation) => violation.targets)).toContain('.a11y-probe');
});

test.describe('axe: signed in', () => {
  const ROUTES: Array<{
    name: string;
    path: (me: Member, other: Member, postId: string) => string;
    ready: (page: Page, me: Member, other: Member) => Locator;
    /** Before signing in: what the route needs to show its content (written as the server would). */
    setup?: (admin: FirestoreAdmin, me: Member, other: Member) => Promise<void>;
    moderator?: true;
  }> = [
    { name: '/', path: () => '/', ready: (p) => p.getByRole('article', { name: 'Post' }).first() },
    {
      name: '/post/:id',
      path: (_me, _other, postId) => `/post/${postId}`,
      ready: (p) => p.getByRole('article', { name: 'Post' }).first(),
    },
    {
      name: '/saved',
      path: () => '/saved',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Saved posts' }),
    },
    {
      name: '/profile/:own',
      path: (me) => `/profile/${me.uid}`,
      ready: (p, me) => p.getByRole('heading', { level: 1, name: me.username }),
    },
    {
      name: '/profile/:other',
      path: (_me, other) => `/profile/${other.uid}`,
      ready: (p, _me, other) => p.getByRole('heading', { level: 1, name: other.username }),
    },
    {
      name: '/profile/:uid/followers',
      path: (me) => `/profile/${me.uid}/followers`,
      ready: (p, _me, other) =>
        p.getByRole('list', { name: 'Followers' }).getByRole('link', { name: other.username }),
      setup: (admin, me, other) =>
        admin.write([{ path: `Followers/${me.uid}`, data: { Followers: [other.uid] } }]),
    },
    {
      name: '/profile/:uid/following',
      path: (me) => `/profile/${me.uid}/following`,
      ready: (p, _me, other) =>
        p.getByRole('list', { name: 'Following' }).getByRole('link', { name: other.username }),
      setup: (admin, me, other) =>
        admin.write([{ path: `Following/${me.uid}`, data: { Following: [other.uid] } }]),
    },
    {
      // The settings (theme choice, blocked and muted members) are part of this page: the avatar
      // menu's Settings leads here.
      name: '/edit-profile',
      path: () => '/edit-profile',
      ready: (p, _me, other) =>
        p
          .getByRole('region', { name: 'Blocked members' })
          .getByRole('button', { name: `Unblock ${other.username}` }),
      setup: (admin, me, other) =>
        admin.write([
          {
            path: `blocks/${me.uid}_${other.uid}`,
            data: { blocker: me.uid, blocked: other.uid },
            serverTime: ['createdAt'],
          },
        ]),
    },
    {
      name: '/my-reports',
      path: () => '/my-reports',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Your reports' }),
    },
    {
      name: '/moderation',
      path: () => '/moderation',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Moderation' }),
      moderator: true,
    },
    {
      name: '/explore',
      path: () => '/explore',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Explore' }),
    },
    {
      name: '/tags/:tag',
      path: () => '/tags/a11y',
      ready: (p) => p.getByRole('heading', { level: 1, name: '#a11y' }),
    },
    {
      name: '/members',
      path: () => '/members',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Members' }),
    },
    {
      name: '/activity',
      path: () => '/activity',
      ready: (p) => p.getByRole('heading', { level: 1, name: 'Activity' }),
    },
    {
      name: '/404',
      path: () => '/404',
      ready: (p) => p.getByRole('heading', { name: 'PAGE NOT FOUND' }),
    },
  ];
  for (const route of ROUTES) {
    test(`${route.name} has no serious or critical violations`, async ({
      page,
      members,
      admin,
      stack,
    }) => {
      const me = await members.create({ username: `A11y ${randomUUID().slice(0, 4)}` });
      const other = await members.create({ username: `Other ${randomUUID().slice(0, 4)}` });
      const postId = await createTextPost(
        admin,
        me,
        'A post for the accessibility check, with a link: https://example.com/a11y and a tag: #a11y',
      );
      await route.setup?.(admin, me, other);
      // The claim is in the ID token the sign-in gets.
      if (route.moderator) await grantModerator(stack, me.uid);
      await signIn(page, me);
      await page.goto(route.path(me, other, postId));
      await expect(route.ready(page, me, other)).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    });
  }
});

test.describe('keyboard', () => {
  test('the login form is reachable and submits with the keyboard alone', async ({
    page,
    members,
  }) => {
    const member = await members.create();
    await page.goto('/login');
    const email = page.getByLabel('Email');
    await tabTo(page, email);
    await page.keyboard.type(member.email);
    await tabTo(page, page.getByLabel('Password'), 3);
    await page.keyboard.type(member.password);
    await tabTo(page, page.getByRole('button', { name: 'Sign in' }), 5);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('Tab reaches the top bar and the composer; Enter follows a link', async ({
    page,
    members,
  }) => {
    await signIn(page, await members.create());
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of ['Socially', 'Explore', 'Members']) {
      await tabTo(page, nav.getByRole('link', { name: link }));
    }
    await tabTo(page, page.getByRole('button', { name: 'Account menu' }), 5);
    await tabTo(page, page.getByLabel("What's on your mind?"));
    await page.goto('/');
    await tabTo(page, nav.getByRole('link', { name: 'Explore' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/explore$/);
  });

  test('the avatar menu opens, moves, closes and selects with the keyboard', async ({
    page,
    members,
  }) => {
    const member = await members.create();
    await signIn(page, member);
    const trigger = page.getByRole('button', { name: 'Account menu' });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const item = (name: string) => page.getByRole('menuitem', { name });
    await expect(item('Profile')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Settings')).toBeFocused();
    await page.keyboard.press('End');
    await expect(item('Signout')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(trigger).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(item('Profile')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/edit-profile$/);

    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/profile/${member.uid}$`));
  });

  test('a failed sign-in is announced in a live region', async ({ page, members }) => {
    const member = await members.create();
    await page.goto('/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill('not-the-password-1');
    await page.getByLabel('Password').press('Enter');
    const live = page.locator(
      '[role="alert"], [role="status"], [aria-live="polite"], [aria-live="assertive"]',
    );
    await expect(live.filter({ hasText: /\S/ }).first()).toBeVisible();
  });
});
