import { listPage } from '../../src/storage/server/list';
import { compareNames } from '../../src/storage/store';

const sorted = (names: string[]): string[] => [...names].sort(compareNames);

describe('listPage', () => {
  const names = sorted([
    'f/a',
    'f/b',
    'f/sub/x',
    'f/sub/y',
    'f/c',
    'f/z/deep/q',
    'g/other',
    'f//bad',
  ]);

  test('merges items and folder prefixes in name order and pages them together', () => {
    const first = listPage(names, { prefix: 'f/', delimiter: '/', maxResults: '3' });
    expect(first.items).toEqual(['f/a', 'f/b', 'f/c']);
    expect(first.prefixes).toEqual([]);
    const second = listPage(names, {
      prefix: 'f/',
      delimiter: '/',
      maxResults: '3',
      pageToken: first.nextPageToken,
    });
    expect(second).toEqual({ prefixes: ['f/sub/', 'f/z/'], items: [] });
  });

  test('a page token survives objects added before it', () => {
    const first = listPage(names, { prefix: 'f/', delimiter: '', maxResults: '2' });
    expect(first.items).toEqual(['f/a', 'f/b']);
    const grown = sorted([...names, 'f/aa', 'f/bb']);
    const rest = listPage(grown, { prefix: 'f/', delimiter: '', pageToken: first.nextPageToken });
    expect(rest.items).toEqual(['f/bb', 'f/c', 'f/sub/x', 'f/sub/y', 'f/z/deep/q']);
  });

  test('orders by UTF-8 bytes, not UTF-16 units', () => {
    // U+FF5E sorts after U+1F600 in UTF-16 but before it in UTF-8.
    expect(sorted(['\u{1F600}', '\uFF5E'])).toEqual(['\uFF5E', '\u{1F600}']);
  });
});
