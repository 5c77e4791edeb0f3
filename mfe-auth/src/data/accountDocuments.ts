// The three documents every member has, written at sign-up and repaired at sign-in. Their shape is
// the contract's (newAccountDocuments), which the seed and the tests' fixtures use too.
import { runTransaction, writeBatch } from 'firebase/firestore';
import {
  COLLECTIONS,
  followersRef,
  followingRef,
  getDb,
  newAccountDocuments,
  searchNameOf,
  userDataRef,
} from 'shared-firebase';

/** Sign-up's one batch: the three documents are created together or not at all. */
export async function createAccountDocuments(uid: string, userName: string): Promise<void> {
  const documents = newAccountDocuments(userName);
  const batch = writeBatch(getDb());
  batch.set(userDataRef(uid), documents.userData);
  batch.set(followingRef(uid), documents.following);
  batch.set(followersRef(uid), documents.followers);
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
 * members who signed up earlier become searchable at their next sign-in.
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
    const created: AccountCollection[] = [];
    if (!userData.exists()) {
      transaction.set(userDataRef(uid), documents.userData);
      created.push(COLLECTIONS.usersData);
    } else if (userData.data().searchName === undefined) {
      transaction.update(userDataRef(uid), {
        searchName: searchNameOf(userData.data().userInfo.userName),
      });
    }
    if (!following.exists()) {
      transaction.set(followingRef(uid), documents.following);
      created.push(COLLECTIONS.following);
    }
    if (!followers.exists()) {
      transaction.set(followersRef(uid), documents.followers);
      created.push(COLLECTIONS.followers);
    }
    return created;
  });
}
