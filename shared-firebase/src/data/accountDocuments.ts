// Plain data with no SDK import, so test fixtures outside the app can arrange members exactly as
// sign-up does.
import type { FollowersDoc, FollowingDoc, UserData } from '../model';
import { searchNameOf, storedUserName } from '../searchName';
import { userNameClaimId } from '../userNames';

/** The three documents every member has, as sign-up writes them (docs/DATA_MODEL.md "Sign-up"). */
export interface AccountDocuments {
  userData: UserData;
  following: FollowingDoc;
  followers: FollowersDoc;
  /** The id of the name's claim, `userNames/{nameClaimId}` `{ uid }`, written in the same batch. */
  nameClaimId: string;
}

/**
 * A new member's documents: empty lists, no pictures, every profile field null but the name (stored
 * in NFC), its search form and its claim.
 */
export function newAccountDocuments(typedName: string): AccountDocuments {
  const userName = storedUserName(typedName);
  return {
    userData: {
      posts: [],
      connections: { Followers: [], Following: [] },
      profilePictures: { profilePicture: null, profileCover: null },
      userInfo: {
        From: null,
        Lives: null,
        userAbout: null,
        userAge: null,
        userName,
        userGender: null,
        dob: null,
      },
      searchName: searchNameOf(userName),
      nameKey: userNameClaimId(userName),
    },
    following: { Following: [] },
    followers: { Followers: [] },
    nameClaimId: userNameClaimId(userName),
  };
}
