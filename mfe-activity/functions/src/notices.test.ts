import { Timestamp } from 'firebase-admin/firestore';
import { addedMentions, appendedReplies, changedMembers, mentionsOf } from './changes';
import { RENOTIFY_AFTER_MS } from './noticeDecision';
import {
  settleComment,
  settleFollow,
  settleLike,
  settleMention,
  settleReply,
  type NoticeStore,
  type NoticeTransaction,
} from './notices';

// The functions' logic against an in-memory Firestore (the one boundary faked): documents by path,
// a transaction that refuses a read after a write (as Firestore's do) and applies its writes at
// the end. Each scenario is what an event, or the same event delivered again, does.

type Data = Record<string, unknown>;

class MemoryStore implements NoticeStore {
  readonly docs = new Map<string, Data>();

  async run(work: (tx: NoticeTransaction) => Promise<void>): Promise<void> {
    const writes: Array<() => void> = [];
    await work({
      get: async (path) => {
        if (writes.length > 0) throw new Error('a read after a write in one transaction');
        return this.docs.get(path) ?? null;
      },
      set: (path, data) => writes.push(() => this.docs.set(path, data)),
      delete: (path) => writes.push(() => this.docs.delete(path)),
    });
    for (const write of writes) write();
  }

  item(recipient: string, id: string) {
    return this.docs.get(`activity/${recipient}/items/${id}`) ?? null;
  }

  items(recipient: string) {
    return [...this.docs.keys()].filter((path) => path.startsWith(`activity/${recipient}/items/`));
  }
}

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const MINUTE = 60_000;

let store: MemoryStore;
beforeEach(() => {
  store = new MemoryStore();
  for (const uid of ['ann', 'ben', 'cy']) store.docs.set(`usersData/${uid}`, { userInfo: {} });
  store.docs.set('posts/p1', { uid: 'ann', postId: 'p1', likes: [] });
  store.docs.set('Followers/ann', { Followers: [] });
  store.docs.set('comments/c1', { userId: 'ann', postId: 'p1', replies: [] });
  store.docs.set('comments/c2', { userId: 'ann', postId: 'p1', replies: [] });
});

/** The like edges of posts/p1 that stand: exactly these members'. */
const setLikes = (...likers: string[]) => {
  for (const path of [...store.docs.keys()])
    if (path.startsWith('likes/p1_')) store.docs.delete(path);
  for (const uid of likers) store.docs.set(`likes/p1_${uid}`, { postId: 'p1', uid, author: 'ann' });
};
const setFollowers = (...followers: string[]) =>
  store.docs.set('Followers/ann', { Followers: followers });
const markRead = (recipient: string, id: string) =>
  store.docs.set(`activity/${recipient}/items/${id}`, {
    ...store.item(recipient, id)!,
    read: true,
  });

