import type { UserData, UserInfo } from 'shared-firebase';

/** A usersData document as sign-up writes it, with `info` overriding userInfo fields. */
export function profileOf(
  userName: string,
  info: Partial<UserInfo> = {},
  pictures: Partial<UserData['profilePictures']> = {},
): UserData {
  return {
    posts: [],
    connections: { Followers: [], Following: [] },
    profilePictures: { profilePicture: null, profileCover: null, ...pictures },
    userInfo: {
      From: null,
      Lives: null,
      userAbout: null,
      userAge: null,
      userName,
      userGender: null,
      dob: null,
      ...info,
    },
  };
}
