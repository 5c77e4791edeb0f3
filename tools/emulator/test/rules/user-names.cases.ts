/**
 * The unique-name statements of firestore.rules (docs/DATA_MODEL.md "Unique names"), registered
 * into the product suite so its coverage check sees them: `userNames/{claimId}`, `nameReviews`,
 * and the name clauses of `usersData`. The admin first sets alice's, bob's and carol's names and
 * claims (fields only: their posts and follows stay), so the cases may run anywhere after sign-up.
 */
import { userNameClaimId } from 'shared-firebase';
import { deleteField, type Data, type Op, type Write } from './sdk-ops';
import type { RulesSuite } from './sdk-suite';

const USERS = '/usersData/{uid}';
const CLAIMS = '/userNames/{claimId}';
const REVIEWS = '/nameReviews/{uid}';

const batch = (...writes: Write[]): Op => ({ batch: writes });
const claim = (name: string): string => `userNames/${userNameClaimId(name)}`;
/** The fields of a name as the app writes them (profile's `profileUpdates.username`). */
const nameFields = (name: string): Data => ({
  'userInfo.userName': name,
  searchName: name.replace(/[A-Z]/g, (letter) => letter.toLowerCase()),
  nameKey: userNameClaimId(name),
});
/** The edit screen's rename: the name, the new claim, the old claim released. */
const rename = (uid: string, from: string, to: string): Op =>
  batch(
    { update: `usersData/${uid}`, data: nameFields(to) },
    { set: claim(to), data: { uid } },
    { delete: claim(from) },
  );