describe('a like', () => {
  it('writes the author’s item once, with the documented fields, however often it is delivered', async () => {
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0);
    await settleLike(store, 'p1', 'ben', T0);
    expect(store.items('ann')).toEqual(['activity/ann/items/like_p1_ben']);
    expect(store.item('ann', 'like_p1_ben')).toEqual({
      type: 'like',
      actor: 'ben',
      postId: 'p1',
      commentId: null,
      createdAt: Timestamp.fromMillis(T0),
      read: false,
    });
  });

  it('of one’s own post tells nobody', async () => {
    setLikes('ann');
    await settleLike(store, 'p1', 'ann', T0);
    expect(store.items('ann')).toEqual([]);
  });

  it('that no longer stands when its event runs writes no item (events may come late)', async () => {
    await settleLike(store, 'p1', 'ben', T0);
    expect(store.items('ann')).toEqual([]);
  });

  it('of a deleted post writes nothing', async () => {
    store.docs.delete('posts/p1');
    await settleLike(store, 'p1', 'ben', T0);
    expect(store.items('ann')).toEqual([]);
  });

  it('unliked removes its item; liked again within a day brings the same item back, not a new notice', async () => {
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0);
    markRead('ann', 'like_p1_ben');
    setLikes();
    await settleLike(store, 'p1', 'ben', T0 + MINUTE);
    await settleLike(store, 'p1', 'ben', T0 + MINUTE);
    expect(store.items('ann')).toEqual([]);

    // 25 toggles later the recipient still has the one item, read, from the first like.
    for (let round = 2; round < 27; round += 1) {
      setLikes('ben');
      await settleLike(store, 'p1', 'ben', T0 + round * MINUTE);
      expect(store.item('ann', 'like_p1_ben')).toMatchObject({
        createdAt: Timestamp.fromMillis(T0),
        read: true,
      });
      setLikes();
      await settleLike(store, 'p1', 'ben', T0 + round * MINUTE + 1);
      expect(store.item('ann', 'like_p1_ben')).toBeNull();
    }
  });

  it('liked again within a day after an unread notice brings it back unread: still one notice', async () => {
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0);
    setLikes();
    await settleLike(store, 'p1', 'ben', T0 + MINUTE);
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0 + 2 * MINUTE);
    expect(store.item('ann', 'like_p1_ben')).toMatchObject({
      createdAt: Timestamp.fromMillis(T0),
      read: false,
    });
  });

  it('liked again a day after the notice is a new notice', async () => {
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0);
    markRead('ann', 'like_p1_ben');
    setLikes();
    await settleLike(store, 'p1', 'ben', T0 + MINUTE);
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0 + RENOTIFY_AFTER_MS);
    expect(store.item('ann', 'like_p1_ben')).toMatchObject({
      createdAt: Timestamp.fromMillis(T0 + RENOTIFY_AFTER_MS),
      read: false,
    });
  });

  it('whose item the recipient removed is not brought back by a second delivery or a re-like within the day', async () => {
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0);
    store.docs.delete('activity/ann/items/like_p1_ben');
    await settleLike(store, 'p1', 'ben', T0);
    expect(store.items('ann')).toEqual([]);
    setLikes();
    await settleLike(store, 'p1', 'ben', T0 + MINUTE);
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0 + 2 * MINUTE);
    expect(store.items('ann')).toEqual([]);
  });

  it('unliked after an item from before the functions removes it and remembers its time', async () => {
    store.docs.set('activity/ann/items/like_p1_ben', {
      type: 'like',
      actor: 'ben',
      postId: 'p1',
      commentId: null,
      createdAt: Timestamp.fromMillis(T0),
      read: false,
    });
    await settleLike(store, 'p1', 'ben', T0 + MINUTE);
    expect(store.items('ann')).toEqual([]);
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0 + 2 * MINUTE);
    expect(store.item('ann', 'like_p1_ben')).toMatchObject({
      createdAt: Timestamp.fromMillis(T0),
      read: false,
    });
  });

  it('keeps its notice record where no client reads it (activity/{recipient}/notices)', async () => {
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0);
    expect(store.docs.get('activity/ann/notices/like_p1_ben')).toEqual({
      notifiedAt: Timestamp.fromMillis(T0),
      withdrawnAt: null,
      readWhenWithdrawn: null,
    });
  });
});

describe('a follow', () => {
  it('writes `follow_{actor}` once; an unfollow and follow within a day do not notify again', async () => {
    setFollowers('ben');
    await settleFollow(store, 'ann', 'ben', T0);
    await settleFollow(store, 'ann', 'ben', T0);
    expect(store.item('ann', 'follow_ben')).toEqual({
      type: 'follow',
      actor: 'ben',
      postId: null,
      commentId: null,
      createdAt: Timestamp.fromMillis(T0),
      read: false,
    });
    markRead('ann', 'follow_ben');
    setFollowers();
    await settleFollow(store, 'ann', 'ben', T0 + MINUTE);
    expect(store.item('ann', 'follow_ben')).toBeNull();
    setFollowers('ben');
    await settleFollow(store, 'ann', 'ben', T0 + 2 * MINUTE);
    expect(store.item('ann', 'follow_ben')).toMatchObject({ read: true });
  });

  it('of oneself tells nobody', async () => {
    setFollowers('ann');
    await settleFollow(store, 'ann', 'ann', T0);
    expect(store.items('ann')).toEqual([]);
  });
});

describe('a comment', () => {
  it('tells the post’s author once, however often it is delivered', async () => {
    const comment = { userId: 'ben', postId: 'p1' };
    await settleComment(store, 'c1', comment, T0);
    store.docs.delete('activity/ann/items/comment_c1');
    await settleComment(store, 'c1', comment, T0);
    expect(store.items('ann')).toEqual([]);
  });

  it('deleted before its event ran tells nobody', async () => {
    store.docs.delete('comments/c1');
    await settleComment(store, 'c1', { userId: 'ben', postId: 'p1' }, T0);
    await settleReply(
      store,
      'c1',
      { userId: 'ann', postId: 'p1' },
      { position: 0, userId: 'ben' },
      T0,
    );
    expect(store.items('ann')).toEqual([]);
  });

  it('writes `comment_{commentId}` for the post’s author, none on one’s own post', async () => {
    await settleComment(store, 'c1', { userId: 'ben', postId: 'p1' }, T0);
    await settleComment(store, 'c2', { userId: 'ann', postId: 'p1' }, T0);
    expect(store.items('ann')).toEqual(['activity/ann/items/comment_c1']);
    expect(store.item('ann', 'comment_c1')).toMatchObject({
      type: 'comment',
      actor: 'ben',
      postId: 'p1',
      commentId: 'c1',
      read: false,
    });
  });
});

