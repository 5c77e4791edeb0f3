import { randomUUID } from 'node:crypto';
import type { Member } from '../fixtures';
import type { FirestoreAdmin } from './firestore-rest';

/** A text post by `author`, written as the app writes it (followers = the author alone). */
export async function createTextPost(
  admin: FirestoreAdmin,
  author: Member,
  caption: string,
): Promise<string> {
  const postId = `e2e-${randomUUID()}`;
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
