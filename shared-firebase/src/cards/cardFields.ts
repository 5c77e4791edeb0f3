// The slim copies readers download instead of the seed's documents (docs/DATA_MODEL.md "Post
// cards", "Member cards"): the document without its unbounded lists. One definition for the
// functions that write them and the readers that fall back to the seed's document.

/** The fields of `posts/{postId}` a post card leaves out: up to 2,001 and 2,000 uids. */
export const POST_CARD_OMITS = ['followers', 'likes'] as const;

/** The fields of `usersData/{uid}` a member card leaves out: lists of ids that grow with use. */
export const MEMBER_CARD_OMITS = ['posts', 'connections'] as const;

/**
 * `memberCards.postsListLength`: `usersData.posts.length` when the card was copied, so that the
 * posts a profile shows (`counts.posts` plus the ids listed since counted) need no list.
 */
export const MEMBER_CARD_LIST_LENGTH = 'postsListLength';

type Fields = Record<string, unknown>;

function without(data: Fields, omits: readonly string[]): Fields {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !omits.includes(key)));
}

/** A post's card: every field of the post but `followers` and `likes`. */
export function postCardFields(post: Fields): Fields {
  return without(post, POST_CARD_OMITS);
}

/** A member's card: `usersData` without its lists, and the length of `posts` beside it. */
export function memberCardFields(member: Fields): Fields {
  const posts = member['posts'];
  return {
    ...without(member, MEMBER_CARD_OMITS),
    [MEMBER_CARD_LIST_LENGTH]: Array.isArray(posts) ? posts.length : 0,
  };
}
