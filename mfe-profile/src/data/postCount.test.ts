import { shownPostCount } from './postCount';

describe('shownPostCount', () => {
  test('the real posts the function counted, when the list is as it was then', () => {
    // An id dropped from the list before the rules kept it: the count still has that post.
    expect(shownPostCount({ posts: ['a'], counts: { posts: 2, postsListed: 1 } })).toBe(2);
  });

  test('a post made or deleted since the count shows at once', () => {
    expect(shownPostCount({ posts: ['a', 'b'], counts: { posts: 2, postsListed: 1 } })).toBe(3);
    expect(shownPostCount({ posts: [], counts: { posts: 2, postsListed: 1 } })).toBe(1);
  });

  test('without a count yet, the length of the list', () => {
    expect(shownPostCount({ posts: ['a', 'b'] })).toBe(2);
    expect(shownPostCount({ posts: ['a'], counts: { followers: 3 } })).toBe(1);
  });

  test('from a member card, the list’s length it carries', () => {
    expect(shownPostCount({ postsListLength: 2, counts: { posts: 2, postsListed: 1 } })).toBe(3);
    expect(shownPostCount({ postsListLength: 4 })).toBe(4);
  });

  test('never below zero', () => {
    expect(shownPostCount({ posts: [], counts: { posts: 0, postsListed: 2 } })).toBe(0);
  });
});