describe('a reply', () => {
  const annComment = { userId: 'ann', postId: 'p1' };

  it('tells the comment’s author once per reply, named by its place in the thread', async () => {
    await settleReply(store, 'c1', annComment, { position: 0, userId: 'ben' }, T0);
    await settleReply(store, 'c1', annComment, { position: 0, userId: 'ben' }, T0);
    await settleReply(store, 'c1', annComment, { position: 1, userId: 'ann' }, T0 + 1);
    expect(store.items('ann')).toEqual(['activity/ann/items/reply_c1_0_ben']);
    expect(store.item('ann', 'reply_c1_0_ben')).toMatchObject({
      type: 'reply',
      actor: 'ben',
      postId: 'p1',
      commentId: 'c1',
    });
  });

  it('at a place a removed reply held is a new notice; the old event again is not', async () => {
    await settleReply(store, 'c1', annComment, { position: 0, userId: 'ben' }, T0);
    markRead('ann', 'reply_c1_0_ben');
    await settleReply(store, 'c1', annComment, { position: 0, userId: 'ben' }, T0 + MINUTE);
    expect(store.item('ann', 'reply_c1_0_ben')).toMatchObject({ read: false });
    markRead('ann', 'reply_c1_0_ben');
    await settleReply(store, 'c1', annComment, { position: 0, userId: 'ben' }, T0);
    expect(store.item('ann', 'reply_c1_0_ben')).toMatchObject({
      read: true,
      createdAt: Timestamp.fromMillis(T0 + MINUTE),
    });
  });
});

describe('what a write changed', () => {
  it('names each uid added to or removed from an array once', () => {
    expect(changedMembers({ likes: ['a', 'b'] }, { likes: ['b', 'c', 'c'] }, 'likes')).toEqual([
      'a',
      'c',
    ]);
    expect(changedMembers({ likes: ['a'] }, { likes: ['a'], postCaption: 'x' }, 'likes')).toEqual(
      [],
    );
    expect(changedMembers(undefined, { Followers: ['a'] }, 'Followers')).toEqual(['a']);
  });

  it('names the replies appended, with their places; none when one was removed', () => {
    const reply = (userId: string) => ({ reply: 'hi', userId });
    expect(
      appendedReplies({ replies: [reply('a')] }, { replies: [reply('a'), reply('b')] }),
    ).toEqual([{ position: 1, userId: 'b', id: null, mentions: [] }]);
    expect(
      appendedReplies({ replies: [reply('a'), reply('b')] }, { replies: [reply('b')] }),
    ).toEqual([]);
  });

  it('names a stamped reply’s id and mentions; a reply in the seed’s shape mentions nobody', () => {
    const stamped = { reply: 'hi @Cy', userId: 'b', id: 'r1', mentions: ['cy', 'cy', 7] };
    const seedShape = { reply: 'hi @Cy', userId: 'b', mentions: ['cy'] };
    expect(appendedReplies({ replies: [] }, { replies: [stamped, seedShape] })).toEqual([
      { position: 0, userId: 'b', id: 'r1', mentions: ['cy'] },
      { position: 1, userId: 'b', id: null, mentions: [] },
    ]);
  });

  it('names the mentions a write added, each once, at most the bound', () => {
    expect(addedMentions(undefined, { mentions: ['a', 'b', 'a'] })).toEqual(['a', 'b']);
    expect(addedMentions({ mentions: ['a'] }, { mentions: ['a', 'c'] })).toEqual(['c']);
    expect(addedMentions({ mentions: ['a'] }, { likes: [] })).toEqual([]);
    expect(mentionsOf({ mentions: ['1', '2', '3', '4', '5', '6', '7'] })).toHaveLength(5);
    expect(mentionsOf({ mentions: 'a' })).toEqual([]);
  });
});

