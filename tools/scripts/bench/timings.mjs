/* global window, document, MutationObserver, Element */ // page code runs in the browser
// Median of N runs, each in a fresh browser context (cold HTTP cache, no session), of:
// - navigation → login form usable: from the navigation's start (performance.timeOrigin) until the
//   Email field and an enabled Sign in button are in the page;
// - sign-in → first feed post visible: from the click on Sign in until the first post card of the
//   home feed is in the page.
// Both are recorded inside the page by a MutationObserver, so polling adds no delay.
import { median } from './browser.mjs';

const MARKS_SCRIPT = () => {
  const marks = {};
  window.__benchMarks = marks;
  const check = () => {
    if (marks.loginUsable === undefined) {
      const email = document.querySelector('input[type="email"]');
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.textContent?.trim() === 'Sign in' && !b.disabled,
      );
      if (email && !email.disabled && button) marks.loginUsable = performance.now();
    }
    if (marks.signInClick !== undefined && marks.firstPost === undefined) {
      if (document.querySelector('article[aria-label="Post"]')) marks.firstPost = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
  });
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.textContent?.trim() === 'Sign in') marks.signInClick = performance.now();
    },
    true,
  );
};

async function oneRun(browser, baseUrl, member) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(MARKS_SCRIPT);
  await page.goto(`${baseUrl}/login`);
  await page.waitForFunction(() => window.__benchMarks?.loginUsable !== undefined, null, {
    timeout: 30_000,
  });
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForFunction(() => window.__benchMarks?.firstPost !== undefined, null, {
    timeout: 30_000,
  });
  const marks = await page.evaluate(() => window.__benchMarks);
  await context.close();
  return { loginUsable: marks.loginUsable, signInToPost: marks.firstPost - marks.signInClick };
}

/** Alternates the two builds run by run so machine load drifts affect both alike. */
export async function measureTimings(browser, builds, member, runs = 10) {
  const samples = Object.fromEntries(builds.map((b) => [b.name, []]));
  for (let i = 0; i < runs; i += 1) {
    for (const build of builds) samples[build.name].push(await oneRun(browser, build.url, member));
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [
      name,
      {
        loginUsableMs: Math.round(median(list.map((s) => s.loginUsable))),
        signInToPostMs: Math.round(median(list.map((s) => s.signInToPost))),
        runs: list.length,
      },
    ]),
  );
}
