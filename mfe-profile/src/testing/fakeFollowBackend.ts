import { MAX_BATCH_WRITES } from 'shared-firebase';
import type { FollowBackend } from '../data/followBackend';
import type { FollowState, FollowWrite } from '../data/followPlan';

/**
 * An in-memory backend that behaves like the rules: each batch is atomic, and a write that would
 * not really add or remove the uid is denied (the rules refuse a repeated arrayUnion).
 */
export class FakeFollowBackend implements FollowBackend {
  followers: string[] = [];
  following: string[] = [];
  posts = new Map<string, string[]>();
  commits: FollowWrite[][] = [];
  reads = 0;
  /** Fail the commit with this index (0-based, over the whole life of the fake), once each. */
  failCommits = new Set<number>();
  private commitCount = 0;

  /** `postCount` posts by `author`, each followed by its author as createPost writes them. */
  constructor(postCount: number, author = 'ann') {
    for (let i = 0; i < postCount; i += 1) this.posts.set(`p${i}`, [author]);
  }

  async read(): Promise<FollowState> {
    this.reads += 1;
    return {
      followers: [...this.followers],
      following: [...this.following],
      posts: [...this.posts].map(([id, followers]) => ({ id, followers: [...followers] })),
    };
  }

  async commit(me: string, target: string, follow: boolean, writes: FollowWrite[]) {
    const index = this.commitCount;
    this.commitCount += 1;
    await Promise.resolve();
    if (writes.length > MAX_BATCH_WRITES) throw new Error('too many writes in one batch');
    if (this.failCommits.delete(index)) throw new Error('unavailable');
    const toggle = (list: string[], uid: string) => {
      if (list.includes(uid) === follow) throw new Error('permission-denied');
      return follow ? [...list, uid] : list.filter((entry) => entry !== uid);
    };
    // Work on copies so a denied batch changes nothing.
    let followers = this.followers;
    let following = this.following;
    const posts = new Map(this.posts);
    for (const write of writes) {
      if (write.kind === 'followers') followers = toggle(followers, me);
      else if (write.kind === 'following') following = toggle(following, target);
      else posts.set(write.postId, toggle(posts.get(write.postId)!, me));
    }
    this.followers = followers;
    this.following = following;
    this.posts = posts;
    this.commits.push(writes);
  }

  postsFollowedBy(uid: string): number {
    return [...this.posts.values()].filter((followers) => followers.includes(uid)).length;
  }
}
