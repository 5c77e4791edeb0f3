// A name change with its claim (docs/DATA_MODEL.md "Unique names"): the name, its search form and
// its claim's id in usersData, the new claim, and the old claim released, in one batch.
import { getDoc, writeBatch } from 'firebase/firestore';
import {
  getDb,
  noteOwnMemberWrite,
  searchNameOf,
  storedUserName,
  userDataRef,
  userNameClaimId,
  userNameClaimRef,
} from 'shared-firebase';

/** Another member holds the name once normalised: nothing was written. */
export class UserNameTakenError extends Error {
  constructor(readonly userName: string) {
    super(`The name ${JSON.stringify(userName)} is taken.`);
    this.name = 'UserNameTakenError';
  }
}

/**
 * Renames the member to `typedName` (trimmed by the form). `currentKey` is their `nameKey` (absent
 * on members from before claims). Rejects with UserNameTakenError when another member holds the
 * name; the rules refuse the batch too, should the name be taken in between.
 */
export async function changeUserName(
  uid: string,
  typedName: string,
  currentKey: string | undefined,
): Promise<void> {
  const userName = storedUserName(typedName);
  const nameKey = userNameClaimId(userName);
  const [wanted, current] = await Promise.all([
    getDoc(userNameClaimRef(nameKey)),
    currentKey && currentKey !== nameKey ? getDoc(userNameClaimRef(currentKey)) : null,
  ]);
  if (wanted.exists() && wanted.data().uid !== uid) throw new UserNameTakenError(userName);
  const batch = writeBatch(getDb());
  // Firestore's UpdateData types dotted paths only for index-signature maps, not our interfaces.
  const update = { 'userInfo.userName': userName, searchName: searchNameOf(userName), nameKey };
  batch.update(userDataRef(uid).withConverter(null), update);
  if (!wanted.exists()) batch.set(userNameClaimRef(nameKey), { uid });
  // The old claim is released when it is the member's; one another member holds stays theirs.
  if (current?.exists() && current.data().uid === uid) batch.delete(current.ref);
  const committed = batch.commit();
  noteOwnMemberWrite(update);
  await committed;
}
