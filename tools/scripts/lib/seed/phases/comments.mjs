// Comments: only posts from an earlier run can have some already, so theirs are read first; the
// missing ones are written.
import { collection, doc, getDocs, query, serverTimestamp, where } from 'firebase/firestore/lite';
import { COMMENTS_PER_BATCH, writeActions } from '../actions.mjs';
import { chunks, eachLimited } from '../limited.mjs';

/** The most values an `in` filter takes. */
const IN_QUERY_VALUES = 30;

/**
 * @param {Map<string, object>} existing the posts stored before this run (existing-posts.mjs)
 * @returns {Promise<Map<string, object>>} comment id → the stored comment, for those read
 */
export async function writeComments(run, existing) {
  const { plan, concurrency, sessions } = run;
  const comments = new Map();
  const earlier = plan.posts
    .filter((post) => existing.has(post.id) && post.comments.length)
    .map((post) => post.id);
  const { db } = sessions[0];
  await eachLimited(chunks(earlier, IN_QUERY_VALUES), concurrency, async (postIds) => {
    const found = await getDocs(query(collection(db, 'comments'), where('postId', 'in', postIds)));
    for (const comment of found.docs) comments.set(comment.id, comment.data());
  });
  const toWrite = plan.members.map(() => []);
  for (const post of plan.posts)
    for (const comment of post.comments)
      if (!comments.has(comment.id)) toWrite[comment.writer].push({ post, comment });
  await writeActions(run, toWrite, COMMENTS_PER_BATCH, 'comments', (batch, db, uid, item) => {
    batch.set(doc(db, 'comments', item.comment.id), {
      comment: item.comment.text,
      replies: [],
      postId: item.post.id,
      userId: uid,
      createdAt: serverTimestamp(),
    });
  });
  return comments;
}
