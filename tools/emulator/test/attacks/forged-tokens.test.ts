/**
 * Attack: a token forged for another member. The emulators accept unsigned tokens (production
 * verifies signatures), so holding "bob's" token makes one bob — and bob may still only do what
 * the rules let bob do: alice's documents stay alice's, over REST and over WebChannel.
 */
import { idToken } from '../harness';
import { DATABASE, DOCS, PROJECT, RawChannel, messagesOf } from '../server/wire';
import { expectAllowed, expectDenied, member, withAttackStack } from './attack-kit';

// The raw WebChannel client speaks for the wire tests' project.
const kit = withAttackStack(PROJECT);

beforeAll(async () => {
  expectAllowed(await kit().commit('admin', [...member('alice'), ...member('bob')]));
});

test('over REST: bob’s forged token cannot rename alice, take her followers or her posts', async () => {
  const [aliceProfile] = member('alice', 'Hacked');
  expectDenied(await kit().commit('bob', [aliceProfile!]));
  expectDenied(await kit().commit('bob', [{ set: 'Followers/alice', data: { Followers: [] } }]));
  expectDenied(await kit().commit('bob', [{ delete: 'usersData/alice' }]));
  const stored = await kit().read('usersData/alice');
  expect(JSON.stringify(stored)).toContain('"alice"');
});

test('over REST: a token with no uid, or for nobody, writes nothing', async () => {
  const response = await fetch(`${kit().stack.firestoreUrl}/v1/${DATABASE}/documents:commit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ writes: [{ delete: `${DOCS}/usersData/alice` }] }),
  });
  expect(response.status).toBe(403);
  expect(await kit().read('usersData/alice')).not.toBeNull();
});

test('over REST: the uid is the token’s subject, whatever its user_id claim says', async () => {
  const commitWith = (claims: Record<string, unknown>) =>
    fetch(`${kit().stack.firestoreUrl}/v1/${DATABASE}/documents:commit`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${idToken('bob', PROJECT, claims)}`,
      },
      body: JSON.stringify({
        writes: [
          {
            update: {
              name: `${DOCS}/usersData/alice`,
              fields: { searchName: { stringValue: 'alice' } },
            },
            updateMask: { fieldPaths: ['searchName'] },
            currentDocument: { exists: true },
          },
        ],
      }),
    });
  // Bob's subject with alice's user_id is bob: refused on alice's document.
  expect((await commitWith({ user_id: 'alice' })).status).toBe(403);
  // Alice's subject with bob's user_id is alice: her own document.
  expect((await commitWith({ sub: 'alice', user_id: 'bob' })).status).toBe(200);
});

const describeOwn = process.env['FIRESTORE_EMULATOR_HOST'] ? describe.skip : describe;
// The raw channel talks to this emulator's WebChannel; against Google's, the same refusal comes
// from the same rules and is shown over REST above and by the SDK suites (which use WebChannel).
describeOwn('over WebChannel', () => {
  test('bob’s forged token on the Write stream cannot rename alice', async () => {
    const channel = new RawChannel(kit().stack.firestoreUrl, 'Write');
    const arrays = await channel.handshake(
      { database: DATABASE },
      `Authorization:Bearer ${idToken('bob', PROJECT)}\r\n`,
    );
    const token = (arrays[1]![1][0] as { streamToken: string }).streamToken;
    await channel.send(
      [
        {
          streamToken: token,
          writes: [
            {
              update: {
                name: `${DOCS}/usersData/alice`,
                fields: {
                  userInfo: { mapValue: { fields: { userName: { stringValue: 'Hacked' } } } },
                },
              },
              updateMask: { fieldPaths: ['userInfo.userName'] },
            },
          ],
        },
      ],
      { aid: 1 },
    );
    const polled = await channel.poll(1);
    const status = JSON.stringify([polled.text, messagesOf(polled.arrays)]);
    expect(status).toMatch(/PERMISSION_DENIED|"code":7\b/);
    await channel.terminate();
    expect(JSON.stringify(await kit().read('usersData/alice'))).not.toContain('Hacked');
  });
});
