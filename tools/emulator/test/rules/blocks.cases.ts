/**
 * The block and mute statements of firestore.rules (docs/DATA_MODEL.md "Blocks and mutes"), and
 * what a block forbids elsewhere (follows, likes, comments, replies, mentions), registered into the product
 * suite so its coverage check sees them. alice blocks bob and mutes carol; bob, as a hostile
 * member, forges edges and tries to reach alice anyway. Registered last: it leaves edges behind.
 */
import { clientTime, serverTime, union, type Data, type Op, type Write } from './sdk-ops';
import type { RulesSuite } from './sdk-suite';

const BLOCKS = '/blocks/{edgeId}';
const MUTES = '/mutes/{edgeId}';
const FOLLOWS = '/follows/{edgeId}';
const LIKES = '/likes/{edgeId}';
const POSTS = '/posts/{postId}';
const COMMENTS = '/comments/{commentId}';

const batch = (...writes: Write[]): Op => ({ batch: writes });
const set = (path: string, data: Data): Op => batch({ set: path, data });
const update = (path: string, data: Data): Op => batch({ update: path, data });
const del = (path: string): Op => batch({ delete: path });

const blockEdge = (blocker: string, blocked: unknown, fields: Data = {}): Data => ({
  blocker,
  blocked: blocked as Data[string],
  createdAt: serverTime(),
  ...fields,
});
const muteEdge = (muter: string, muted: unknown, fields: Data = {}): Data => ({
  muter,
  muted: muted as Data[string],
  createdAt: serverTime(),
  ...fields,
});
const followEdge = (follower: string, target: string): Data => ({
  follower,
  target,
  createdAt: serverTime(),
});
const without = (data: Data, key: string): Data =>
  Object.fromEntries(Object.entries(data).filter(([k]) => k !== key));

const post = (uid: string, id: string, likes: string[] = []): Data => ({
  postImage: null,
  postCaption: 'Mine',
  uid,
  postId: id,
  followers: [uid],
  likes,
  createdAt: clientTime(Date.UTC(2026, 0, 1)),
});
const comment = (userId: string, postId: string): Data => ({
  comment: 'Hi',
  replies: [],
  postId,
  userId,
  createdAt: clientTime(Date.UTC(2026, 0, 1)),
});
/** A stamped reply as the app appends it. */
const reply = (userId: string, id: string): Data => ({
  reply: 'Still here',
  userId,
  id,
  createdAt: clientTime(Date.now()),
});

