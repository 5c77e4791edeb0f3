// The three documents every member has, written at sign-up and repaired at sign-in. Their shape is
// the contract's (newAccountDocuments), which the seed and the tests' fixtures use too.
import { getDoc, runTransaction, writeBatch } from 'firebase/firestore';
import {
  COLLECTIONS,
  followersRef,
  followingRef,
  getDb,
  newAccountDocuments,
  searchNameOf,
  userDataRef,
  userNameClaimId,
  userNameClaimRef,
} from 'shared-firebase';

/**
 * Whether another member holds `userName` once normalised (its `userNames` claim exists and is
 * not `uid`'s). Asked before the account is created, so a taken name creates nothing.
 */
export async function userNameTaken(userName: string, uid?: string): Promise<boolean> {
  const claim = await getDoc(userNameClaimRef(userNameClaimId(userName)));
  return claim.exists() && claim.data().uid !== uid;
}

/**
 * Sign-up's one batch: the three documents and the name's claim are created together or not at
 * all (the rules refuse the claim when another member holds the name).
 */
export async function createAccountDocuments(uid: string, userName: string): Promise<void> {
  const documents = newAccountDocuments(userName);
  const batch = writeBatch(getDb());
  batch.set(userDataRef(uid), documents.userData);
  batch.set(followingRef(uid), documents.following);
  batch.set(followersRef(uid), documents.followers);
  batch.set(userNameClaimRef(documents.nameClaimId), { uid });
  await batch.commit();
}

export type AccountCollection =
  typeof COLLECTIONS.usersData | typeof COLLECTIONS.following | typeof COLLECTIONS.followers;

/**
 * Creates whichever of the member's three documents is missing and leaves existing ones untouched
 * (the rules forbid the owner to rewrite `Followers/{uid}`, and a blind set would wipe posts and
 * follows). A transaction, so a document created meanwhile (a late sign-up batch, another tab) is
 * never overwritten: its create carries an "does not exist" precondition. Returns what it created.
 * It also repairs a `usersData` from before member search: one without `searchName` gets it, so
 * members who signed up earlier become searchable at their next sign-in; and one from before
 * unique names claims its name (docs/DATA_MODEL.md "Unique names").
 */
export async function ensureAccountDocuments(
  uid: string,
  userName: string,
): Promise<AccountCollection[]> {
  const documents = newAccountDocuments(userName);
  return runTransaction(getDb(), async (transaction) => {
    const [userData, following, followers] = await Promise.all([
      transaction.get(userDataRef(uid)),
      transaction.get(followingRef(uid)),
      transaction.get(followersRef(uid)),
    ]);
    // The claim of the name the member has, or of the one their new document gets.
    const claimRef = userNameClaimRef(
      userNameClaimId(userData.data()?.userInfo.userName ?? documents.userData.userInfo.userName),
    );
    const claim = await transaction.get(claimRef);
    const created: AccountCollection[] = [];
    const repairs: { searchName?: string; nameKey?: string } = {};
    if (!userData.exists()) {
      transaction.set(userDataRef(uid), documents.userData);
      created.push(COLLECTIONS.usersData);
    } else {
      const stored = userData.data();
      if (stored.searchName === undefined)
        repairs.searchName = searchNameOf(stored.userInfo.userName);
      // A member from before names were claimed claims theirs, when nobody else holds it; if
      // someone does, they keep their name and are asked to choose another (NameChangePrompt).
      if (stored.nameKey === undefined && (!claim.exists() || claim.data().uid === uid)) {
        repairs.nameKey = claimRef.id;
      }
      if (Object.keys(repairs).length > 0) transaction.update(userDataRef(uid), repairs);
    }
    if (!following.exists()) {
      transaction.set(followingRef(uid), documents.following);
      created.push(COLLECTIONS.following);
    }
    if (!followers.exists()) {
      transaction.set(followersRef(uid), documents.followers);
      created.push(COLLECTIONS.followers);
    }
    if ((!userData.exists() || repairs.nameKey) && !claim.exists()) {
      transaction.set(claimRef, { uid });
    }
    return created;
  });
}
