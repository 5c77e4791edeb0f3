import { randomUUID } from 'node:crypto';
import type { Member } from '../fixtures';
import type { FirestoreAdmin } from './firestore-rest';

/**
 * A text post by `author`, written as the app writes it (followers = the author alone) or, with
 * `readers`, as the follow fan-out leaves it in their feeds (in the list and in each reader's
 * timeline, docs/DATA_MODEL.md "Timelines"); its id as long as the SDK's (the rules bound post
 * ids, and ids kept beside a post, like bookmarks, too).
 */
export async function createTextPost(
  admin: FirestoreAdmin,
  author: Member,
  caption: string,
  readers: readonly Member[] = [],
): Promise<string> {
  const postId = randomUUID().replace(/-/g, '').slice(0, 20);
  await admin.write([
    {
      path: `posts/${postId}`,
      data: {
        postImage: null,
        postCaption: caption,
        uid: author.uid,
        postId,
        followers: [author.uid, ...readers.map((reader) => reader.uid)],
        likes: [],
      },
      serverTime: ['createdAt'],
    },
    // One commit: the entries' time is the post's.
    ...readers.map((reader) => ({
      path: `timelines/${reader.uid}/entries/${postId}`,
      data: { postId, author: author.uid },
      serverTime: ['createdAt'],
    })),
  ]);
  return postId;
}
