import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useParams } from 'react-router-dom';
import { routerAt } from '../testing/routerAt';
import { normaliseTag, TAG_MAX_LENGTH, TAGS_MAX_COUNT } from './hashtags';
import {
  mentionedIn,
  shortenAddress,
  splitLinks,
  splitMentions,
  stillMentioned,
  tagsIn,
} from './links';
import { USER_LINK_REL, UserText } from './UserText';

const TAG_ROUTE = '/tags/:tag';

/** The addresses splitLinks finds in `text`, as written. */
const linksIn = (text: string) =>
  splitLinks(text).flatMap((part) => (part.kind === 'link' ? [part.text] : []));

describe('splitLinks', () => {
  it.each([
    ['See https://example.com.', 'https://example.com'],
    ['(https://example.com/a)', 'https://example.com/a'],
    ['Wow https://example.com/a!', 'https://example.com/a'],
    ['Really? https://example.com/?q=1?', 'https://example.com/?q=1'],
    ['"https://example.com/quoted"', 'https://example.com/quoted'],
    ['‘https://example.com/curly’', 'https://example.com/curly'],
    ['«https://example.com/fr»', 'https://example.com/fr'],
    ['one https://a.example/x, two', 'https://a.example/x'],
    ['see: https://a.example/x; then', 'https://a.example/x'],
    [
      'https://en.wikipedia.org/wiki/Mercury_(planet)',
      'https://en.wikipedia.org/wiki/Mercury_(planet)',
    ],
    [
      '(see https://en.wikipedia.org/wiki/Mercury_(planet)).',
      'https://en.wikipedia.org/wiki/Mercury_(planet)',
    ],
    ['HTTPS://EXAMPLE.COM/Shout', 'HTTPS://EXAMPLE.COM/Shout'],
    ['http://127.0.0.1:8080/dev', 'http://127.0.0.1:8080/dev'],
    ['https://example.com/path#frag-1', 'https://example.com/path#frag-1'],
  ])('%s links %s and leaves the punctuation around it', (text, address) => {
    expect(linksIn(text)).toEqual([address]);
  });

  it.each([
    ['日本語https://example.jp/東京。次の文', 'https://example.jp/東京'],
    ['見て「https://example.jp/a」', 'https://example.jp/a'],
    ['مرحبا https://example.com/ar مرحبا', 'https://example.com/ar'],
    ['Привет,https://пример.рф/путь, мир', 'https://пример.рф/путь'],
    ['नमस्ते https://example.in/हिंदी! धन्यवाद', 'https://example.in/हिंदी'],
    ['🎉https://example.com/party🎉 yes', 'https://example.com/party🎉'],
    ['חדשות (https://example.co.il/x) כאן', 'https://example.co.il/x'],
  ])('finds the address among other scripts: %s', (text, address) => {
    expect(linksIn(text)).toEqual([address]);
  });

  it('gives the text back whole and in order, with several links', () => {
    const text = 'a https://one.example b http://two.example/p?x=1&y=2 c';
    const parts = splitLinks(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.map((part) => part.kind)).toEqual(['text', 'link', 'text', 'link', 'text']);
    expect(parts[3]).toMatchObject({ href: 'http://two.example/p?x=1&y=2' });
  });

  it.each([
    'javascript:alert(1)',
    'javascript://example.com/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://example.com/file',
    'example.com and www.example.com',
    'mailto:someone@example.com',
    'xhttps://example.com glued to a word',
    'https:// no host',
    'https://nodot',
    'http://localhost:8080/dev',
    'https://bank.example@evil.example/login',
    'https://user:pass@evil.example/',
    '<a href="https://example.com">x</a> is not an address start',
  ])('makes no link to follow out of %s', (text) => {
    const links = splitLinks(text).filter((part) => part.kind === 'link');
    for (const link of links) expect(link.href).toMatch(/^https?:\/\/[^/]*example\.com\//);
    if (!text.includes('<a href')) expect(links).toEqual([]);
  });

  it('ends an address at markup, quotes and direction-changing characters', () => {
    expect(linksIn('https://example.com/"><img src=x onerror=alert(1)>')).toEqual([
      'https://example.com/',
    ]);
    expect(linksIn('https://example.com/a\u202Egnp.exe')).toEqual(['https://example.com/a']);
    expect(linksIn('https://example.com/a\u200Bb')).toEqual(['https://example.com/a']);
  });

  it('finds no address in long runs of brackets, dots and schemes', () => {
    const text = `https://${'('.repeat(5_000)}${'.'.repeat(5_000)} ${'https://'.repeat(2_000)}`;
    expect(linksIn(text)).toEqual([]);
    expect(linksIn(`${text} https://example.com/after`)).toEqual(['https://example.com/after']);
  });
});

/** The tags splitLinks finds in `text`: [as written, normalised]. */
const tagsWritten = (text: string) =>
  splitLinks(text).flatMap((part) => (part.kind === 'tag' ? [[part.text, part.tag]] : []));

describe('hashtags in splitLinks', () => {
  it.each([
    ['Sunny #weekend!', [['#weekend', 'weekend']]],
    ['#Weekend at the start', [['#Weekend', 'weekend']]],
    ['(#citylife)', [['#citylife', 'citylife']]],
    [
      '"#quoted", #comma, #semi; #colon: #end.',
      [
        ['#quoted', 'quoted'],
        ['#comma', 'comma'],
        ['#semi', 'semi'],
        ['#colon', 'colon'],
        ['#end', 'end'],
      ],
    ],
    [
      '#snake_case_tag and #tag2026',
      [
        ['#snake_case_tag', 'snake_case_tag'],
        ['#tag2026', 'tag2026'],
      ],
    ],
    ["#tag's end", [['#tag', 'tag']]],
    ['#one#two', [['#one', 'one']]],
    ['##double', [['#double', 'double']]],
  ])('%s', (text, expected) => {
    expect(tagsWritten(text)).toEqual(expected);
  });

  it.each([
    ['Latin with accents', 'Café #Crème_brûlée.', 'crème_brûlée'],
    ['Cyrillic', 'Привет, #Москва!', 'москва'],
    ['Japanese', '東京の夜 #東京タワー。最高', '東京タワー'],
    ['Japanese, full-width mark and letters', '＃Ｔｏｋｙｏ です', 'tokyo'],
    ['Arabic', 'صباح الخير #القاهرة، جميل', 'القاهرة'],
    ['Devanagari with combining marks', 'नमस्ते #हिन्दी! धन्यवाद', 'हिन्दी'],
    ['Greek, its final sigma in lower case', '#ΟΔΥΣΣΕΥΣ', 'οδυσσευς'],
    ['Korean', '#서울 여행', '서울'],
    ['Hebrew', 'שלום #ירושלים.', 'ירושלים'],
  ])('%s: %s', (_script, text, tag) => {
    expect(tagsWritten(text).map(([, normalised]) => normalised)).toEqual([tag]);
  });

  it('keeps combining marks in the tag, and one tag for its composed and decomposed spellings', () => {
    const decomposed = '#cafe\u0301';
    expect(tagsWritten(decomposed)).toEqual([[decomposed, 'café']]);
    expect(tagsIn('#café #CAFE\u0301')).toEqual(['café']);
  });

  it.each([
    ['a word glued before the mark', 'a#b and C#'],
    ['a digit glued before the mark', 'room 4#b'],
    ['an HTML entity', '&#123; and &#x41;'],
    ['marks alone', '## # #! #.'],
    ['digits only (a number, as on Mastodon)', 'issue #123, ranked #1, #２０２６'],
    ['an underscore only', '#_ #__'],
    ['a keycap emoji', '#\uFE0F\u20E3 #\u20E3'],
    ['a compatibility form that folds into punctuation', '#⒈'],
    ['a run longer than the bound', `#${'a'.repeat(TAG_MAX_LENGTH + 1)}`],
  ])('finds no tag in %s', (_what, text) => {
    expect(tagsWritten(text)).toEqual([]);
    expect(
      splitLinks(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });

  it('takes a tag of the bound’s length, and letters with digits', () => {
    const longest = 'a'.repeat(TAG_MAX_LENGTH);
    expect(tagsIn(`#${longest} #1st #2026th`)).toEqual([longest, '1st', '2026th']);
  });

  it('leaves a "#" inside an address to the link, and finds tags around it', () => {
    const text = '#before https://example.com/page#section and https://example.com/#/route #after';
    expect(splitLinks(text).map((part) => [part.kind, part.text])).toEqual([
      ['tag', '#before'],
      ['text', ' '],
      ['link', 'https://example.com/page#section'],
      ['text', ' and '],
      ['link', 'https://example.com/#/route'],
      ['text', ' '],
      ['tag', '#after'],
    ]);
  });

  it('finds a tag right after an address that a quote ends', () => {
    expect(splitLinks('"https://example.com/a"#tag').map((part) => [part.kind, part.text])).toEqual(
      [
        ['text', '"'],
        ['link', 'https://example.com/a'],
        ['text', '"'],
        ['tag', '#tag'],
      ],
    );
  });

  it('gives each tag once, in order, and at most the bound of distinct tags', () => {
    expect(tagsIn('#b #A #a #B #c')).toEqual(['b', 'a', 'c']);
    const many = Array.from({ length: TAGS_MAX_COUNT + 5 }, (_, n) => `#t${n}`).join(' ');
    const text = `${many} #t0`;
    const tags = tagsIn(text);
    expect(tags).toHaveLength(TAGS_MAX_COUNT);
    expect(tags.at(-1)).toBe(`t${TAGS_MAX_COUNT - 1}`);
    // Past the bound a new tag is text; one already counted still links.
    const parts = splitLinks(text);
    expect(parts.at(-1)).toEqual({ kind: 'tag', text: '#t0', tag: 't0' });
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('normalises with NFKC and lower case, and refuses what is no tag', () => {
    expect(normaliseTag('ＷｅｅｋＥＮＤ')).toBe('weekend');
    expect(normaliseTag('Straße')).toBe('straße');
    expect(normaliseTag('İstanbul')).toBe('i̇stanbul');
    expect(normaliseTag('123')).toBeNull();
    expect(normaliseTag('a.b')).toBeNull();
    expect(normaliseTag('')).toBeNull();
  });
});

describe('shortenAddress', () => {
  it('drops the scheme, www. and a lone trailing slash', () => {
    expect(shortenAddress('https://www.example.com/')).toEqual({ shown: 'example.com', rest: '' });
    expect(shortenAddress('http://example.com/a/')).toEqual({ shown: 'example.com/a/', rest: '' });
  });

  it('cuts a long address, never inside a character made of two code units', () => {
    const { shown, rest } = shortenAddress(`https://example.com/${'😀'.repeat(40)}`, 16);
    expect(Array.from(shown)).toHaveLength(15);
    expect(shown + rest).toBe(`example.com/${'😀'.repeat(40)}`);
  });
});

describe('UserText', () => {
  it('renders links that open in a new tab without referrer, opener or ranking credit', () => {
    render(<UserText text="Photos at https://example.com/album. Enjoy!" tagRoute={TAG_ROUTE} />);
    const link = screen.getByRole('link', { name: 'example.com/album' });
    expect(link).toHaveAttribute('href', 'https://example.com/album');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', USER_LINK_REL);
    expect(USER_LINK_REL.split(' ').sort()).toEqual(['nofollow', 'noopener', 'noreferrer', 'ugc']);
    expect(link.parentElement).toHaveTextContent('Photos at example.com/album. Enjoy!');
  });

  it('shows the start of a long address; its name and tooltip hold all of it', () => {
    const address = 'https://example.com/a/very/long/path/that/goes/on/and/on?page=2';
    render(<UserText text={address} tagRoute={TAG_ROUTE} />);
    const link = screen.getByRole('link', { name: address.replace('https://', '') });
    expect(link).toHaveAttribute('title', address);
    expect(link).toHaveTextContent(/^example\.com\/a\/very\/long\/path\/th…$/);
  });

  it('renders markup in the text as text', () => {
    const hostile =
      '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script> javascript:alert(1)';
    const { container } = render(<UserText text={hostile} tagRoute={TAG_ROUTE} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toBe(hostile);
  });

  it('links each tag to its page, in the same tab, by its normalised form', async () => {
    function TagPage() {
      return <p>Tag page: {useParams().tag}</p>;
    }
    render(
      routerAt('/', {
        '/': <UserText text="Sunny #Weekend in #東京!" tagRoute={TAG_ROUTE} />,
        '/tags/:tag': <TagPage />,
      }),
    );
    const weekend = screen.getByRole('link', { name: '#Weekend' });
    expect(weekend).toHaveAttribute('href', '/tags/weekend');
    expect(weekend).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: '#東京' })).toHaveAttribute(
      'href',
      `/tags/${encodeURIComponent('東京')}`,
    );
    expect(weekend.parentElement).toHaveTextContent('Sunny #Weekend in #東京!');
    await userEvent.click(screen.getByRole('link', { name: '#東京' }));
    expect(screen.getByText('Tag page: 東京')).toBeInTheDocument();
  });

  it('encodes a tag into the route, so a path reads it whole', () => {
    render(routerAt('/', { '/': <UserText text="#東京" tagRoute="/t/:tag/posts" /> }));
    expect(screen.getByRole('link', { name: '#東京' })).toHaveAttribute(
      'href',
      `/t/${encodeURIComponent('東京')}/posts`,
    );
  });

  it('escapes what follows an address', () => {
    const { container } = render(
      <UserText text={'https://example.com/"><img src=x onerror=alert(1)>'} tagRoute={TAG_ROUTE} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://example.com/');
  });
});

describe('mentions', () => {
  const ANN = { uid: 'ann-uid', name: 'Ann' };
  const OLD_TIMER = { uid: 'old-uid', name: 'Old Timer ebefab' };
  const mentionsIn = (text: string, members = [ANN, OLD_TIMER]) =>
    splitMentions(splitLinks(text), members).flatMap((part) =>
      part.kind === 'mention' ? [[part.text, part.uid]] : [],
    );

  it.each([
    ['hi @Ann!', [['@Ann', 'ann-uid']]],
    ['@Old Timer ebefab, welcome', [['@Old Timer ebefab', 'old-uid']]],
    [
      '(@ann) and @OLD TIMER EBEFAB.',
      [
        ['@ann', 'ann-uid'],
        ['@OLD TIMER EBEFAB', 'old-uid'],
      ],
    ],
    ['東京で@Ann。', [['@Ann', 'ann-uid']]],
    ['مرحبا @Ann', [['@Ann', 'ann-uid']]],
  ])('links the stored members’ @names in %s', (text, found) => {
    expect(mentionsIn(text)).toEqual(found);
  });

  it.each([
    'ann@example.com',
    '@Annabel is not Ann',
    '@Bob was not picked',
    'see https://example.com/@Ann',
    '@ Ann',
  ])('leaves %s as text', (text) => {
    expect(mentionsIn(text)).toEqual([]);
  });

  it('prefers the longest stored name at an @', () => {
    const annLee = { uid: 'lee-uid', name: 'Ann Lee' };
    expect(mentionsIn('@Ann Lee and @Ann', [ANN, annLee])).toEqual([
      ['@Ann Lee', 'lee-uid'],
      ['@Ann', 'ann-uid'],
    ]);
  });

  it('gives the text back whole', () => {
    const text = 'a @Ann b https://x.example c @Old Timer ebefab';
    expect(
      splitMentions(splitLinks(text), [ANN, OLD_TIMER])
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });

  it('stores the picked members still named in the text, each once, at most the bound', () => {
    const bob = { uid: 'bob-uid', name: 'Bob' };
    expect(mentionedIn('@Ann and @Ann again', [ANN, bob], 5)).toEqual(['ann-uid']);
    expect(mentionedIn('@Bob @Ann', [ANN, bob], 1)).toEqual(['bob-uid']);
    expect(mentionedIn('nobody here', [ANN], 5)).toEqual([]);
  });

  it('keeps the picked members still named in the text, with their names, in the text’s order', () => {
    const bob = { uid: 'bob-uid', name: 'Bob' };
    expect(stillMentioned('@Bob, then @Ann and @bob', [ANN, bob])).toEqual([bob, ANN]);
    // Edited away, or only inside a link: no longer mentioned.
    expect(stillMentioned('@An and https://x.example/@Bob', [ANN, bob])).toEqual([]);
  });

  it('renders a mention as a link to the member’s profile, and an unknown @name as text', () => {
    render(
      <MemoryRouter>
        <UserText text="Thanks @Ann and @Bob <b>x</b>" tagRoute={TAG_ROUTE} mentions={[ANN]} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: '@Ann' });
    expect(link).toHaveAttribute('href', '/profile/ann-uid');
    expect(link).not.toHaveAttribute('target');
    expect(screen.queryByRole('link', { name: '@Bob' })).toBeNull();
    expect(screen.getByText(/and @Bob <b>x<\/b>/)).toBeInTheDocument();
  });
});
