import { randomUUID } from 'node:crypto';
import type { Member } from '../fixtures';
import type { FirestoreAdmin } from './firestore-rest';

/**
 * A text post by `author`, written as the app writes it (followers = the author alone), its id as
 * long as the SDK's (the rules bound post ids, and ids kept beside a post, like bookmarks, too).
 */
export async function createTextPost(
  admin: FirestoreAdmin,
  author: Member,
  caption: string,
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
        followers: [author.uid],
        likes: [],
      },
      serverTime: ['createdAt'],
    },
  ]);
  return postId;
}
