/**
 * firestore.rules for activity items (docs/DATA_MODEL.md "Activity") through the real browser SDK:
 * an item is allowed only in the write that performs the action it describes, by its actor, for
 * the owner of the target; only the recipient reads and marks their items; the actor or the
 * recipient removes one. Members alice (the recipient), bob (the actor) and carol (a bystander).
 * Tests run in file order and build on each other. The last test fails when an activity statement,
 * method, clause or `||` branch has no case here.
 */
import { newAccountDocuments } from 'shared-firebase/testing/members';
import { isActivityStatement } from './activity-statements';
import { clientTime, remove, serverTime, union, type Data, type Op, type Write } from './sdk-ops';
import { rulesSuiteFor } from './sdk-suite';

const suite = rulesSuiteFor('firestore.rules', 'demo-rules-activity');
const { allow, deny, seed } = suite;

const ITEMS = '/activity/{uid}/items/{itemId}';
const GROUP = '/{path=**}/items/{itemId}';

const batch = (...writes: Write[]): Op => ({ batch: writes });
const itemPath = (recipient: string, id: string) => `activity/${recipient}/items/${id}`;

type Type = 'like' | 'comment' | 'reply' | 'follow';
const item = (
  type: Type,
  actor: string,
  postId: string | null,
  commentId: string | null,
  fields: Data = {},
): Data => ({
  type,
  actor,
  postId,
  commentId,
  createdAt: serverTime(),
  read: false,
  ...fields,
});

// The actions, as shared-firebase writes them.
const like = (who: string, postId: string): Write => ({
  update: `posts/${postId}`,
  data: { likes: union(who) },
});
const newComment = (who: string, id: string, postId: string): Write => ({
  set: `comments/${id}`,
  data: { comment: 'Nice', replies: [], postId, userId: who, createdAt: serverTime() },
});
const newReply = (who: string, commentId: string): Write => ({
  update: `comments/${commentId}`,
  data: { replies: union({ reply: 'Thanks', userId: who }) },
});
const follow = (who: string, target: string): Write[] => [
  { update: `Followers/${target}`, data: { Followers: union(who) } },
  { update: `Following/${who}`, data: { Following: union(target) } },
];

const likeItem = (actor: string, postId: string, fields: Data = {}): Write => ({
  set: itemPath('alice', `like_${postId}_${actor}`),
  data: item('like', actor, postId, null, fields),
});

beforeAll(async () => {
  const members = ['alice', 'bob', 'carol'].flatMap((uid): Write[] => {
    const documents = newAccountDocuments(uid);
    return [
      { set: `usersData/${uid}`, data: documents.userData as unknown as Data },
      { set: `Following/${uid}`, data: { Following: [] } },
      { set: `Followers/${uid}`, data: { Followers: [] } },
    ];
  });
  const post = (uid: string, postId: string): Write => ({
    set: `posts/${postId}`,
    data: {
      postImage: null,
      postCaption: 'Hello',
      uid,
      postId,
      followers: [uid],
      likes: [],
      createdAt: serverTime(),
    },
  });
  await seed(
    ...members,
    post('alice', 'ap'),
    post('carol', 'cp'),
    newComment('alice', 'ac', 'ap'),
    newComment('carol', 'cc', 'ap'),
  );
}, 120_000);