export function blockCases({ allow, deny, seed }: RulesSuite): void {
  describe('blocks and mutes', () => {
    beforeAll(async () => {
      await seed(
        // alice's post, which bob liked before the block; carol's post with alice's comment.
        { set: 'posts/bk-alice', data: post('alice', 'bk-alice', ['bob']) },
        {
          set: 'likes/bk-alice_bob',
          data: { postId: 'bk-alice', uid: 'bob', author: 'alice', createdAt: clientTime(1) },
        },
        { set: 'posts/bk-carol', data: post('carol', 'bk-carol') },
        { set: 'comments/bk-on-alice', data: comment('carol', 'bk-alice') },
        { set: 'comments/bk-by-alice', data: comment('alice', 'bk-carol') },
        // bob's post and carol's thread on her own post, where bob may write but not mention alice.
        { set: 'posts/bk-bob', data: post('bob', 'bk-bob') },
        { set: 'comments/bk-carol-thread', data: comment('carol', 'bk-carol') },
        // No follow either way yet, whatever earlier cases left.
        { delete: 'follows/alice_bob' },
        { delete: 'follows/bob_alice' },
      );
    });

    test('a member blocks another with one edge of their own, the server time, nothing else', async () => {
      const t = `${BLOCKS} create`;
      await deny('signedOut', t, set('blocks/alice_bob', blockEdge('alice', 'bob')), {
        breaks: 'signedIn()',
      });
      // Forging someone else's block (bob "blocked by" carol, to look blocked, or to hide).
      await deny('bob', t, set('blocks/carol_bob', blockEdge('carol', 'bob')), {
        breaks: 'incoming().blocker == me()',
      });
      await deny('alice', t, set('blocks/alice_alice', blockEdge('alice', 'alice')), {
        breaks: 'incoming().blocked != me()',
      });
      await deny('alice', t, set('blocks/alice_carol', blockEdge('alice', 'bob')), {
        breaks: "edgeId == me() + '_' + incoming().blocked",
      });
      await deny('alice', t, set('blocks/alice_ghost', blockEdge('alice', 'ghost')), {
        breaks: 'usersData/$(incoming().blocked)',
      });
      await deny('alice', t, set('blocks/alice_7', blockEdge('alice', 7)), {
        breaks: 'incoming().blocked is string',
      });
      await deny(
        'alice',
        t,
        set('blocks/alice_bob', blockEdge('alice', 'bob', { createdAt: clientTime(1) })),
        { breaks: 'createdNow' },
      );
      await deny(
        'alice',
        t,
        set('blocks/alice_bob', without(blockEdge('alice', 'bob'), 'createdAt')),
        {
          breaks: 'hasAll',
        },
      );
      await deny('alice', t, set('blocks/alice_bob', blockEdge('alice', 'bob', { note: 'x' })), {
        breaks: 'hasOnly',
      });
      await allow('alice', t, set('blocks/alice_bob', blockEdge('alice', 'bob')));
    });

    test('an edge never changes; the blocker and the blocked read it, nobody else', async () => {
      await deny('alice', `${BLOCKS} update`, update('blocks/alice_bob', { blocked: 'carol' }));
      await deny('signedOut', `${BLOCKS} update`, update('blocks/alice_bob', { blocked: 'x' }));
      const get = `${BLOCKS} get`;
      await allow('alice', get, { get: 'blocks/alice_bob' }, { via: 'existing().blocker == me()' });
      await allow('bob', get, { get: 'blocks/alice_bob' }, { via: 'existing().blocked == me()' });
      await deny('carol', get, { get: 'blocks/alice_bob' }, { breaks: 'existing().blocked' });
      await deny('signedOut', get, { get: 'blocks/alice_bob' }, { breaks: 'signedIn()' });
      const list = `${BLOCKS} list`;
      const mine: Op = { list: 'blocks', where: [['blocker', '==', 'alice']] };
      const naming: Op = { list: 'blocks', where: [['blocked', '==', 'bob']] };
      await allow('alice', list, mine);
      await allow('bob', list, naming);
      // Who alice blocked is hers: carol may not ask, nor list everyone's.
      await deny('carol', list, mine, { breaks: 'existing().blocked' });
      await deny('carol', list, { list: 'blocks' }, { breaks: 'existing().blocked' });
      await deny('signedOut', list, naming, { breaks: 'signedIn()' });
    });

    test('a blocked member cannot follow the blocker, nor the blocker them', async () => {
      const t = `${FOLLOWS} create`;
      await deny('bob', t, set('follows/bob_alice', followEdge('bob', 'alice')), {
        breaks: '!blocks(incoming().target, me())',
      });
      await deny('alice', t, set('follows/alice_bob', followEdge('alice', 'bob')), {
        breaks: '!blocks(me(), incoming().target)',
      });
    });

    test("a blocked member cannot like, comment on or reply in the blocker's posts", async () => {
      const likes = `${LIKES} create`;
      const like = (uid: string) =>
        set(`likes/bk-alice_${uid}`, {
          postId: 'bk-alice',
          uid,
          author: 'alice',
          createdAt: serverTime(),
        });
      // A like given before the block may be taken back; others still like alice's posts.
      await allow('bob', `${LIKES} delete`, del('likes/bk-alice_bob'));
      await deny('bob', likes, like('bob'), { breaks: '!blocks(incoming().author, me())' });
      await allow('carol', likes, like('carol'));

      const comments = `${COMMENTS} create`;
      await deny(
        'bob',
        comments,
        set('comments/bk-bob', { ...comment('bob', 'bk-alice'), createdAt: serverTime() }),
        {
          breaks: 'blocks(get(postDoc(incoming().postId)).data.uid, me())',
        },
      );
      await allow(
        'carol',
        comments,
        set('comments/bk-carol2', { ...comment('carol', 'bk-alice'), createdAt: serverTime() }),
      );

      const replies = `${COMMENTS} update`;
      // In carol's thread on alice's post, and in alice's thread on carol's post.
      await deny(
        'bob',
        replies,
        update('comments/bk-on-alice', { replies: union(reply('bob', 'r'.repeat(20))) }),
        {
          breaks: 'appendsMyReply',
        },
      );
      await deny(
        'bob',
        replies,
        update('comments/bk-by-alice', { replies: union(reply('bob', 's'.repeat(20))) }),
        {
          breaks: 'appendsMyReply',
        },
      );
      await allow(
        'carol',
        replies,
        update('comments/bk-by-alice', { replies: union(reply('carol', 't'.repeat(20))) }),
        {
          via: 'appendsMyReply',
        },
      );
    });

    test('a blocked member cannot mention the blocker in a post, edit, comment or reply', async () => {
      const posts = `${POSTS} create`;
      const newPost = (id: string, mentions: string[]): Op =>
        batch(
          { set: `posts/${id}`, data: { ...post('bob', id), createdAt: serverTime(), mentions } },
          { update: 'usersData/bob', data: { posts: union(id) } },
        );
      await deny('bob', posts, newPost('bk-bob-m1', ['carol', 'alice']), {
        breaks: 'validMentions(data)',
      });
      await allow('bob', [posts, '/usersData/{uid} update'], newPost('bk-bob-m2', ['carol']));

      const edit = (mentions: string[]): Op =>
        batch(
          {
            update: 'posts/bk-bob',
            data: { postCaption: 'Mine, edited', editedAt: serverTime(), editCount: 1, mentions },
          },
          {
            set: 'posts/bk-bob/edits/0',
            data: {
              uid: 'bob',
              postCaption: 'Mine',
              postImageAlt: null,
              versionAt: clientTime(Date.UTC(2026, 0, 1)),
              replacedAt: serverTime(),
            },
          },
        );
      await deny('bob', '/posts/{editedPost} update', edit(['alice']), {
        breaks: 'validMentions(after)',
      });

      const comments = `${COMMENTS} create`;
      const onCarols = (id: string, userId: string, mentions: string[]): Op =>
        set(`comments/${id}`, {
          ...comment(userId, 'bk-carol'),
          createdAt: serverTime(),
          mentions,
        });
      await deny('bob', comments, onCarols('bk-bob-c1', 'bob', ['alice']), {
        breaks: 'validMentions(incoming())',
      });
      await allow('bob', comments, onCarols('bk-bob-c2', 'bob', ['carol']));
      // The blocker may still mention the member they blocked (nobody is told across a block).
      await allow('alice', comments, onCarols('bk-alice-c1', 'alice', ['bob']));

      const replies = `${COMMENTS} update`;
      const mentioning = (id: string, mentions: string[]): Op =>
        update('comments/bk-carol-thread', { replies: union({ ...reply('bob', id), mentions }) });
      await deny('bob', replies, mentioning('u'.repeat(20), ['alice']), {
        breaks: 'appendsMyReply',
      });
      await allow('bob', replies, mentioning('v'.repeat(20), ['carol']), {
        via: 'appendsMyReply',
      });
    });

    test('only the blocker unblocks; then a follow is possible again', async () => {
      const t = `${BLOCKS} delete`;
      await deny('bob', t, del('blocks/alice_bob'), { breaks: 'existing().blocker == me()' });
      await deny('signedOut', t, del('blocks/alice_bob'), { breaks: 'signedIn()' });
      await allow('alice', t, del('blocks/alice_bob'));
      await allow('bob', `${FOLLOWS} create`, set('follows/bob_alice', followEdge('bob', 'alice')));
    });

    test('a mute is private to the muter, who alone writes and removes it', async () => {
      const t = `${MUTES} create`;
      await deny('signedOut', t, set('mutes/alice_carol', muteEdge('alice', 'carol')), {
        breaks: 'signedIn()',
      });
      await deny('bob', t, set('mutes/alice_carol', muteEdge('alice', 'carol')), {
        breaks: 'incoming().muter == me()',
      });
      await deny('alice', t, set('mutes/alice_alice', muteEdge('alice', 'alice')), {
        breaks: 'incoming().muted != me()',
      });
      await deny('alice', t, set('mutes/alice_bob', muteEdge('alice', 'carol')), {
        breaks: "edgeId == me() + '_' + incoming().muted",
      });
      await deny('alice', t, set('mutes/alice_ghost', muteEdge('alice', 'ghost')), {
        breaks: 'usersData/$(incoming().muted)',
      });
      await deny('alice', t, set('mutes/alice_7', muteEdge('alice', 7)), {
        breaks: 'incoming().muted is string',
      });
      await deny(
        'alice',
        t,
        set('mutes/alice_carol', muteEdge('alice', 'carol', { createdAt: clientTime(1) })),
        { breaks: 'createdNow' },
      );
      await deny(
        'alice',
        t,
        set('mutes/alice_carol', without(muteEdge('alice', 'carol'), 'muted')),
        {
          breaks: 'hasAll',
        },
      );
      await deny('alice', t, set('mutes/alice_carol', muteEdge('alice', 'carol', { until: 1 })), {
        breaks: 'hasOnly',
      });
      await allow('alice', t, set('mutes/alice_carol', muteEdge('alice', 'carol')));

      await deny('alice', `${MUTES} update`, update('mutes/alice_carol', { muted: 'bob' }));
      await deny('signedOut', `${MUTES} update`, update('mutes/alice_carol', { muted: 'bob' }));
      // The muted member never learns of it.
      await allow('alice', `${MUTES} get`, { get: 'mutes/alice_carol' });
      await deny('carol', `${MUTES} get`, { get: 'mutes/alice_carol' }, { breaks: 'muter' });
      await deny(
        'signedOut',
        `${MUTES} get`,
        { get: 'mutes/alice_carol' },
        { breaks: 'signedIn()' },
      );
      await allow('alice', `${MUTES} list`, { list: 'mutes', where: [['muter', '==', 'alice']] });
      await deny(
        'carol',
        `${MUTES} list`,
        { list: 'mutes', where: [['muted', '==', 'carol']] },
        {
          breaks: 'muter',
        },
      );
      await deny('signedOut', `${MUTES} list`, { list: 'mutes' }, { breaks: 'signedIn()' });

      await deny('carol', `${MUTES} delete`, del('mutes/alice_carol'), { breaks: 'muter' });
      await deny('signedOut', `${MUTES} delete`, del('mutes/alice_carol'), {
        breaks: 'signedIn()',
      });
      await allow('alice', `${MUTES} delete`, del('mutes/alice_carol'));
    });
  });
}
