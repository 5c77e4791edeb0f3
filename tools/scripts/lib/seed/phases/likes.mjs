// Likes, each as the app makes it: the member's one edge `likes/{postId}_{me}`, a few of one
// member's in a batch. The feed's function fills each post's `likes` from them, so this phase
// waits until every planned like is listed (the counts phase then counts the lists).
import { doc, getDoc, serverTimestamp } from 'firebase/firestore/lite';
import { LIKES_PER_BATCH, writeActions } from '../actions.mjs';
import { eachLimited } from '../limited.mjs';
import { waitWhileProgressing } from '../progress-wait.mjs';

const POLL_MS = 300;
/** How long the lists may stay unchanged before the seed gives up. */
const STALL_MS = 120_000;

/**
 * @param {Map<string, object>} existing the posts stored before this run (existing-posts.mjs)
 * @param {(line: string) => void} log
 */
export async function writeLikes(run, existing, log) {
  const { plan, uidOf } = run;
  const likes = plan.members.map(() => []);
  for (const post of plan.posts)
    for (const liker of post.likers)
      if (!existing.get(post.id)?.likes.includes(uidOf(liker))) likes[liker].push(post);
  await writeActions(run, likes, LIKES_PER_BATCH, 'likes', (batch, db, uid, post) => {
    batch.set(doc(db, 'likes', `${post.id}_${uid}`), {
      postId: post.id,
      uid,
      author: uidOf(post.author),
      createdAt: serverTimestamp(),
    });
  });
  await waitForLists(run, log);
}

/** Waits until every planned like is in its post's `likes` (the function's work). */
async function waitForLists(run, log) {
  const { plan, sessions, concurrency, uidOf } = run;
  const { db } = sessions[0];
  let left = plan.posts.filter((post) => post.likers.length > 0);
  const total = left.length;
  const check = async () => {
    const unlisted = [];
    await eachLimited(left, concurrency, async (post) => {
      const listed = (await getDoc(doc(db, 'posts', post.id))).data()?.likes ?? [];
      if (post.likers.some((liker) => !listed.includes(uidOf(liker)))) unlisted.push(post);
    });
    left = unlisted;
    return left;
  };
  const unlisted = await waitWhileProgressing({
    check,
    pollMs: POLL_MS,
    stallMs: STALL_MS,
    report: (count) =>
      log(`posts with every like listed by the feed's function: ${total - count} of ${total}`),
  });
  if (unlisted.length > 0)
    throw new Error(
      `${unlisted.length} posts never listed their likes: the feed's function fills them; is the Functions emulator running?`,
    );
}