export function userNameCases({ allow, deny, seed }: RulesSuite): void {
  describe('unique names: userNames claims and the name clauses of usersData', () => {
    beforeAll(async () => {
      await seed(
        { update: 'usersData/alice', data: nameFields('Alice') },
        { set: claim('Alice'), data: { uid: 'alice' } },
        { update: 'usersData/bob', data: nameFields('Bob') },
        { set: claim('Bob'), data: { uid: 'bob' } },
        // carol signed up before names were claimed: no nameKey, no claim.
        {
          update: 'usersData/carol',
          data: { ...nameFields('Carol'), nameKey: deleteField() },
        },
      );
    });

    test('a member renames with the new claim and releases the old one in one write', async () => {
      await allow(
        'alice',
        [`${USERS} update`, `${CLAIMS} create`, `${CLAIMS} delete`],
        rename('alice', 'Alice', 'Alicia'),
        {
          via: "'nameKey' in data && data.nameKey is string",
        },
      );
      // A change of case keeps the claim (same key): nothing else is written.
      await allow(
        'alice',
        `${USERS} update`,
        batch({ update: 'usersData/alice', data: nameFields('ALICIA') }),
        {
          via: '!impersonatingName',
        },
      );
      // Any other edit leaves the name alone, whatever it holds.
      await allow(
        'alice',
        `${USERS} update`,
        batch({ update: 'usersData/alice', data: { 'userInfo.From': 'Oslo' } }),
        {
          via: 'existing().userInfo.userName == data.userInfo.userName',
        },
      );
    });

    test('anyone reads one claim (sign-up asks before the account exists); nobody lists them', async () => {
      await allow('signedOut', `${CLAIMS} get`, { get: claim('Bob') });
      await allow('carol', `${CLAIMS} get`, { get: claim('Nobody Yet') });
      for (const who of ['carol', 'signedOut'] as const) {
        await deny(
          who,
          `${CLAIMS} get`,
          { get: 'userNames/bob' },
          { breaks: "claimId.matches('~.+')" },
        );
      }
      await deny('signedOut', `${CLAIMS} list`, { list: 'userNames' });
      await deny('bob', `${CLAIMS} list`, { list: 'userNames' });
    });

    test('a taken name cannot be claimed in another case or width, or overwritten', async () => {
      for (const name of ['BOB', 'Ｂｏｂ', 'bob']) {
        await deny(
          'carol',
          `${CLAIMS} update`,
          batch({ set: claim(name), data: { uid: 'carol' } }),
        );
      }
      await deny(
        'signedOut',
        `${CLAIMS} update`,
        batch({ set: claim('Bob'), data: { uid: 'bob' } }),
      );
      // Pointing one's nameKey at another member's claim.
      await deny(
        'carol',
        `${USERS} update`,
        batch({ update: 'usersData/carol', data: nameFields('Bob') }),
        {
          breaks: "!('nameKey' in data)",
        },
      );
    });

    test('a claim is only the member’s own, and only the one their nameKey names', async () => {
      const t = `${CLAIMS} create`;
      await deny('signedOut', t, batch({ set: claim('Zed'), data: { uid: 'alice' } }), {
        breaks: 'signedIn()',
      });
      // Stockpiling names: a claim the member's nameKey does not name after the write.
      await deny('bob', t, batch({ set: claim('Zed'), data: { uid: 'bob' } }), {
        breaks: "myUsersDataAfter().get('nameKey', null) == claimId",
      });
      await deny('bob', t, batch({ set: claim('Zed'), data: {} }), { breaks: "hasAll(['uid'])" });
      await deny('bob', t, batch({ set: claim('Zed'), data: { uid: 'bob', admin: true } }), {
        breaks: "hasOnly(['uid'])",
      });
      await deny(
        'bob',
        t,
        batch(
          { set: claim('Zed'), data: { uid: 'alice' } },
          { update: 'usersData/bob', data: nameFields('Zed') },
        ),
        { breaks: 'incoming().uid == me()' },
      );
    });

    test('a claim is released only by its holder, and only once their nameKey has moved on', async () => {
      const t = `${CLAIMS} delete`;
      await deny('signedOut', t, batch({ delete: claim('Bob') }), { breaks: 'signedIn()' });
      await deny('alice', t, batch({ delete: claim('Bob') }), { breaks: 'existing().uid == me()' });
      await deny('bob', t, batch({ delete: claim('Bob') }), {
        breaks: "myUsersDataAfter().get('nameKey', null) != claimId",
      });
    });

    test('a rename must hold its claim and release the old one', async () => {
      const t = `${USERS} update`;
      const breaks = "!('nameKey' in data)";
      // No claim written.
      await deny('bob', t, batch({ update: 'usersData/bob', data: nameFields('Roberto') }), {
        breaks,
      });
      // The old claim kept: two names for one member.
      await deny(
        'bob',
        t,
        batch(
          { update: 'usersData/bob', data: nameFields('Roberto') },
          { set: claim('Roberto'), data: { uid: 'bob' } },
        ),
        { breaks },
      );
      await deny('bob', t, batch({ update: 'usersData/bob', data: { nameKey: 7 } }), { breaks });
      await deny('bob', t, batch({ update: 'usersData/bob', data: { nameKey: deleteField() } }), {
        breaks,
      });
    });

    test('a new name with bidi controls, invisible characters or piled-up marks is refused', async () => {
      const names = [
        '\u202Eecila', // shows as "alice"
        'Bo\u200Bb',
        'Bob\u200E',
        'B\u2066ob',
        '\uFEFFBob',
        'Bo\u00ADb',
        'Bo\u2060b',
        `B${'\u0334'.repeat(31)}ob`,
        `B${'\u0334\u0335\u0336\u0337'}ob`,
      ];
      for (const name of names) {
        await deny(
          'bob',
          `${USERS} update`,
          batch(
            { update: 'usersData/bob', data: nameFields(name) },
            { set: claim(name), data: { uid: 'bob' } },
            { delete: claim('Bob') },
          ),
          { breaks: '!impersonatingName' },
        );
      }
      // Three marks on one letter (pointed Hebrew) are a name.
      await allow(
        'bob',
        [`${USERS} update`, `${CLAIMS} create`, `${CLAIMS} delete`],
        rename('bob', 'Bob', 'שּׁ\u05B8לוֹם'),
      );
    });

    test('a member from before claims keeps editing, renames only with a claim, and claims at sign-in', async () => {
      const t = `${USERS} update`;
      await allow(
        'carol',
        t,
        batch({ update: 'usersData/carol', data: { 'userInfo.Lives': 'Lima' } }),
        {
          via: "!('nameKey' in data)",
        },
      );
      await deny(
        'carol',
        t,
        batch({
          update: 'usersData/carol',
          data: { ...nameFields('Carla'), nameKey: deleteField() },
        }),
        {
          breaks: "!('nameKey' in data)",
        },
      );
      // The repair at sign-in (ensureAccountDocuments).
      await allow(
        'carol',
        [t, `${CLAIMS} create`],
        batch(
          { update: 'usersData/carol', data: { nameKey: userNameClaimId('Carol') } },
          { set: claim('Carol'), data: { uid: 'carol' } },
        ),
      );
    });

    test('name reviews: the member reads their own; nobody writes or lists them', async () => {
      await allow('bob', `${REVIEWS} get`, { get: 'nameReviews/bob' });
      await deny('alice', `${REVIEWS} get`, { get: 'nameReviews/bob' }, { breaks: 'me() == uid' });
      await deny(
        'signedOut',
        `${REVIEWS} get`,
        { get: 'nameReviews/bob' },
        { breaks: 'signedIn()' },
      );
      await deny('bob', `${REVIEWS} list`, { list: 'nameReviews' });
      await deny('signedOut', `${REVIEWS} list`, { list: 'nameReviews' });
      for (const method of ['create', 'update', 'delete'] as const) {
        const op: Op =
          method === 'delete'
            ? batch({ delete: 'nameReviews/bob' })
            : batch({ set: 'nameReviews/bob', data: { reason: 'key-mismatch', userName: 'Bob' } });
        if (method === 'update')
          await seed({ set: 'nameReviews/bob', data: { reason: 'key-mismatch', userName: 'Bob' } });
        await deny('bob', `${REVIEWS} ${method}`, op);
        await deny('signedOut', `${REVIEWS} ${method}`, op);
      }
    });
  });
}
