// Follows, each as the app makes it: Following/{me} and Followers/{them} in one batch, with the
// fan-out onto their existing posts so those reach the new follower's feed.
import { arrayUnion, doc, getDoc } from 'firebase/firestore/lite';
import { commitWithRetry } from '../commit.mjs';
import { eachLimited } from '../limited.mjs';

export async function writeFollows(run) {
  const { plan, concurrency, sessions, uidOf, created } = run;
  const following = await Promise.all(
    plan.members.map(async (member) => {
      const { db, uid } = sessions[member.index];
      return (await getDoc(doc(db, 'Following', uid))).data()?.Following ?? [];
    }),
  );
  const follows = plan.members.flatMap((member) =>
    plan.follows[member.index]
      .filter((target) => !following[member.index].includes(uidOf(target)))
      .map((target) => ({ member, target })),
  );
  await eachLimited(follows, concurrency, async ({ member, target }) => {
    const { db, uid } = sessions[member.index];
    const theirPosts = await run.readPostsOf(target);
    await commitWithRetry(db, (batch) => {
      batch.update(doc(db, 'Following', uid), { Following: arrayUnion(uidOf(target)) });
      batch.update(doc(db, 'Followers', uidOf(target)), { Followers: arrayUnion(uid) });
      for (const post of theirPosts)
        if (!post.data().followers.includes(uid))
          batch.update(doc(db, 'posts', post.id), { followers: arrayUnion(uid) });
    });
    created.follows += 1;
  });
}
