// Reads: which of the plan's posts are there already (a rerun's existence check, one query per
// author), so the later phases write only what is missing.
import { eachLimited } from '../limited.mjs';

/** Resolves with post id → the stored post's data. */
export async function readExistingPosts(run) {
  const existing = new Map();
  await eachLimited(run.plan.members, run.concurrency, async (member) => {
    for (const post of await run.readPostsOf(member.index)) existing.set(post.id, post.data());
  });
  return existing;
}
