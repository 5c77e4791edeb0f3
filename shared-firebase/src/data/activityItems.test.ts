import {
  commentItemId,
  followItemId,
  likeItemId,
  mentionItemId,
  replyItemId,
} from './activityItems';

describe('activity ids', () => {
  it('are derived from the action, as docs/DATA_MODEL.md names them', () => {
    expect(likeItemId('p1', 'bob')).toBe('like_p1_bob');
    expect(followItemId('bob')).toBe('follow_bob');
    expect(commentItemId('c1')).toBe('comment_c1');
    expect(replyItemId('c1', 3, 'bob')).toBe('reply_c1_3_bob');
    expect(mentionItemId({ kind: 'post', postId: 'p1' })).toBe('mention_post_p1');
    expect(mentionItemId({ kind: 'comment', postId: 'p1', commentId: 'c1' })).toBe(
      'mention_comment_c1',
    );
    expect(mentionItemId({ kind: 'reply', postId: 'p1', commentId: 'c1', replyId: 'r1' })).toBe(
      'mention_reply_c1_r1',
    );
  });
});
