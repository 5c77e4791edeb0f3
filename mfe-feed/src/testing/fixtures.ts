import type { LiveDocument, Post, UserData, WithId } from 'shared-firebase';
import { liveMember } from 'shared-firebase/testing/members';

/** The viewer in every test. */
export const VIEWER = 'viewer-uid';

export function makePost(overrides: Partial<WithId<Post>> = {}): WithId<Post> {
  const postId = overrides.postId ?? 'post-1';
  return {
    id: postId,
    postId,
    postImage: null,
    postCaption: 'Hello there',
    uid: VIEWER,
    followers: [VIEWER],
    likes: [],
    createdAt: null,
    ...overrides,
  };
}

/** A `useMember` stand-in: every uid is a member called "Name of <uid>". */
export function memberNamed(uid: string | null): LiveDocument<UserData> {
  return liveMember(`Name of ${uid}`);
}
