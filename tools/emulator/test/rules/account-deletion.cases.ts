/**
 * The account-deletion statements of firestore.rules (docs/DATA_MODEL.md "Deleting an account"),
 * registered into the product suite so its coverage check sees them. dave deletes his account;
 * erin and frank exist only as documents the admin writes (the other side of dave's follows).
 * Nothing here touches alice, bob or carol, so the cases may run anywhere in the suite.
 */
import { newAccountDocuments } from 'shared-firebase/testing/members';
import { clientTime, remove, serverTime, type Data, type Op, type Write } from './sdk-ops';
import type { RulesSuite } from './sdk-suite';

const MARKER = '/accountDeletions/{uid}';
const USERS = '/usersData/{owner}';
const FOLLOWING = '/Following/{owner}';
const FOLLOWERS = '/Followers/{owner}';

const batch = (...writes: Write[]): Op => ({ batch: writes });
const update = (path: string, data: Data): Op => batch({ update: path, data });
const del = (path: string): Op => batch({ delete: path });
const startDeletion: Op = batch({
  set: 'accountDeletions/dave',
  data: { startedAt: serverTime() },
});
/**
 * The pair the app writes to drop `follower` from dave's Followers; `theirsFirst` puts the
 * follower's side first, so that a denial names its statement (evaluation stops at a refusal).
 */
const dropFollower = (follower: string, theirsFirst = false): Op => {
  const mine: Write = { update: 'Followers/dave', data: { Followers: remove(follower) } };
  const theirs: Write = { update: `Following/${follower}`, data: { Following: remove('dave') } };
  return theirsFirst ? batch(theirs, mine) : batch(mine, theirs);
};
/** The app's last batch. */
const lastBatch = batch(
  { delete: 'usersData/dave' },
  { delete: 'Following/dave' },
  { delete: 'Followers/dave' },
  { delete: 'accountDeletions/dave' },
);

