import type { Page } from '@playwright/test';
import { test, expect, signIn } from '../fixtures';
import { createTextPost } from '../support/posts';

// The served builds send the security headers of tools/build-config/security-headers.cjs (as firebase.json
// does in production): no route reports a Content-Security-Policy violation, and a script injected
// into the page is refused.

interface Violation {
  directive: string;
  blocked: string;
}

/** Records every CSP violation event and every console message about the policy, from the start. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
  return async () => {
    const events = await page.evaluate(
      () => (window as unknown as { __cspViolations: Violation[] }).__cspViolations,
    );
    return [...events.map((v) => `${v.directive} blocked ${v.blocked}`), ...consoleReports];
  };
}

test('every app response carries the policy, nosniff and a referrer policy', async ({ stack }) => {
  for (const [name, base] of Object.entries(stack.appUrls)) {
    const response = await fetch(`${base}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy, name).toContain(`script-src 'self' ${stack.appUrls.shell}`);
    expect(policy, name).not.toContain('unsafe-inline');
    expect(policy, name).not.toContain('unsafe-eval');
    expect(policy, name).toContain(stack.firestoreUrl);
    expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
    expect(response.headers.get('referrer-policy'), name).toBe('strict-origin-when-cross-origin');
  }
});

test('signed out, the login and sign-up pages report no violation', async ({ page }) => {
  const violations = await watchPolicy(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/signUp');
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('signed in, every route loads its remote, reads Firestore and reports no violation', async ({
  page,
  members,
  admin,
}) => {
  const member = await members.create();
  const postId = await createTextPost(admin, member, 'Policy check');
  const violations = await watchPolicy(page);
  await signIn(page, member);
  await expect(page.getByText('Policy check')).toBeVisible();
  const routes: Array<[string, RegExp]> = [
    ['/explore', /Explore/],
    ['/members', /Members/],
    [`/profile/${member.uid}`, new RegExp(member.username)],
    ['/edit-profile', /./],
    [`/post/${postId}`, /Policy check/],
  ];
  for (const [route, text] of routes) {
    await page.goto(route);
    await expect(page.locator('main')).toContainText(text);
  }
  expect(await violations()).toEqual([]);
});

test('an injected inline script is blocked and reported', async ({ page }) => {
  const violations = await watchPolicy(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedRan = true;';
    document.body.append(script);
    const handler = document.createElement('img');
    handler.setAttribute('src', 'data:,');
    handler.setAttribute('onerror', 'window.__injectedRan = true;');
    document.body.append(handler);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return (window as unknown as { __injectedRan?: boolean }).__injectedRan === true;
  });
  expect(ran).toBe(false);
  expect((await violations()).some((v) => v.startsWith('script-src'))).toBe(true);
});
