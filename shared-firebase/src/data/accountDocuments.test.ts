import { newAccountDocuments } from './accountDocuments';

/** docs/DATA_MODEL.md "Sign-up", written out literally. */
const SIGN_UP_DOCUMENTS = (userName: string) => ({
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
    searchName: userName.toLowerCase(),
    nameKey: `~${userName.toLowerCase()}`,
  },
  following: { Following: [] },
  followers: { Followers: [] },
  nameClaimId: `~${userName.toLowerCase()}`,
});

test('a new account has exactly the documented shape', () => {
  expect(newAccountDocuments('Ann')).toEqual(SIGN_UP_DOCUMENTS('Ann'));
});

describe('newAccountDocuments', () => {
  it('stores the name in NFC with its lower-cased search form', () => {
    const typed = 'E\u0301lise'; // E + combining acute accent
    const { userData } = newAccountDocuments(typed);
    expect(userData.userInfo.userName).toBe('\u00c9lise');
    expect(userData.searchName).toBe('\u00c9lise');
  });
});
