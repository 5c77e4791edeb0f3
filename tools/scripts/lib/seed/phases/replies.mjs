// Replies, stamped as the app writes them (a stable id and the writer's clock). A reply's item
// names its position in the thread (addReply: the thread's length before it), and the rules
// accept one reply per comment per write: a comment's missing replies go in rounds, the n-th of
// each in round n.
import { Timestamp, arrayUnion, doc } from 'firebase/firestore/lite';
import { REPLIES_PER_BATCH, writeActionsWithItems } from '../actions.mjs';
import { stableId } from '../random.mjs';

/** @param {Map<string, object>} comments the comments read by the comments phase */
export async function writeReplies(run, comments) {
  const { plan, uidOf } = run;
  const rounds = [];
  for (const post of plan.posts)
    for (const comment of post.comments) {
      const stored = comments.get(comment.id)?.replies ?? [];
      let position = stored.length;
      for (const [n, reply] of comment.replies.entries()) {
        const id = stableId(`reply:${comment.id}:${n}`);
        const writer = uidOf(reply.writer);
        const there = stored.some(
          (r) => r.id === id || (r.userId === writer && r.reply === reply.text),
        );
        if (there) continue;
        const round = position - stored.length;
        rounds[round] ??= plan.members.map(() => []);
        rounds[round][reply.writer].push({ post, comment, reply, id, position });
        position += 1;
      }
    }
  for (const toWrite of rounds) {
    await writeActionsWithItems(
      run,
      toWrite,
      REPLIES_PER_BATCH,
      'replies',
      (batch, db, uid, { post, comment, reply, id, position }) => {
        batch.update(doc(db, 'comments', comment.id), {
          replies: arrayUnion({
            reply: reply.text,
            userId: uid,
            id,
            createdAt: Timestamp.now(),
          }),
        });
        return {
          recipient: uidOf(comment.writer),
          itemId: run.items.replyItemId(comment.id, position, uid),
          type: 'reply',
          postId: post.id,
          commentId: comment.id,
        };
      },
    );
  }
}