describe('a mention', () => {
  const postPlace = { kind: 'post', postId: 'p1' } as const;
  const commentPlace = { kind: 'comment', postId: 'p1', commentId: 'c1' } as const;
  const replyPlace = { kind: 'reply', postId: 'p1', commentId: 'c1', replyId: 'r1' } as const;
  beforeEach(() => {
    store.docs.set('posts/p1', { uid: 'ann', postId: 'p1', likes: [], mentions: ['ben', 'ann'] });
    store.docs.set('comments/c1', {
      userId: 'cy',
      postId: 'p1',
      mentions: ['ben'],
      replies: [{ reply: 'hi @Ann', userId: 'ben', id: 'r1', mentions: ['ann'] }],
    });
  });

  it('in a post writes the mentioned member’s item once, with the documented fields', async () => {
    await settleMention(store, postPlace, 'ben', 'ann', T0);
    await settleMention(store, postPlace, 'ben', 'ann', T0);
    expect(store.items('ben')).toEqual(['activity/ben/items/mention_post_p1']);
    expect(store.item('ben', 'mention_post_p1')).toEqual({
      type: 'mention',
      actor: 'ann',
      postId: 'p1',
      commentId: null,
      createdAt: Timestamp.fromMillis(T0),
      read: false,
    });
  });

  it('in a comment and in a reply names the comment and the post', async () => {
    await settleMention(store, commentPlace, 'ben', 'cy', T0);
    await settleMention(store, replyPlace, 'ann', 'ben', T0);
    expect(store.item('ben', 'mention_comment_c1')).toMatchObject({
      type: 'mention',
      actor: 'cy',
      postId: 'p1',
      commentId: 'c1',
    });
    expect(store.item('ann', 'mention_reply_c1_r1')).toMatchObject({
      type: 'mention',
      actor: 'ben',
      postId: 'p1',
      commentId: 'c1',
    });
  });

  it('of oneself tells nobody', async () => {
    await settleMention(store, postPlace, 'ann', 'ann', T0);
    expect(store.items('ann')).toEqual([]);
  });

  it('is told once: an edit mentioning again, even after the item was removed, tells nothing', async () => {
    await settleMention(store, postPlace, 'ben', 'ann', T0);
    store.docs.delete('activity/ben/items/mention_post_p1');
    await settleMention(store, postPlace, 'ben', 'ann', T0 + RENOTIFY_AFTER_MS);
    expect(store.items('ben')).toEqual([]);
  });

  it('re-reads the text: gone, no longer mentioning, or not the actor’s tells nothing', async () => {
    store.docs.set('posts/p1', { uid: 'ann', postId: 'p1', likes: [], mentions: [] });
    await settleMention(store, postPlace, 'ben', 'ann', T0);
    await settleMention(store, commentPlace, 'ben', 'mallory', T0);
    await settleMention(store, { ...replyPlace, replyId: 'gone' }, 'ann', 'ben', T0);
    store.docs.delete('comments/c1');
    await settleMention(store, commentPlace, 'ben', 'cy', T0);
    expect([...store.items('ann'), ...store.items('ben')]).toEqual([]);
  });

  it('of a member who no longer exists writes nothing', async () => {
    store.docs.delete('usersData/ben');
    await settleMention(store, postPlace, 'ben', 'ann', T0);
    expect(store.items('ben')).toEqual([]);
  });
});

describe('a block, either way', () => {
  const block = (blocker: string, blocked: string) =>
    store.docs.set(`blocks/${blocker}_${blocked}`, { blocker, blocked });

  it('tells neither member anything of the other: likes, follows, comments, replies, mentions', async () => {
    block('ann', 'ben');
    setLikes('ben');
    setFollowers('ben');
    await settleLike(store, 'p1', 'ben', T0);
    await settleFollow(store, 'ann', 'ben', T0);
    await settleComment(store, 'c3', { userId: 'ben', postId: 'p1' }, T0);
    store.docs.set('comments/c3', { userId: 'ben', postId: 'p1', replies: [] });
    await settleComment(store, 'c3', { userId: 'ben', postId: 'p1' }, T0);
    await settleReply(
      store,
      'c1',
      { userId: 'ann', postId: 'p1' },
      { position: 0, userId: 'ben' },
      T0,
    );
    store.docs.set('posts/p2', { uid: 'ben', postId: 'p2', likes: [], mentions: ['ann'] });
    await settleMention(store, { kind: 'post', postId: 'p2' }, 'ann', 'ben', T0);
    expect(store.items('ann')).toEqual([]);
    // The blocker's own actions reach the blocked member no more than theirs reach the blocker.
    store.docs.set('comments/c4', { userId: 'ann', postId: 'p2', replies: [] });
    await settleComment(store, 'c4', { userId: 'ann', postId: 'p2' }, T0);
    expect(store.items('ben')).toEqual([]);
  });

  it('still takes back an item from before the block; a third member is told as before', async () => {
    setLikes('ben', 'cy');
    await settleLike(store, 'p1', 'ben', T0);
    expect(store.items('ann')).toEqual(['activity/ann/items/like_p1_ben']);
    block('ann', 'ben');
    setLikes('cy');
    await settleLike(store, 'p1', 'ben', T0 + MINUTE);
    await settleLike(store, 'p1', 'cy', T0 + MINUTE);
    expect(store.items('ann')).toEqual(['activity/ann/items/like_p1_cy']);
  });

  it('from the other side: the actor blocked the recipient', async () => {
    block('ben', 'ann');
    setLikes('ben');
    await settleLike(store, 'p1', 'ben', T0);
    expect(store.items('ann')).toEqual([]);
    store.docs.delete('blocks/ben_ann');
    await settleLike(store, 'p1', 'ben', T0 + MINUTE);
    expect(store.items('ann')).toEqual(['activity/ann/items/like_p1_ben']);
  });
});
