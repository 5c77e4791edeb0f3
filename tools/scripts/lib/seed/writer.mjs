// Writes a planned community (community.mjs) through the real firebase SDK, each member signed in
// as themselves in an app of their own (opened once, used by every phase), so every write passes
// the product's rules like the app's own writes (no admin token). Firestore uses the SDK's Lite
// client (REST): Node has no WebChannel, and the emulators serve no gRPC.
//
// Fast: independent writes run in a bounded pool, pictures are drawn and encoded in worker threads
// while members sign up, and writes that the rules allow together go in one batch. Idempotent:
// every phase first reads what is there (once per member or post, not once per write), so a second
// run writes nothing new. The activity items of its likes, comments, replies and follows are
// written by the activity team's functions, as for the app's own actions, and the counts by the
// feed and profile functions: the last phase waits for the counts. A batch that Firestore aborts
// for contention is committed again (commit.mjs). Each phase is a module of phases/; this file
// runs them in order.
import { phaseClock } from './phase-clock.mjs';
import { readExistingPosts } from './phases/existing-posts.mjs';
import { writeComments } from './phases/comments.mjs';
import { waitForCounts } from './phases/counts.mjs';
import { writeFollows } from './phases/follows.mjs';
import { writeLikes } from './phases/likes.mjs';
import { uploadMemberPictures } from './phases/member-pictures.mjs';
import { writeMembers } from './phases/members.mjs';
import { writePosts } from './phases/posts.mjs';
import { writeReplies } from './phases/replies.mjs';
import { startRun } from './run.mjs';

/**
 * @param {ReturnType<import('./community.mjs').planCommunity>} plan
 * @param {{ firebase: object, emulators: object | null }} config runtime-config.json's shape
 * @param {{ concurrency?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ created: Record<string, number>, uids: string[], seconds: Record<string, number>, encoders: { workers: number, busySeconds: number } }>}
 */
export async function writeCommunity(plan, config, { concurrency = 12, log = () => {} } = {}) {
  const run = await startRun(plan, config, concurrency);
  const clock = phaseClock();
  try {
    const userDataOf = await clock.time('members', () => writeMembers(run));
    log(`members ready (${plan.members.length})`);

    const existing = await clock.time('reads', () => readExistingPosts(run));
    // The photos of the posts to write start encoding while members follow.
    for (const post of plan.posts)
      if (post.photo && !existing.has(post.id)) run.picture(post.photo.key);
    const memberPictures = clock.time('pictures', () => uploadMemberPictures(run, userDataOf));
    // Reported where it is awaited, at the end.
    memberPictures.catch(() => {});

    await clock.time('follows', () => writeFollows(run, log));
    log('follows ready');
    await clock.time('posts', () => writePosts(run, existing));
    log(`posts ready (${plan.posts.length})`);
    await clock.time('likes', () => writeLikes(run, existing, log));
    const comments = await clock.time('comments', () => writeComments(run, existing));
    await clock.time('replies', () => writeReplies(run, comments));
    log('likes, comments and replies ready');
    await memberPictures;
    log('pictures ready');
    const left = await clock.time('counts', () => waitForCounts(run, log));
    if (left.length === 0) log('counts ready');
    else
      log(
        `counts not filled in yet (${left.length}, e.g. ${left[0]}): the functions count them; is the Functions emulator running?`,
      );
    return {
      created: run.created,
      uids: plan.members.map((member) => run.uidOf(member.index)),
      seconds: clock.seconds,
      encoders: run.encoders(),
    };
  } finally {
    await run.close();
  }
}
