import { updateDoc } from 'firebase/firestore';
import {
  noteOwnMemberWrite,
  STORAGE_FOLDERS,
  uploadImage,
  USERNAME_MAX_LENGTH,
  userDataRef,
  userNameCharacterProblem,
} from 'shared-firebase';
import type { UserNameCharacterProblem } from 'shared-firebase';

/**
 * The exact dotted-path updates of docs/DATA_MODEL.md "Profile edits", one per edit option (the
 * name changes with its claim: names/changeUserName.ts). The rules accept no other shape.
 */
export const profileUpdates = {
  /** The picture and its small size (top bar, lists) change together. */
  picture: (url: string, smallUrl: string | null) => ({
    'profilePictures.profilePicture': url,
    'profilePictures.profilePictureSmall': smallUrl,
  }),
  cover: (url: string) => ({ 'profilePictures.profileCover': url }),
  /** Empty text removes the about (stored as null). */
  about: (text: string) => ({ 'userInfo.userAbout': text === '' ? null : text }),
  /** `dob` is the stored text, e.g. "3rd Jul 1990" (see dob.ts). */
  dob: (dob: string) => ({ 'userInfo.dob': dob }),
  /** "Lives in" shows the same value as "From": the profile has one country. */
  country: (country: string) => ({ 'userInfo.From': country, 'userInfo.Lives': country }),
};

export type ProfileUpdate = ReturnType<(typeof profileUpdates)[keyof typeof profileUpdates]>;

/** Writes one profile edit to `usersData/{uid}`. */
export function saveProfileUpdate(uid: string, update: ProfileUpdate): Promise<void> {
  // Firestore's UpdateData types dotted paths only for index-signature maps, not our interfaces.
  const saved = updateDoc(userDataRef(uid).withConverter(null), update);
  noteOwnMemberWrite(update);
  return saved;
}

/** Why a user name cannot be saved, or null; the name is trimmed first. */
export function usernameProblem(
  name: string,
): 'empty' | 'tooLong' | UserNameCharacterProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > USERNAME_MAX_LENGTH) return 'tooLong';
  return userNameCharacterProblem(trimmed);
}

/** Which profile image an upload replaces. */
export type ProfileImageKind = 'picture' | 'cover';

/**
 * Reduces a profile picture or cover to its sizes in the browser, uploads them (`{uid}/pfps/`,
 * `{uid}/pfcovers/`) and stores their download URLs in the profile; settles once the profile is
 * written. A file that cannot be decoded throws ImageUnreadableError and nothing is uploaded.
 */
export async function changeProfileImage(
  uid: string,
  kind: ProfileImageKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  const folder =
    kind === 'picture' ? STORAGE_FOLDERS.profilePictures : STORAGE_FOLDERS.profileCovers;
  const uploaded = await uploadImage(
    uid,
    folder,
    kind === 'picture' ? 'profilePicture' : 'profileCover',
    file,
    onProgress,
  );
  const url = uploaded.display.downloadUrl;
  await saveProfileUpdate(
    uid,
    kind === 'picture'
      ? profileUpdates.picture(url, uploaded.small?.downloadUrl ?? null)
      : profileUpdates.cover(url),
  );
}
