// Counts: members cannot write them (the rules refuse), the feed's and the profile's functions
// count what the other phases wrote (docs/DATA_MODEL.md "Counts"), the explore team's function
// stores each post's hashtags ("Tags"), and the feed's functions fill each member's timeline
// ("Timelines"). So that a fresh seed is consistent when the command ends, this phase waits until
// every member's and post's counts equal what they count, every post whose caption has a tag has
// its tags and every timeline holds the posts it should, read with the members' own sessions, and
// says so if they never do (the Functions emulator not running).
import { collection, doc, getCount, getDoc, getDocs, query, where } from 'firebase/firestore/lite';
import { eachLimited } from '../limited.mjs';
import { waitWhileProgressing } from '../progress-wait.mjs';

const POLL_MS = 500;
/** A caption with a hashtag as the seed writes them ("… #weekend"). */
const TAGGED = /(^|\s)#\p{L}/u;

const lengthOf = (list) => (Array.isArray(list) ? list.length : 0);

/** The differences left between stored counts and what they count ([] when all agree). */
async function countsLeft(run) {
  const { plan, sessions, concurrency, uidOf } = run;
  const { db } = sessions[0];
  const left = [];
  const posts = await getDocs(collection(db, 'posts'));
  const postsBy = new Map();
  for (const post of posts.docs)
    postsBy.set(post.data().uid, (postsBy.get(post.data().uid) ?? 0) + 1);
  await eachLimited(plan.members, concurrency, async (member) => {
    const uid = uidOf(member.index);
    const [data, followers, following, posts, entries] = await Promise.all([
      getDoc(doc(db, 'usersData', uid)).then((snapshot) => snapshot.data()),
      getDoc(doc(db, 'Followers', uid)).then((snapshot) => snapshot.data()?.Followers),
      getDoc(doc(db, 'Following', uid)).then((snapshot) => snapshot.data()?.Following),
      getCount(query(collection(db, 'posts'), where('uid', '==', uid))),
      // Only the member reads their timeline.
      getCount(collection(sessions[member.index].db, 'timelines', uid, 'entries')),
    ]);
    // Every post was written after the follows, so the feed's functions push each to the
    // author's timeline and every follower's (docs/DATA_MODEL.md "Timelines").
    const pushed = [uid, ...(following ?? [])].reduce(
      (sum, author) => sum + (postsBy.get(author) ?? 0),
      0,
    );
    if (entries.data().count !== pushed) left.push(`timelines/${uid}/entries`);
    const expected = {
      posts: posts.data().count,
      postsListed: lengthOf(data?.posts),
      followers: lengthOf(followers),
      following: lengthOf(following),
    };
    for (const [field, value] of Object.entries(expected))
      if (data?.counts?.[field] !== value) left.push(`usersData/${uid}.counts.${field}`);
  });
  await eachLimited(posts.docs, concurrency, async (post) => {
    const comments = await getCount(
      query(collection(db, 'comments'), where('postId', '==', post.id)),
    );
    const counts = post.data().counts;
    if (counts?.likes !== lengthOf(post.data().likes)) left.push(`posts/${post.id}.counts.likes`);
    if (counts?.comments !== comments.data().count) left.push(`posts/${post.id}.counts.comments`);
    if (TAGGED.test(post.data().postCaption ?? '') && !Array.isArray(post.data().tags))
      left.push(`posts/${post.id}.tags`);
  });
  return left;
}

/**
 * Resolves once every count agrees, or with what still disagrees once nothing has changed for
 * `stallMs`.
 * @param {(line: string) => void} log
 * @returns {Promise<string[]>}
 */
export function waitForCounts(run, log, stallMs = 180_000) {
  return waitWhileProgressing({
    check: () => countsLeft(run),
    pollMs: POLL_MS,
    stallMs,
    report: (count) => log(`counts still being filled in by the functions: ${count} left`),
  });
}
