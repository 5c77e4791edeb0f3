// Replies, stamped as the app writes them (a stable id and the writer's clock). The rules accept
// one reply per comment per write: a comment's missing replies go in rounds, the n-th of each in
// round n.
import { Timestamp, arrayUnion, doc } from 'firebase/firestore/lite';
import { REPLIES_PER_BATCH, writeActions } from '../actions.mjs';
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
        rounds[round][reply.writer].push({ comment, reply, id });
        position += 1;
      }
    }
  for (const toWrite of rounds) {
    await writeActions(run, toWrite, REPLIES_PER_BATCH, 'replies', (batch, db, uid, item) => {
      batch.update(doc(db, 'comments', item.comment.id), {
        replies: arrayUnion({
          reply: item.reply.text,
          userId: uid,
          id: item.id,
          createdAt: Timestamp.now(),
        }),
      });
    });
  }
}