describe(`${ITEMS} create`, () => {
  const t = `${ITEMS} create`;

  test('forged items are refused: each one lacks the action, or misstates it', async () => {
    const breaks = { breaks: 'validActivityItem' };
    // A like item with no like in the write.
    await deny('bob', t, batch(likeItem('bob', 'ap')), breaks);
    // The like is real but the item names someone else as the actor, or has another id.
    await deny('bob', t, batch(like('bob', 'ap'), likeItem('carol', 'ap')), breaks);
    await deny(
      'bob',
      t,
      batch(like('bob', 'ap'), {
        set: itemPath('alice', 'like_ap_carol'),
        data: item('like', 'bob', 'ap', null),
      }),
      breaks,
    );
    // Told to someone who does not own the post.
    await deny(
      'bob',
      t,
      batch(like('bob', 'ap'), {
        set: itemPath('carol', 'like_ap_bob'),
        data: item('like', 'bob', 'ap', null),
      }),
      breaks,
    );
    // The wrong type for the action, a comment id on a like, a shape that is not the contract's.
    await deny(
      'bob',
      t,
      batch(like('bob', 'ap'), likeItem('bob', 'ap', { type: 'follow' })),
      breaks,
    );
    await deny(
      'bob',
      t,
      batch(like('bob', 'ap'), likeItem('bob', 'ap', { commentId: 'ac' })),
      breaks,
    );
    await deny('bob', t, batch(like('bob', 'ap'), likeItem('bob', 'ap', { read: true })), breaks);
    await deny(
      'bob',
      t,
      batch(like('bob', 'ap'), likeItem('bob', 'ap', { createdAt: clientTime(0) })),
      breaks,
    );
    await deny(
      'bob',
      t,
      batch(like('bob', 'ap'), likeItem('bob', 'ap', { text: 'click here' })),
      breaks,
    );
    // Nobody is told about their own actions.
    await deny(
      'alice',
      t,
      batch(like('alice', 'ap'), {
        set: itemPath('alice', 'like_ap_alice'),
        data: item('like', 'alice', 'ap', null),
      }),
      breaks,
    );
    // A comment item for a comment that already existed, or for a new comment on carol's post.
    await deny(
      'bob',
      t,
      batch({ set: itemPath('alice', 'comment_ac'), data: item('comment', 'bob', 'ap', 'ac') }),
      breaks,
    );
    await deny(
      'bob',
      t,
      batch(newComment('bob', 'b-on-carol', 'cp'), {
        set: itemPath('alice', 'comment_b-on-carol'),
        data: item('comment', 'bob', 'cp', 'b-on-carol'),
      }),
      breaks,
    );
    // A reply item at a position the reply did not take, or for carol's comment told to alice.
    await deny(
      'bob',
      t,
      batch(newReply('bob', 'ac'), {
        set: itemPath('alice', 'reply_ac_5_bob'),
        data: item('reply', 'bob', 'ap', 'ac'),
      }),
      breaks,
    );
    await deny(
      'bob',
      t,
      batch(newReply('bob', 'cc'), {
        set: itemPath('alice', 'reply_cc_0_bob'),
        data: item('reply', 'bob', 'ap', 'cc'),
      }),
      breaks,
    );
    // A follow item without the follow, and one named after another follower.
    await deny(
      'bob',
      t,
      batch({ set: itemPath('alice', 'follow_bob'), data: item('follow', 'bob', null, null) }),
      breaks,
    );
    await deny(
      'bob',
      t,
      batch(...follow('bob', 'alice'), {
        set: itemPath('alice', 'follow_carol'),
        data: item('follow', 'bob', null, null),
      }),
      breaks,
    );
    await deny('signedOut', t, batch(likeItem('bob', 'ap')), {
      breaks: 'signedIn()',
    });
  });

  test('the item of each action, in the action’s own write, is allowed', async () => {
    await allow('bob', t, batch(like('bob', 'ap'), likeItem('bob', 'ap')));
    await allow(
      'bob',
      t,
      batch(newComment('bob', 'bc', 'ap'), {
        set: itemPath('alice', 'comment_bc'),
        data: item('comment', 'bob', 'ap', 'bc'),
      }),
    );
    await allow(
      'bob',
      t,
      batch(newReply('bob', 'ac'), {
        set: itemPath('alice', 'reply_ac_0_bob'),
        data: item('reply', 'bob', 'ap', 'ac'),
      }),
    );
    await allow(
      'bob',
      t,
      batch(...follow('bob', 'alice'), {
        set: itemPath('alice', 'follow_bob'),
        data: item('follow', 'bob', null, null),
      }),
    );
  });
});

