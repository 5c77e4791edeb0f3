// Members: each signs in (signed up the first time) in an app of their own, kept in the run for
// every later phase; a new member gets sign-up's documents, then the plan's profile fields.
import { doc, getDoc } from 'firebase/firestore/lite';
import { commitWithRetry } from '../commit.mjs';
import { eachLimited } from '../limited.mjs';
import { openSession } from '../session.mjs';

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
      await commitWithRetry(db, (batch) => {
        batch.set(userRef, documents.userData);
        batch.set(doc(db, 'Following', uid), documents.following);
        batch.set(doc(db, 'Followers', uid), documents.followers);
      });
      userData = documents.userData;
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
