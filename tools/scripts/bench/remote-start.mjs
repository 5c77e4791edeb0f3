/* global window, document, MutationObserver */ // page code runs in the browser
// Start cost of each remote on its own route, cold HTTP cache: from the request of its
// mf-manifest.json (Resource Timing) to its first render (a MutationObserver mark when the
// remote's first own element appears), with the manifest, remoteEntry.js and the remote's other
// files' fetch times beside it. Median of `runs` page loads per remote.
import { median, signIn } from './browser.mjs';

const FIRST_RENDER = {
  auth: { path: () => '/login', selector: 'input[type="email"]', signedIn: false },
  feed: { path: () => '/', selector: 'form[aria-label="New post"]', signedIn: true },
  profile: {
    path: (m) => `/profile/${m.uid}`,
    selector: 'h1.profile-header__name',
    signedIn: true,
  },
  explore: { path: () => '/explore', selector: '#explore-heading', signedIn: true },
  members: { path: () => '/members', selector: '#members-heading', signedIn: true },
};

const MARK_SCRIPT = (selector) => {
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector)) {
      window.__firstRender = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
};

async function oneLoad(page, stack, name, spec, member) {
  const origin = stack.appUrls[name];
  await page.goto(`${stack.shellUrl}${spec.path(member)}`);
  await page.waitForFunction(() => window.__firstRender !== undefined, null, { timeout: 30_000 });
  return page.evaluate((remoteOrigin) => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.startsWith(remoteOrigin));
    const manifest = entries.find((e) => e.name.endsWith('/mf-manifest.json'));
    const entry = entries.find((e) => e.name.endsWith('/remoteEntry.js'));
    const chunks = entries.filter((e) => e.name.endsWith('.js') && e !== entry);
    const span = (list) =>
      list.length
        ? Math.max(...list.map((e) => e.responseEnd)) - Math.min(...list.map((e) => e.startTime))
        : 0;
    return {
      manifestMs: manifest ? manifest.duration : NaN,
      entryMs: entry ? entry.duration : NaN,
      chunksMs: span(chunks),
      totalMs: window.__firstRender - (manifest ? manifest.startTime : 0),
      manifestAtMs: manifest ? manifest.startTime : NaN,
    };
  }, origin);
}

export async function measureRemoteStart(browser, stack, member, runs = 5) {
  const results = {};
  for (const [name, spec] of Object.entries(FIRST_RENDER)) {
    const context = await browser.newContext();
    const setup = await context.newPage();
    if (spec.signedIn) await signIn(setup, stack.shellUrl, member);
    await setup.close();
    const samples = [];
    for (let i = 0; i < runs; i += 1) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.addInitScript(MARK_SCRIPT, spec.selector);
      samples.push(await oneLoad(page, stack, name, spec, member));
      await page.close();
    }
    await context.close();
    results[name] = Object.fromEntries(
      ['manifestAtMs', 'manifestMs', 'entryMs', 'chunksMs', 'totalMs'].map((key) => [
        key,
        Math.round(median(samples.map((s) => s[key]))),
      ]),
    );
  }
  return results;
}
