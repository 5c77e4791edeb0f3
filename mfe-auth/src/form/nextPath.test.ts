import { safeNextPath } from './nextPath';

const ORIGIN = 'http://127.0.0.1:3000';

describe('safeNextPath', () => {
  it.each([
    ['/explore', '/explore'],
    ['/profile/u1?x=1#top', '/profile/u1?x=1#top'],
    ['/post/a%20b', '/post/a%20b'],
    ['/', '/'],
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
  ])('sends %p home', (next) => {
    expect(safeNextPath(next, ORIGIN)).toBe('/');
  });
});