describe(`${ITEMS} read and ${GROUP} read`, () => {
  test('only the recipient reads and lists their items', async () => {
    const list: Op = { list: 'activity/alice/items', orderBy: ['createdAt', 'desc'], limit: 20 };
    const unread: Op = { list: 'activity/alice/items', where: [['read', '==', false]], limit: 100 };
    await allow('alice', `${ITEMS} list`, list);
    await allow('alice', `${ITEMS} list`, unread);
    await allow('alice', `${ITEMS} get`, { get: itemPath('alice', 'like_ap_bob') });
    await deny('carol', `${ITEMS} list`, list, { breaks: 'me() == uid' });
    await deny('signedOut', `${ITEMS} list`, list, { breaks: 'signedIn()' });
    await deny(
      'signedOut',
      `${ITEMS} get`,
      { get: itemPath('alice', 'like_ap_bob') },
      {
        breaks: 'signedIn()',
      },
    );
  });

  test('the actor finds the items they made, across recipients', async () => {
    const mine = (who: string): Op => ({
      list: 'items',
      group: true,
      where: [['actor', '==', who]],
    });
    await allow('bob', `${GROUP} list`, mine('bob'));
    await allow('bob', `${GROUP} get`, { get: itemPath('alice', 'comment_bc') });
    await deny('carol', `${GROUP} list`, mine('bob'), { breaks: 'existing().actor == me()' });
    await deny(
      'carol',
      `${GROUP} list`,
      { list: 'items', group: true },
      {
        breaks: 'existing().actor == me()',
      },
    );
    await deny('signedOut', `${GROUP} list`, mine('bob'), { breaks: 'signedIn()' });
    await deny(
      'signedOut',
      `${GROUP} get`,
      { get: itemPath('alice', 'comment_bc') },
      {
        breaks: 'signedIn()',
      },
    );
  });
});

describe(`${ITEMS} update`, () => {
  const t = `${ITEMS} update`;

  test('the recipient marks an item read, and changes nothing else', async () => {
    const read = (path: string): Op => batch({ update: path, data: { read: true } });
    await allow('alice', t, read(itemPath('alice', 'like_ap_bob')), {
      via: 'me() == uid && changedOnly',
    });
    const path = itemPath('alice', 'comment_bc');
    await deny('alice', t, batch({ update: path, data: { read: false } }), { breaks: '||' });
    await deny('alice', t, batch({ update: path, data: { read: true, actor: 'carol' } }), {
      breaks: '||',
    });
    await deny('bob', t, read(path), { breaks: '||' });
    await deny('carol', t, read(path), { breaks: '||' });
    await deny('signedOut', t, read(path), { breaks: 'signedIn()' });
  });

  test('an actor writes their stale item again only with a new action of the same id', async () => {
    // Carol's like item outlived its like (an unlike whose removal never reached the server).
    await seed({
      set: itemPath('alice', 'like_ap_carol'),
      data: { ...item('like', 'carol', 'ap', null), createdAt: null, read: true },
    });
    await deny('carol', t, batch(likeItem('carol', 'ap')), { breaks: '||' });
    await allow('carol', t, batch(like('carol', 'ap'), likeItem('carol', 'ap')), {
      via: 'existing().actor == me() && validActivityItem',
    });
  });
});

describe(`${ITEMS} delete`, () => {
  const t = `${ITEMS} delete`;

  test('the actor removes their item with the undoing write; the recipient removes any', async () => {
    await deny('carol', t, batch({ delete: itemPath('alice', 'reply_ac_0_bob') }), {
      breaks: '||',
    });
    await deny('signedOut', t, batch({ delete: itemPath('alice', 'reply_ac_0_bob') }), {
      breaks: 'signedIn()',
    });
    // Unlike.
    await allow(
      'bob',
      t,
      batch(
        { update: 'posts/ap', data: { likes: remove('bob') } },
        { delete: itemPath('alice', 'like_ap_bob') },
      ),
      { via: 'existing().actor == me()' },
    );
    await allow('alice', t, batch({ delete: itemPath('alice', 'reply_ac_0_bob') }), {
      via: 'me() == uid',
    });
    // An unlike of a like from before activity removes an item that never existed.
    await allow('carol', t, batch({ delete: itemPath('alice', 'like_old_carol') }), {
      via: 'resource == null',
    });
  });
});

test('every activity statement, method, clause and branch has its allowed and denied cases', () => {
  expect(suite.gaps().filter(isActivityStatement)).toEqual([]);
});
