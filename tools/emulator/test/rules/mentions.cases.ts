/**
 * The members a post, comment or reply mentions (docs/DATA_MODEL.md "Mentions"), registered into
 * the product suite so its coverage check sees them: `mentions` is absent or a list of at most
 * MAX_MENTIONS distinct uids of existing members, written only with the author's own new post,
 * edit, comment or reply. alice, bob and carol are members by now (the suite signed them up);
 * `nobody` never signed up. Documents here have ids of their own (`mn-…`).
 */
import { MAX_MENTIONS } from 'shared-firebase';
import { clientTime, serverTime, union, type Data, type Op, type Write } from './sdk-ops';
import type { RulesSuite } from './sdk-suite';

const POSTS = '/posts/{postId}';
const EDIT = '/posts/{editedPost} update';
const HISTORY = '/posts/{editedPost}/edits/{editId} create';
const COMMENTS = '/comments/{commentId}';

const T0 = Date.UTC(2026, 0, 1, 9);

const batch = (...writes: Write[]): Op => ({ batch: writes });

const post = (id: string, fields: Data = {}): Data => ({
  postImage: null,
  postCaption: 'Hello @Bob',
  uid: 'alice',
  postId: id,
  followers: ['alice'],
  likes: [],
  createdAt: serverTime(),
  ...fields,
});
const newPost = (id: string, fields: Data = {}): Op =>
  batch(
    { set: `posts/${id}`, data: post(id, fields) },
    { update: 'usersData/alice', data: { posts: union(id) } },
  );
const comment = (id: string, fields: Data = {}): Op =>
  batch({
    set: `comments/${id}`,
    data: {
      comment: 'Look @Alice',
      replies: [],
      postId: 'mn-seeded',
      userId: 'bob',
      createdAt: serverTime(),
      ...fields,
    },
  });
const reply = (fields: Data = {}): Op =>
  batch({
    update: 'comments/mn-thread',
    data: {
      replies: union({
        reply: 'Thanks @Bob',
        userId: 'carol',
        id: 'M1b2C3d4E5f6G7h8I9j0',
        createdAt: clientTime(Date.now()),
        ...fields,
      }),
    },
  });
/** alice's edit of `mn-seeded` (its first), with the mentions of the new caption. */
const edit = (fields: Data): Op =>
  batch(
    {
      update: 'posts/mn-seeded',
      data: {
        postCaption: 'Hello @Bob and @Carol',
        editedAt: serverTime(),
        editCount: 1,
        ...fields,
      },
    },
    {
      set: 'posts/mn-seeded/edits/0',
      data: {
        uid: 'alice',
        postCaption: 'Hello',
        postImageAlt: null,
        versionAt: clientTime(T0),
        replacedAt: serverTime(),
      },
    },
  );

/** Lists that are not a bounded set of existing members' uids, and why. */
const FORGED: Array<[Data[string], string]> = [
  ['bob', 'not a list'],
  [['bob', 'bob'], 'a member twice'],
  [['nobody'], 'not a member'],
  [['bob', 'carol', 'nobody'], 'a non-member after members'],
  [[7], 'not a uid'],
  [['usersData/bob'], 'a path, not a uid'],
  [
    [...Array.from({ length: MAX_MENTIONS }, () => 'bob').map((_, i) => `m${i}`), 'bob'],
    'too many',
  ],
];

export function mentionCases({ allow, deny, seed }: RulesSuite): void {
  describe('mentions beside the seed’s text fields', () => {
    beforeAll(async () => {
      // Members that exist only to fill the list to its bound.
      const fillers = Array.from({ length: MAX_MENTIONS }, (_, i) => ({
        set: `usersData/m${i}`,
        data: { userInfo: { userName: `Member ${i}` } },
      }));
      await seed(
        ...fillers,
        {
          set: 'posts/mn-seeded',
          data: { ...post('mn-seeded', { postCaption: 'Hello', createdAt: clientTime(T0) }) },
        },
        {
          set: 'comments/mn-thread',
          data: {
            comment: 'Thread',
            replies: [],
            postId: 'mn-seeded',
            userId: 'bob',
            createdAt: clientTime(Date.now()),
          },
        },
      );
    });

    test('a new post mentions up to the bound of existing members, or nobody', async () => {
      const fillers = Array.from({ length: MAX_MENTIONS }, (_, i) => `m${i}`);
      await allow(
        'alice',
        [`${POSTS} create`, `/usersData/{uid} update`],
        newPost('mn-1', { mentions: ['bob'] }),
      );
      await allow(
        'alice',
        [`${POSTS} create`, `/usersData/{uid} update`],
        newPost('mn-2', { mentions: fillers }),
      );
      await allow(
        'alice',
        [`${POSTS} create`, `/usersData/{uid} update`],
        newPost('mn-3', { mentions: [] }),
      );
    });

    test('a new post’s mentions are never forged, repeated, too many or of non-members', async () => {
      for (const [mentions] of FORGED) {
        await deny('alice', `${POSTS} create`, newPost('mn-x', { mentions }), {
          breaks: 'validMentions(data)',
        });
      }
    });

    test('mentions change only with the author’s own edit of the caption', async () => {
      // An edit's list is checked as a new post's, whole: forged ones are refused.
      for (const [mentions] of FORGED) {
        await deny('alice', EDIT, edit({ mentions }), { breaks: 'validMentions(after)' });
      }
      await allow('alice', [EDIT, HISTORY], edit({ mentions: ['bob', 'carol'] }));
      // Not as a like, nor by anyone else's write.
      await deny(
        'bob',
        `${POSTS} update`,
        batch({ update: 'posts/mn-seeded', data: { likes: union('bob'), mentions: ['bob'] } }),
      );
    });

    test('a comment mentions existing members; forged lists are refused', async () => {
      await allow('bob', `${COMMENTS} create`, comment('mn-c1', { mentions: ['alice', 'carol'] }));
      // At the bound, its checks and the comment's own reads fit one write's read budget.
      const fillers = Array.from({ length: MAX_MENTIONS }, (_, i) => `m${i}`);
      await allow('bob', `${COMMENTS} create`, comment('mn-c2', { mentions: fillers }));
      for (const [mentions] of FORGED) {
        await deny('bob', `${COMMENTS} create`, comment('mn-cx', { mentions }), {
          breaks: 'validMentions(incoming())',
        });
      }
    });

    test('a stamped reply mentions existing members; forged lists and seed-shaped replies are refused', async () => {
      await allow('carol', `${COMMENTS} update`, reply({ mentions: ['bob'] }), {
        via: 'appendsMyReply',
      });
      // At the bound, beside the reply's three reads of the thread's and post's authors' blocks.
      const fillers = Array.from({ length: MAX_MENTIONS }, (_, i) => `m${i}`);
      await allow(
        'carol',
        `${COMMENTS} update`,
        reply({ id: 'R1b2C3d4E5f6G7h8I9j0', mentions: fillers }),
        { via: 'appendsMyReply' },
      );
      for (const [mentions] of FORGED) {
        await deny('carol', `${COMMENTS} update`, reply({ id: 'N1b2C3d4E5f6G7h8I9j0', mentions }), {
          breaks: 'appendsMyReply',
        });
      }
      await deny(
        'carol',
        `${COMMENTS} update`,
        batch({
          update: 'comments/mn-thread',
          data: { replies: union({ reply: 'Hi @Bob', userId: 'carol', mentions: ['bob'] }) },
        }),
        { breaks: 'appendsMyReply' },
      );
    });
  });
}
