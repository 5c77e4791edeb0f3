import { parseRegistry } from './registry';

describe('remotes.json', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('keeps the known remotes with their manifest URLs', () => {
    expect(
      parseRegistry({
        feed: 'https://cdn.test/feed/v2/mf-manifest.json',
        auth: 'http://a/mf-manifest.json',
      }),
    ).toEqual({
      feed: 'https://cdn.test/feed/v2/mf-manifest.json',
      auth: 'http://a/mf-manifest.json',
    });
  });

  it('drops unknown names and bad URLs rather than failing the page', () => {
    expect(parseRegistry({ feed: 42, chat: 'http://x/mf-manifest.json', members: '' })).toEqual({});
    expect(console.warn).toHaveBeenCalledTimes(3);
  });

  it('refuses a file that is not an object', () => {
    expect(() => parseRegistry(['feed'])).toThrow('remotes.json must be an object');
  });
});
