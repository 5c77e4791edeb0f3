import { newAccountDocuments } from '../data/accountDocuments';
import type { LiveDocument } from '../hooks/useLiveDocument';
import type { UserData, UserInfo } from '../model';

/** A usersData document as sign-up writes it, with `info` and `pictures` overriding fields. */
export function memberData(
  userName: string,
  info: Partial<UserInfo> = {},
  pictures: Partial<UserData['profilePictures']> = {},
): UserData {
  const { userData } = newAccountDocuments(userName);
  return {
    ...userData,
    profilePictures: { ...userData.profilePictures, ...pictures },
    userInfo: { ...userData.userInfo, ...info },
  };
}

/** What `useMember` returns once it has read a member called `userName`; none: still loading. */
export function liveMember(userName: string | undefined): LiveDocument<UserData> {
  return userName === undefined
    ? { status: 'loading' }
    : { status: 'ready', data: memberData(userName) };
}

/** For fixtures outside the app (e2e) that arrange members exactly as sign-up does. */
export { newAccountDocuments };
