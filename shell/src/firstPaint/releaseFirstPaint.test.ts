/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_PAINT_ID, releaseFirstPaint } from './releaseFirstPaint';

/** MutationObserver callbacks are microtasks: one turn lets them run. */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The body of login.html: the static sign-in screen, then the app's root. */
function loginPage(rootHtml = '') {
  const firstPaint = fs.readFileSync(path.join(__dirname, 'login.html'), 'utf8');
  document.body.innerHTML = `${firstPaint}<div id="root">${rootHtml}</div>`;
  return document.getElementById('root')!;
}

const paint = () => document.getElementById(FIRST_PAINT_ID);
const busy = (text: string) => `<main aria-busy="true"><span>${text}</span></main>`;

describe('releaseFirstPaint', () => {
  it('keeps the static screen while the app shows only loading states', async () => {
    const root = loginPage();
    releaseFirstPaint();
    root.innerHTML = busy('Loading…');
    await observed();
    root.innerHTML = `<main><div aria-busy="true">${busy('Loading Sign-in…')}</div><div></div></main>`;
    await observed();
    expect(paint()).not.toBeNull();
  });

  it("removes it as soon as the remote's page shows text, in the same task", async () => {
    const root = loginPage(busy('Loading Sign-in…'));
    releaseFirstPaint();
    root.innerHTML = '<main><div><section><h1>Sign in</h1></section></div></main>';
    await Promise.resolve();
    expect(paint()).toBeNull();
  });

  it('removes it when a loading state ends in a failure message', async () => {
    const root = loginPage('<div aria-busy="true"><span>Loading Sign-in…</span></div>');
    releaseFirstPaint();
    const area = root.firstElementChild!;
    area.removeAttribute('aria-busy');
    area.textContent = 'Sign-in is unavailable right now.';
    await observed();
    expect(paint()).toBeNull();
  });

  it('removes it at once when the app already shows text (a member sent to their feed)', () => {
    loginPage('<header>Socially</header>');
    releaseFirstPaint();
    expect(paint()).toBeNull();
  });

  it('does nothing on a page without a first paint', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => releaseFirstPaint()).not.toThrow();
  });
});
