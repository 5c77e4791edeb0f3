/**
 * Attack: notifications that did not come from the server. The activity team's functions write
 * every activity item; a member who forges one (spam in someone's bell, a fake follow), forges its
 * `read`, or reads another member's inbox to learn what they have seen is refused.
 */
import {
  aliceWithAPostAndMallory,
  expectAllowed,
  expectDenied,
  withAttackStack,
  type Data,
  type Write,
} from './attack-kit';

const kit = withAttackStack('demo-attack-activity');

const item = (type: string, actor: string, postId: string | null, read = false): Data => ({
  type,
  actor,
  postId,
  commentId: null,
  read,
});
const itemWrite = (recipient: string, id: string, data: Data): Write => ({
  set: `activity/${recipient}/items/${id}`,
  data,
  serverTime: ['createdAt'],
});

beforeAll(async () => {
  expectAllowed(
    await kit().commit('admin', [
      ...aliceWithAPostAndMallory(),
      // What the functions wrote when mallory liked alice's post.
      itemWrite('alice', 'like_a1_mallory', item('like', 'mallory', 'a1')),
      itemWrite('alice', 'follow_bob', item('follow', 'bob', null)),
      {
        set: 'activity/alice/notices/like_a1_mallory',
        data: { withdrawnAt: null, readWhenWithdrawn: null },
        serverTime: ['notifiedAt'],
      },
    ]),
  );
});

test('an item for someone else is refused, even in the write of the real action', async () => {
  expectDenied(
    await kit().commit('mallory', [
      itemWrite('alice', 'follow_mallory', item('follow', 'mallory', null)),
    ]),
  );
  // Ten likes' worth of notices under made-up ids, with a real like beside them.
  expectDenied(
    await kit().commit('mallory', [
      { remove: 'posts/a1', field: 'likes', values: ['mallory'] },
      { union: 'posts/a1', field: 'likes', values: ['mallory'] },
      ...Array.from({ length: 10 }, (_, n) =>
        itemWrite('alice', `like_a1_mallory_${n}`, item('like', 'mallory', 'a1')),
      ),
    ]),
  );
  // Someone else named as the actor.
  expectDenied(
    await kit().commit('mallory', [
      itemWrite('alice', 'follow_carol', item('follow', 'carol', null)),
    ]),
  );
  expect(await kit().read('activity/alice/items/follow_mallory')).toBeNull();
  expect(await kit().read('activity/alice/items/follow_carol')).toBeNull();
});

test('forging `read` on an item is refused: its actor cannot hide it, or bring it back unread', async () => {
  expectDenied(
    await kit().commit('mallory', [
      {
        patch: 'activity/alice/items/like_a1_mallory',
        data: { read: true },
        mask: ['read'],
      },
    ]),
  );
  expectDenied(
    await kit().commit('mallory', [
      itemWrite('alice', 'like_a1_mallory', item('like', 'mallory', 'a1', false)),
    ]),
  );
  expect(await kit().read('activity/alice/items/like_a1_mallory')).toMatchObject({
    read: { booleanValue: false },
  });
});

test('another member’s items, and the server’s notice records, cannot be read', async () => {
  expectDenied(await kit().readAs('mallory', 'activity/alice/items/follow_bob'));
  expectDenied(await kit().readAs('mallory', 'activity/alice/notices/like_a1_mallory'));
  expectDenied(await kit().readAs('alice', 'activity/alice/notices/like_a1_mallory'));
  // The recipient reads their own (listing is in the rules suite, product-activity.sdk.test.ts).
  expect((await kit().readAs('alice', 'activity/alice/items/follow_bob')).status).toBe(200);
});
