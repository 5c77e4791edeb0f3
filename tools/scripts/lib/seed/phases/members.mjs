// Members: each signs in (signed up the first time) in an app of their own, kept in the run for
// every later phase; a new member gets sign-up's documents, then the plan's profile fields.
import { doc, getDoc } from 'firebase/firestore/lite';
import { commitWithRetry } from '../commit.mjs';
import { eachLimited } from '../limited.mjs';
import { openSession } from '../session.mjs';

/**
 * The claim a seed member's sign-up writes (docs/DATA_MODEL.md "Unique names"). The seed's names
 * are never changed, and with more members than first names two may count as the same name: the
 * later one then claims a key of its own (`~u` never occurs in a name's claim id), which the
 * profile codebase's check flags, and that member is asked to choose a new name, as any member
 * whose name another holds is.
 */
async function seedNameKey(db, uid, nameClaimId) {
  const claim = await getDoc(doc(db, 'userNames', nameClaimId));
  return claim.exists() && claim.get('uid') !== uid ? `${nameClaimId}~u${uid}` : nameClaimId;
}

/** Resolves with each member's usersData as it now stands, by member index. */
export async function writeMembers(run) {
  const { plan, config, concurrency, sessions, created } = run;
  const userDataOf = new Array(plan.members.length);
  await eachLimited(plan.members, concurrency, async (member) => {
    const session = await openSession(config, member);
    sessions[member.index] = session;
    const { db, uid } = session;
    const userRef = doc(db, 'usersData', uid);
    let userData = (await getDoc(userRef)).data();
    if (!userData) {
      const documents = run.newAccountDocuments(member.userName);
      const nameKey = await seedNameKey(db, uid, documents.nameClaimId);
      userData = { ...documents.userData, nameKey };
      await commitWithRetry(db, (batch) => {
        batch.set(userRef, userData);
        batch.set(doc(db, 'Following', uid), documents.following);
        batch.set(doc(db, 'Followers', uid), documents.followers);
        batch.set(doc(db, 'userNames', nameKey), { uid });
      });
      created.members += 1;
    }
    userDataOf[member.index] = userData;
    const update = {};
    for (const [key, value] of Object.entries(member.profile))
      if (userData.userInfo[key] !== value) update[`userInfo.${key}`] = value;
    if (Object.keys(update).length > 0)
      await commitWithRetry(db, (batch) => batch.update(userRef, update));
  });
  return userDataOf;
}
