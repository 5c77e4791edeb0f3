import { safeNextPath } from './nextPath';

const ORIGIN = 'http://127.0.0.1:3000';

describe('safeNextPath', () => {
  it('sends home what only normalisation turns into another host', () => {
    expect(new URL('/..//evil.test', ORIGIN).pathname).toBe('//evil.test');
    expect(safeNextPath('/..//evil.test', ORIGIN)).toBe('/');
  });

  it.each([
    ['/explore', '/explore'],
    ['/profile/u1?x=1#top', '/profile/u1?x=1#top'],
    ['/post/a%20b', '/post/a%20b'],
    ['/', '/'],
    // Dot segments that stay on the site resolve as the browser would.
    ['/a/../explore', '/explore'],
    ['/./profile/u1', '/profile/u1'],
    // A backslash is a path separator to the URL parser: this stays on the site.
    ['/..\\evil.test', '/evil.test'],
  ])('keeps the same-origin path %s', (next, expected) => {
    expect(safeNextPath(next, ORIGIN)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['explore'],
    ['//evil.test/x'],
    ['/\\evil.test'],
    ['/\t/evil.test'],
    ['https://evil.test/'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/signUp?x=1'],
    ['/../login'],
    // Traversal that normalises to another host ('//host' is scheme-relative).
    ['/..//evil.test'],
    ['/../..//evil.test/x?y=1'],
    ['/a/..//evil.test'],
    ['/.//evil.test'],
    ['/%2e%2e//evil.test'],
    ['/%2E%2E//evil.test'],
    ['/.%2e//evil.test'],
    ['/..\\/evil.test'],
    ['/./\\evil.test'],
    ['/\n/evil.test'],
    ['/\r\n/evil.test'],
    // Scheme tricks.
    ['JavaScript:alert(1)'],
    ['java\tscript:alert(1)'],
    [' /explore'],
    ['data:text/html,<script>alert(1)</script>'],
    ['http:/evil.test'],
    ['https:evil.test'],
    ['\\\\evil.test'],
  ])('sends %p home', (next) => {
    expect(safeNextPath(next, ORIGIN)).toBe('/');
  });
});
