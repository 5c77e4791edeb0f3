/**
 * The card statements of firestore.rules (docs/DATA_MODEL.md "Post cards", "Member cards"),
 * registered into the product suite so its coverage check sees them. The functions copy the cards
 * (the admin seeds them here); every signed-in member reads them with the readers' queries, and
 * nobody writes them.
 */
import { clientTime, type Op, type Write } from './sdk-ops';
import type { RulesSuite } from './sdk-suite';

const POST_CARD = '/postCards/{postId}';
const MEMBER_CARD = '/memberCards/{uid}';
const MIGRATION = '/migrations/{name}';

const batch = (...writes: Write[]): Op => ({ batch: writes });
const postCard = (postId: string, uid = 'bob') => ({
  postId,
  uid,
  postImage: null,
  postCaption: 'a card',
  createdAt: clientTime(Date.UTC(2026, 0, 1)),
  tags: ['cards'],
});
const memberCard = (userName: string) => ({
  userInfo: { userName },
  searchName: userName.toLowerCase(),
  profilePictures: { profilePicture: null, profileCover: null },
  postsListLength: 0,
});

export function cardCases({ allow, deny, denyUnmatched, seed }: RulesSuite): void {
  describe('cards: the slim copies readers download, written by the functions', () => {
    beforeAll(async () => {
      await seed(
        { set: 'postCards/card-1', data: postCard('card-1') },
        { set: 'memberCards/bob', data: memberCard('Bob') },
        {
          set: 'migrations/postCards',
          data: { cursor: 'card-1', done: false, read: 50, written: 50 },
        },
        { set: 'migrations/likes', data: { cursor: 'p1', done: true, edgesCreated: 3 } },
      );
    });

    test('every signed-in member reads them, with the readers’ queries', async () => {
      await allow('alice', `${POST_CARD} get`, { get: 'postCards/card-1' });
      await allow('alice', `${POST_CARD} list`, {
        list: 'postCards',
        where: [['uid', '==', 'bob']],
        orderBy: ['createdAt', 'desc'],
        limit: 3,
      });
      await allow('alice', `${POST_CARD} list`, {
        list: 'postCards',
        where: [['tags', 'array-contains', 'cards']],
        orderBy: ['createdAt', 'desc'],
        limit: 3,
      });
      await allow('alice', `${MEMBER_CARD} get`, { get: 'memberCards/bob' });
      await allow('alice', `${MEMBER_CARD} list`, {
        list: 'memberCards',
        orderBy: ['userInfo.userName', 'desc'],
        limit: 20,
      });
      await allow('alice', `${MEMBER_CARD} list`, {
        list: 'memberCards',
        where: [
          ['searchName', '>=', 'b'],
          ['searchName', '<', 'b\uf8ff'],
        ],
        orderBy: ['searchName', 'asc'],
        limit: 20,
      });
      await deny(
        'signedOut',
        `${POST_CARD} get`,
        { get: 'postCards/card-1' },
        { breaks: 'signedIn()' },
      );
      await deny(
        'signedOut',
        `${POST_CARD} list`,
        { list: 'postCards', where: [['uid', '==', 'bob']] },
        { breaks: 'signedIn()' },
      );
      await deny(
        'signedOut',
        `${MEMBER_CARD} list`,
        { list: 'memberCards', orderBy: ['userInfo.userName', 'desc'], limit: 20 },
        { breaks: 'signedIn()' },
      );
      await deny(
        'signedOut',
        `${MEMBER_CARD} get`,
        { get: 'memberCards/bob' },
        { breaks: 'signedIn()' },
      );
    });

    test('a member reads whether the cards migration is done, and no other migration', async () => {
      await allow('alice', `${MIGRATION} get`, { get: 'migrations/postCards' });
      await allow('alice', `${MIGRATION} get`, { get: 'migrations/memberCards' });
      await deny(
        'signedOut',
        `${MIGRATION} get`,
        { get: 'migrations/postCards' },
        { breaks: 'signedIn()' },
      );
      await deny(
        'alice',
        `${MIGRATION} get`,
        { get: 'migrations/likes' },
        { breaks: "name in ['postCards', 'memberCards']" },
      );
      await denyUnmatched('alice', { list: 'migrations' });
      await denyUnmatched(
        'bob',
        batch({ set: 'migrations/postCards', data: { cursor: null, done: true, read: 0 } }),
      );
      await denyUnmatched('bob', batch({ delete: 'migrations/memberCards' }));
    });

    test('no member writes a card, not even of their own post or profile', async () => {
      await denyUnmatched('bob', batch({ set: 'postCards/card-1', data: postCard('card-1') }));
      await denyUnmatched('bob', batch({ set: 'postCards/card-2', data: postCard('card-2') }));
      await denyUnmatched('bob', batch({ delete: 'postCards/card-1' }));
      await denyUnmatched('bob', batch({ set: 'memberCards/bob', data: memberCard('Bobby') }));
      await denyUnmatched('bob', batch({ delete: 'memberCards/bob' }));
      await denyUnmatched('alice', batch({ set: 'memberCards/bob', data: memberCard('Mallory') }));
    });
  });
}
