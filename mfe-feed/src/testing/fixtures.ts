import type { LiveDocument, Post, UserData, WithId } from 'shared-firebase';

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

/** A `usePostAuthor` stand-in: every uid is a member called "Name of <uid>". */
export function memberNamed(uid: string): LiveDocument<UserData> {
  return {
    status: 'ready',
    data: {
      posts: [],
      connections: { Followers: [], Following: [] },
      profilePictures: { profilePicture: null, profileCover: null },
      userInfo: {
        From: null,
        Lives: null,
        userAbout: null,
        userAge: null,
        userName: `Name of ${uid}`,
        userGender: null,
        dob: null,
      },
    },
  };
}
