/**
 * The account-deletion statements of firestore.rules (docs/DATA_MODEL.md "Deleting an account"),
 * registered into the product suite so its coverage check sees them. dave asks for his account to
 * be deleted; the profile codebase's function does the deletion with the Admin SDK, so no client
 * write of the old in-browser deletion passes any more, request or not. erin exists only as
 * documents the admin writes (a follower of dave's). Nothing here touches alice, bob or carol's
 * documents, so the cases may run anywhere in the suite.
 */
import { newAccountDocuments } from 'shared-firebase/testing/members';
import { clientTime, remove, serverTime, type Data, type Op, type Write } from './sdk-ops';
import type { RulesSuite } from './sdk-suite';

const REQUEST = '/accountDeletions/{uid}';

const batch = (...writes: Write[]): Op => ({ batch: writes });
const update = (path: string, data: Data): Op => batch({ update: path, data });
const del = (path: string): Op => batch({ delete: path });
const request = (uid: string, data: Data = { startedAt: serverTime() }): Op =>
  batch({ set: `accountDeletions/${uid}`, data });

export function accountDeletionCases({ allow, deny, denyUnmatched, seed }: RulesSuite): void {
  describe('account deletion', () => {
    beforeAll(async () => {
      // dave has a post, follows erin, and erin follows him.
      await seed(
        {
          set: 'usersData/dave',
          data: { ...(newAccountDocuments('Dave').userData as unknown as Data), posts: ['d1'] },
        },
        { set: 'Following/dave', data: { Following: ['erin'] } },
        { set: 'Followers/dave', data: { Followers: ['erin'] } },
        { set: 'Following/erin', data: { Following: ['dave'] } },
        { set: 'Followers/erin', data: { Followers: ['dave'] } },
      );
    });

    test('the request: only the member, for themself, with the server time and nothing else', async () => {
      const t = `${REQUEST} create`;
      await deny('signedOut', t, request('dave'), { breaks: 'signedIn()' });
      // Forging someone else's request: bob would delete dave's account.
      await deny('bob', t, request('dave'), { breaks: 'me() == uid' });
      await deny('dave', t, request('dave', {}), { breaks: 'hasAll' });
      // Forging the job's progress: a request that claims to be done, or past its steps.
      await deny('dave', t, request('dave', { startedAt: serverTime(), status: 'done' }), {
        breaks: 'hasOnly',
      });
      await deny(
        'dave',
        t,
        request('dave', { startedAt: serverTime(), stepsDone: ['pictures'], round: 7 }),
        { breaks: 'hasOnly' },
      );
      await deny('dave', t, request('dave', { startedAt: clientTime(0) }), {
        breaks: 'request.time',
      });
      await allow('dave', t, request('dave'));
      await allow('dave', `${REQUEST} get`, { get: 'accountDeletions/dave' });
      await deny(
        'bob',
        `${REQUEST} get`,
        { get: 'accountDeletions/dave' },
        { breaks: 'me() == uid' },
      );
      await deny(
        'signedOut',
        `${REQUEST} get`,
        { get: 'accountDeletions/dave' },
        {
          breaks: 'signedIn()',
        },
      );
    });

    test('the request is the server job’s once made: no client changes, restarts or removes it', async () => {
      // A second create over an existing request is an update: nobody may write one.
      await denyUnmatched('dave', request('dave'));
      await denyUnmatched('dave', update('accountDeletions/dave', { status: 'done' }));
      await denyUnmatched('dave', update('accountDeletions/dave', { round: 0, stepsDone: [] }));
      await denyUnmatched('bob', update('accountDeletions/dave', { status: 'running' }));
      await denyUnmatched('dave', del('accountDeletions/dave'));
      await denyUnmatched('bob', del('accountDeletions/dave'));
      await denyUnmatched('dave', { list: 'accountDeletions' });
    });

    test('with a request made, the member still deletes nothing of the old in-browser deletion', async () => {
      // Their posts exist (usersData lists one): the profile cannot go while they do.
      await deny('dave', '/usersData/{uid} delete', del('usersData/dave'));
      await seed({ update: 'usersData/dave', data: { posts: [] } });
      await deny('dave', '/usersData/{uid} delete', del('usersData/dave'));
      await deny('dave', '/Following/{uid} delete', del('Following/dave'));
      await deny('dave', '/Followers/{uid} delete', del('Followers/dave'));
      // Dropping a follower (both sides in one write), as the in-browser deletion did.
      await deny(
        'dave',
        '/Followers/{uid} update',
        batch(
          { update: 'Followers/dave', data: { Followers: remove('erin') } },
          { update: 'Following/erin', data: { Following: remove('dave') } },
        ),
      );
    });
  });
}
