// Likes: each member's likes of posts that lack them, in batches.
import { arrayUnion, doc } from 'firebase/firestore/lite';
import { LIKES_PER_BATCH, writeActions } from '../actions.mjs';

/** @param {Map<string, object>} existing the posts stored before this run (existing-posts.mjs) */
export async function writeLikes(run, existing) {
  const { plan, uidOf } = run;
  const likes = plan.members.map(() => []);
  for (const post of plan.posts)
    for (const liker of post.likers)
      if (!existing.get(post.id)?.likes.includes(uidOf(liker))) likes[liker].push(post);
  await writeActions(run, likes, LIKES_PER_BATCH, 'likes', (batch, db, uid, post) => {
    batch.update(doc(db, 'posts', post.id), { likes: arrayUnion(uid) });
  });
}
