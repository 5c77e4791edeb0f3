import { captionTags, mayChangeTags } from './postTags';
import { changedCounts, countsOf, dayChanges, TAG_DAY_MAX_TAGS } from './tagCounts';

describe('changedCounts', () => {
  it('adds and removes one use per tag, most used first, dropping tags that reach zero', () => {
    const counts = [
      { tag: 'weekend', count: 2 },
      { tag: 'home', count: 1 },
    ];
    expect(changedCounts(counts, ['home'], ['citylife', 'weekend'])).toEqual([
      { tag: 'weekend', count: 3 },
      { tag: 'citylife', count: 1 },
    ]);
  });

  it('orders equal counts by tag, and ignores removing a tag that is not counted', () => {
    expect(changedCounts([], ['gone'], ['b', 'a', 'ü'])).toEqual([
      { tag: 'a', count: 1 },
      { tag: 'b', count: 1 },
      { tag: 'ü', count: 1 },
    ]);
  });

  it('keeps at most the bound of tags, the least used dropped', () => {
    const counts = Array.from({ length: TAG_DAY_MAX_TAGS }, (_, n) => ({ tag: `t${n}`, count: 2 }));
    const changed = changedCounts(counts, [], ['new']);
    expect(changed).toHaveLength(TAG_DAY_MAX_TAGS);
    expect(changed.some(({ tag }) => tag === 'new')).toBe(false);
    expect(changedCounts(counts, [], ['t5'])[0]).toEqual({ tag: 't5', count: 3 });
  });
});

describe('countsOf', () => {
  it('reads only well-formed entries', () => {
    expect(countsOf('nonsense')).toEqual([]);
    expect(
      countsOf([{ tag: 'a', count: 1 }, { tag: 'b', count: 0 }, { tag: 3, count: 1 }, null]),
    ).toEqual([{ tag: 'a', count: 1 }]);
  });
});

describe('dayChanges', () => {
  it('a new post adds its tags on its day; a deleted one removes them', () => {
    const counted = { day: '2026-11-27', tags: ['a', 'b'] };
    expect([...dayChanges(null, counted)]).toEqual([
      ['2026-11-27', { removed: [], added: ['a', 'b'] }],
    ]);
    expect([...dayChanges(counted, null)]).toEqual([
      ['2026-11-27', { removed: ['a', 'b'], added: [] }],
    ]);
  });

  it('an edited caption changes only the tags that differ; an unchanged post nothing', () => {
    const before = { day: '2026-11-20', tags: ['a', 'b'] };
    expect([...dayChanges(before, { day: '2026-11-20', tags: ['b', 'c'] })]).toEqual([
      ['2026-11-20', { removed: ['a'], added: ['c'] }],
    ]);
    expect(dayChanges(before, { ...before }).size).toBe(0);
    expect(dayChanges(null, null).size).toBe(0);
  });

  it('a post counted on another day moves all its tags', () => {
    expect([...dayChanges({ day: 'd1', tags: ['a'] }, { day: 'd2', tags: ['a'] })]).toEqual([
      ['d1', { removed: ['a'], added: [] }],
      ['d2', { removed: [], added: ['a'] }],
    ]);
  });
});

describe('captionTags and mayChangeTags', () => {
  it('takes the tags the caption links, each once, none from a missing caption', () => {
    expect(
      captionTags({ postCaption: 'Sunny #Weekend #weekend https://a.example/#x #東京' }),
    ).toEqual(['weekend', '東京']);
    expect(captionTags({ postCaption: null })).toEqual([]);
    expect(captionTags(undefined)).toEqual([]);
  });

  it('runs for a creation, a deletion, a caption or tags change; not for a like', () => {
    const post = { postCaption: '#a', likes: [], tags: ['a'] };
    expect(mayChangeTags(undefined, post)).toBe(true);
    expect(mayChangeTags(post, undefined)).toBe(true);
    expect(mayChangeTags(post, { ...post, postCaption: '#b' })).toBe(true);
    expect(mayChangeTags({ ...post, tags: undefined }, post)).toBe(true);
    expect(mayChangeTags(post, { ...post, likes: ['bob'] })).toBe(false);
  });
});
