/**
 * firestore.rules for activity items (docs/DATA_MODEL.md "Activity") through the real browser SDK:
 * the activity team's functions write the items (Admin SDK, past the rules), so no member creates
 * one, even in the write of the action it would describe; only the recipient reads their items,
 * marks one read and removes any; the actor can neither find nor remove the items they caused
 * (account deletion removes them on the server). Members alice (the recipient), bob (the actor) and
 * carol (a bystander). Tests run in file order and build on each other. The last test fails when
 * an activity statement, method, clause or `||` branch has no case here.
 */
import { newAccountDocuments } from 'shared-firebase/testing/members';
import { isActivityStatement } from './activity-statements';
import { serverTime, type Data, type Op, type Write } from './sdk-ops';
import { rulesSuiteFor } from './sdk-suite';

const suite = rulesSuiteFor('firestore.rules', 'demo-rules-activity');
const { allow, deny, denyUnmatched, seed } = suite;

const ITEMS = '/activity/{uid}/items/{itemId}';

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

/** A like as members write it: their own edge on a post of alice's. */
const like = (who: string, postId: string): Write => ({
  set: `likes/${postId}_${who}`,
  data: { postId, uid: who, author: 'alice', createdAt: serverTime() },
});
const follow = (who: string, target: string): Write[] => [
  {
    set: `follows/${who}_${target}`,
    data: { follower: who, target, createdAt: serverTime() },
  },
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
  await seed(
    ...members,
    {
      set: 'posts/ap',
      data: {
        postImage: null,
        postCaption: 'Hello',
        uid: 'alice',
        postId: 'ap',
        followers: ['alice'],
        likes: [],
        createdAt: serverTime(),
      },
    },
    // What the functions wrote for bob's earlier actions.
    likeItem('carol', 'ap'),
    { set: itemPath('alice', 'comment_bc'), data: item('comment', 'bob', 'ap', 'bc') },
    { set: itemPath('alice', 'reply_ac_0_bob'), data: item('reply', 'bob', 'ap', 'ac') },
    { set: itemPath('alice', 'follow_bob'), data: item('follow', 'bob', null, null) },
    {
      set: 'activity/alice/notices/follow_bob',
      data: { notifiedAt: serverTime(), withdrawnAt: null, readWhenWithdrawn: null },
    },
  );
}, 120_000);

describe(`${ITEMS} create`, () => {
  test('no member creates an item: not with the action it describes, not for anyone', async () => {
    // The item the app used to send with a like, and with a follow.
    await denyUnmatched('bob', batch(like('bob', 'ap'), likeItem('bob', 'ap')));
    await denyUnmatched(
      'bob',
      batch(...follow('bob', 'carol'), {
        set: itemPath('carol', 'follow_bob'),
        data: item('follow', 'bob', null, null),
      }),
    );
    // An item in one's own inbox, or already read, or in the server's notice records.
    await denyUnmatched('alice', batch(likeItem('alice', 'ap')));
    await denyUnmatched('bob', batch(likeItem('bob', 'ap', { read: true })));
    await denyUnmatched(
      'bob',
      batch({
        set: 'activity/alice/notices/like_ap_bob',
        data: { notifiedAt: serverTime(), withdrawnAt: null, readWhenWithdrawn: null },
      }),
    );
    await denyUnmatched('signedOut', batch(likeItem('bob', 'ap')));
  });
});

describe(`${ITEMS} read`, () => {
  test('only the recipient reads and lists their items', async () => {
    const list: Op = { list: 'activity/alice/items', orderBy: ['createdAt', 'desc'], limit: 20 };
    const unread: Op = { list: 'activity/alice/items', where: [['read', '==', false]], limit: 100 };
    await allow('alice', `${ITEMS} list`, list);
    await allow('alice', `${ITEMS} list`, unread);
    await allow('alice', `${ITEMS} get`, { get: itemPath('alice', 'like_ap_carol') });
    // The actor does not list the recipient's inbox, nor does anyone else.
    await deny('bob', `${ITEMS} list`, list, { breaks: 'me() == uid' });
    await deny('carol', `${ITEMS} list`, unread, { breaks: 'me() == uid' });
    await deny('signedOut', `${ITEMS} list`, list, { breaks: 'signedIn()' });
    await deny(
      'signedOut',
      `${ITEMS} get`,
      { get: itemPath('alice', 'like_ap_carol') },
      { breaks: 'signedIn()' },
    );
    // The functions' notice records match no rule: nobody reads them, not even the recipient.
    await denyUnmatched('alice', { get: 'activity/alice/notices/follow_bob' });
    await denyUnmatched('alice', { list: 'activity/alice/notices' });
  });

  test('the actor cannot find the items they caused, nor see whether they were read', async () => {
    await denyUnmatched('bob', { list: 'items', group: true, where: [['actor', '==', 'bob']] });
    await deny(
      'bob',
      `${ITEMS} get`,
      { get: itemPath('alice', 'comment_bc') },
      {
        breaks: 'me() == uid',
      },
    );
  });
});

describe(`${ITEMS} update`, () => {
  const t = `${ITEMS} update`;
  const read = (path: string): Op => batch({ update: path, data: { read: true } });

  test('the recipient marks an item read, and changes nothing else', async () => {
    await allow('alice', t, read(itemPath('alice', 'like_ap_carol')));
    const path = itemPath('alice', 'comment_bc');
    await deny('alice', t, batch({ update: path, data: { read: false } }), {
      breaks: 'incoming().read == true',
    });
    await deny('alice', t, batch({ update: path, data: { read: true, actor: 'carol' } }), {
      breaks: 'changedOnly',
    });
    await deny('signedOut', t, read(path), { breaks: 'signedIn()' });
  });

  test('nobody else touches an item: not its actor, not a bystander', async () => {
    const path = itemPath('alice', 'comment_bc');
    // The actor marking their own item read for the recipient, or writing it anew (a fresh
    // notice with a new time).
    await deny('bob', t, read(path), { breaks: 'me() == uid' });
    await deny('bob', t, batch({ set: path, data: item('comment', 'bob', 'ap', 'bc') }), {
      breaks: 'me() == uid',
    });
    await deny('carol', t, read(path), { breaks: 'me() == uid' });
  });
});

describe(`${ITEMS} delete`, () => {
  const t = `${ITEMS} delete`;

  test('the recipient removes any item; nobody else, not even its actor', async () => {
    await deny('carol', t, batch({ delete: itemPath('alice', 'reply_ac_0_bob') }), {
      breaks: 'me() == uid',
    });
    await deny('bob', t, batch({ delete: itemPath('alice', 'follow_bob') }), {
      breaks: 'me() == uid',
    });
    await deny('signedOut', t, batch({ delete: itemPath('alice', 'reply_ac_0_bob') }), {
      breaks: 'signedIn()',
    });
    await allow('alice', t, batch({ delete: itemPath('alice', 'reply_ac_0_bob') }));
  });
});

test('every activity statement, method, clause and branch has its allowed and denied cases', () => {
  expect(suite.gaps().filter(isActivityStatement)).toEqual([]);
});
