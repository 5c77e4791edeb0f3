// Follows, each as the app makes it: the member's one edge `follows/{me}_{them}`. The profile's
// function fills `Followers`, `Following` and the target's posts from it; the posts phase reads
// each author's `Followers`, so this phase waits until the function has listed every follow.
import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { eachLimited } from '../limited.mjs';
import { waitWhileProgressing } from '../progress-wait.mjs';

const POLL_MS = 300;
/** How long the lists may stay unchanged before the seed gives up. */
const STALL_MS = 120_000;

/** @param {(line: string) => void} log */
export async function writeFollows(run, log) {
  const { plan, concurrency, sessions, uidOf, created } = run;
  const pairs = plan.members.flatMap((member) =>
    plan.follows[member.index].map((target) => ({ member, target })),
  );
  await eachLimited(pairs, concurrency, async ({ member, target }) => {
    const { db, uid } = sessions[member.index];
    const edge = doc(db, 'follows', `${uid}_${uidOf(target)}`);
    if ((await getDoc(edge)).exists()) return;
    await setDoc(edge, { follower: uid, target: uidOf(target), createdAt: serverTimestamp() });
    created.follows += 1;
  });
  await waitForLists(run, pairs, log);
}

/** Waits until every planned follow is in its target's `Followers` (the function's work). */
async function waitForLists(run, pairs, log) {
  const { sessions, uidOf } = run;
  const { db } = sessions[0];
  let left = pairs;
  const check = async () => {
    const listed = await Promise.all(
      [...new Set(left.map(({ target }) => target))].map(async (target) => [
        target,
        (await getDoc(doc(db, 'Followers', uidOf(target)))).data()?.Followers ?? [],
      ]),
    );
    const followersOf = new Map(listed);
    left = left.filter(
      ({ member, target }) => !followersOf.get(target).includes(uidOf(member.index)),
    );
    return left;
  };
  const unlisted = await waitWhileProgressing({
    check,
    pollMs: POLL_MS,
    stallMs: STALL_MS,
    report: (count) =>
      log(`follows listed by the profile's function: ${pairs.length - count} of ${pairs.length}`),
  });
  if (unlisted.length > 0)
    throw new Error(
      `${unlisted.length} follows never reached Followers: the profile's function fills them; is the Functions emulator running?`,
    );
}