export function accountDeletionCases({ allow, deny, seed }: RulesSuite): void {
  describe('account deletion', () => {
    beforeAll(async () => {
      // dave has a post listed, follows nobody any more, and erin and frank follow him.
      await seed(
        {
          set: 'usersData/dave',
          data: { ...(newAccountDocuments('Dave').userData as unknown as Data), posts: ['d1'] },
        },
        { set: 'Following/dave', data: { Following: ['erin'] } },
        { set: 'Followers/dave', data: { Followers: ['erin', 'frank'] } },
        { set: 'Following/erin', data: { Following: ['dave', 'frank'] } },
        { set: 'Following/frank', data: { Following: ['dave'] } },
      );
    });

    test('before the marker, none of the deletion writes pass', async () => {
      await deny('dave', `${FOLLOWERS} update`, dropFollower('erin'), {
        breaks: 'exists(deletionDoc(owner))',
      });
      await deny('dave', `${USERS} delete`, del('usersData/dave'), {
        breaks: 'exists(deletionDoc(owner))',
      });
      await deny('dave', `${FOLLOWING} delete`, del('Following/dave'), {
        breaks: 'exists(deletionDoc(owner))',
      });
      await deny('dave', `${FOLLOWERS} delete`, del('Followers/dave'), {
        breaks: 'exists(deletionDoc(owner))',
      });
    });

    test('the marker: only the member, for themself, with the server time and nothing else', async () => {
      const t = `${MARKER} create`;
      await deny('signedOut', t, startDeletion, { breaks: 'signedIn()' });
      await deny('bob', t, startDeletion, { breaks: 'me() == uid' });
      await deny('dave', t, batch({ set: 'accountDeletions/dave', data: {} }), {
        breaks: 'hasAll',
      });
      await deny(
        'dave',
        t,
        batch({ set: 'accountDeletions/dave', data: { startedAt: serverTime(), by: 'x' } }),
        { breaks: 'hasOnly' },
      );
      await deny(
        'dave',
        t,
        batch({ set: 'accountDeletions/dave', data: { startedAt: clientTime(0) } }),
        { breaks: 'request.time' },
      );
      await allow('dave', t, startDeletion);
      await allow('dave', `${MARKER} get`, { get: 'accountDeletions/dave' });
      await deny(
        'bob',
        `${MARKER} get`,
        { get: 'accountDeletions/dave' },
        { breaks: 'me() == uid' },
      );
      await deny(
        'signedOut',
        `${MARKER} get`,
        { get: 'accountDeletions/dave' },
        {
          breaks: 'signedIn()',
        },
      );
    });

    test('dropping a follower: both sides in one write, one follower at a time, only while deleting', async () => {
      const mine = `${FOLLOWERS} update`;
      const theirs = `${FOLLOWING} update`;
      await deny('signedOut', mine, dropFollower('erin'), { breaks: 'signedIn()' });
      await deny('signedOut', theirs, dropFollower('erin', true), { breaks: 'signedIn()' });
      // bob takes himself out of dave's followers as if he were dave: not his list.
      await deny('bob', mine, update('Followers/dave', { Followers: remove('erin') }), {
        breaks: 'me() == owner',
      });
      await deny('dave', mine, update('Followers/dave', { Followers: ['erin', 'frank', 'x'] }), {
        breaks: 'after.size() < before.size()',
      });
      await deny(
        'dave',
        mine,
        batch(
          { update: 'Followers/dave', data: { Followers: [] } },
          { update: 'Following/erin', data: { Following: remove('dave') } },
        ),
        { breaks: 'after == before.removeAll' },
      );
      await deny(
        'dave',
        mine,
        update('Followers/dave', { Followers: remove('erin'), muted: true }),
        { breaks: "changedOnly(['Followers'])" },
      );
      // One side alone: erin would stay following someone who no longer lists her.
      await deny('dave', mine, update('Followers/dave', { Followers: remove('erin') }), {
        breaks: 'changesWith(followingDoc',
      });
      await deny('dave', theirs, update('Following/erin', { Following: remove('dave') }), {
        breaks: 'changesWith(followersDoc(me())',
      });
      await deny('dave', theirs, update('Following/dave', { Following: remove('erin') }), {
        breaks: 'me() != owner',
      });
      await deny(
        'dave',
        theirs,
        batch(
          { update: 'Following/erin', data: { Following: [] } },
          { update: 'Followers/dave', data: { Followers: remove('erin') } },
        ),
        { breaks: 'incoming().Following == existing().Following.removeAll' },
      );
      await deny(
        'dave',
        theirs,
        batch(
          { update: 'Following/erin', data: { Following: remove('dave'), muted: true } },
          { update: 'Followers/dave', data: { Followers: remove('erin') } },
        ),
        { breaks: "changedOnly(['Following'])" },
      );
      // frank's Following never held carol: nothing of carol's to take out.
      await deny('carol', theirs, update('Following/frank', { Following: remove('carol') }), {
        breaks: 'me() in existing().Following',
      });
      await allow('dave', [mine, theirs], dropFollower('erin'));
      await allow('dave', [mine, theirs], dropFollower('frank'));
    });

    test('the last batch: only the member, only once nothing refers to the documents', async () => {
      await deny('signedOut', `${USERS} delete`, del('usersData/dave'), { breaks: 'signedIn()' });
      await deny('bob', `${USERS} delete`, del('usersData/dave'), { breaks: 'me() == owner' });
      await deny('dave', `${USERS} delete`, lastBatch, { breaks: 'existing().posts.size() == 0' });
      await deny('signedOut', `${FOLLOWING} delete`, del('Following/dave'), {
        breaks: 'signedIn()',
      });
      await deny('bob', `${FOLLOWING} delete`, del('Following/dave'), { breaks: 'me() == owner' });
      await deny('dave', `${FOLLOWING} delete`, del('Following/dave'), {
        breaks: 'existing().Following.size() == 0',
      });
      await deny('signedOut', `${FOLLOWERS} delete`, del('Followers/dave'), {
        breaks: 'signedIn()',
      });
      await deny('bob', `${FOLLOWERS} delete`, del('Followers/dave'), { breaks: 'me() == owner' });
      // The marker goes only with usersData, never alone.
      await deny('dave', `${MARKER} delete`, del('accountDeletions/dave'), {
        breaks: '!existsAfter(userDataDoc(uid))',
      });
      await deny('bob', `${MARKER} delete`, del('accountDeletions/dave'), {
        breaks: 'me() == uid',
      });
      await deny('signedOut', `${MARKER} delete`, del('accountDeletions/dave'), {
        breaks: 'signedIn()',
      });

      await seed(
        { update: 'usersData/dave', data: { posts: [] } },
        { update: 'Following/dave', data: { Following: [] } },
      );
      await seed({ set: 'Followers/dave', data: { Followers: ['frank'] } });
      await deny('dave', `${FOLLOWERS} delete`, del('Followers/dave'), {
        breaks: 'existing().Followers.size() == 0',
      });
      await seed({ set: 'Followers/dave', data: { Followers: [] } });

      await allow('dave', `${USERS} delete`, del('usersData/dave'), {
        via: 'existing().posts.size() == 0',
      });
      await allow('dave', `${FOLLOWING} delete`, del('Following/dave'), {
        via: 'existing().Following.size() == 0',
      });
      await allow('dave', `${FOLLOWERS} delete`, del('Followers/dave'), {
        via: 'existing().Followers.size() == 0',
      });
      // An interrupted run repeats deletes that already happened: a missing document is fine.
      await allow('dave', `${FOLLOWING} delete`, del('Following/dave'), {
        via: 'resource == null',
      });
      await allow('dave', `${FOLLOWERS} delete`, del('Followers/dave'), {
        via: 'resource == null',
      });
      await allow('dave', [`${USERS} delete`, `${MARKER} delete`], lastBatch, {
        via: 'resource == null',
      });
    });
  });
}
