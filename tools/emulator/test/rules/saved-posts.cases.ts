/**
 * The bookmark statements of firestore.rules (docs/DATA_MODEL.md "Bookmarks"), registered into
 * the product suite so its coverage check sees them. alice saves posts; bob tries to read, list,
 * forge and remove hers. The posts are seeded by the admin under ids of their own (`sv-…`), so the
 * cases may run anywhere in the suite.
 */
import { clientTime, serverTime, type Data, type Op, type Write } from './sdk-ops';
import type { RulesSuite } from './sdk-suite';

const SAVED = '/bookmarks/{uid}/saved/{postId}';

const batch = (...writes: Write[]): Op => ({ batch: writes });
const path = (uid: string, postId: string) => `bookmarks/${uid}/saved/${postId}`;
/** What the app writes to save `postId`, with `fields` over it. */
const save = (uid: string, postId: string, fields: Data = {}, id = postId): Op =>
  batch({ set: path(uid, id), data: { postId, savedAt: serverTime(), ...fields } });
const unsave = (uid: string, postId: string): Op => batch({ delete: path(uid, postId) });
const list = (uid: string): Op => ({
  list: `bookmarks/${uid}/saved`,
  orderBy: ['savedAt', 'desc'],
});

/** A post id one longer than the bound (an auto-id's 20 characters). */
const LONG_ID = 'sv-long-id-0123456789';

const post = (id: string): Data => ({
  postImage: null,
  postCaption: 'Worth keeping',
  uid: 'bob',
  postId: id,
  followers: ['bob'],
  likes: [],
  createdAt: clientTime(Date.UTC(2026, 0, 1)),
});

export function savedPostCases({ allow, deny, denyUnmatched, seed }: RulesSuite): void {
  describe('bookmarks: a member’s saved posts', () => {
    beforeAll(async () => {
      await seed(
        ...['sv-1', 'sv-2', 'sv-3', LONG_ID].map((id) => ({ set: `posts/${id}`, data: post(id) })),
      );
    });

    test('a member saves an existing post for themself, with its id and the server time only', async () => {
      const t = `${SAVED} create`;
      expect(LONG_ID).toHaveLength(21);
      await allow('alice', t, save('alice', 'sv-1'));
      // bob's own bookmark of the same post is his alone.
      await allow('bob', t, save('bob', 'sv-1'));
      await deny('signedOut', t, save('alice', 'sv-2'), { breaks: 'signedIn()' });
      // Forging another member's bookmark.
      await deny('bob', t, save('alice', 'sv-2'), { breaks: 'me() == uid' });
      await deny('alice', t, batch({ set: path('alice', 'sv-2'), data: { postId: 'sv-2' } }), {
        breaks: 'hasAll',
      });
      await deny('alice', t, save('alice', 'sv-2', { note: 'mine' }), { breaks: 'hasOnly' });
      await deny('alice', t, save('alice', 'sv-2', { uid: 'alice' }), { breaks: 'hasOnly' });
      // A bookmark under one post's id that names another.
      await deny('alice', t, save('alice', 'sv-2', {}, 'sv-3'), {
        breaks: 'incoming().postId == postId',
      });
      await deny('alice', t, save('alice', LONG_ID), { breaks: 'postId.size() <= 20' });
      // A chosen time would let a bookmark jump to the top of the list, or below it.
      await deny('alice', t, save('alice', 'sv-2', { savedAt: clientTime(0) }), {
        breaks: 'request.time',
      });
      // A post that does not exist, or no longer does.
      await deny('alice', t, save('alice', 'sv-none'), { breaks: 'exists(postDoc(postId))' });
    });

    test('a saved post is saved once: saving it again, or changing the bookmark, is refused', async () => {
      await denyUnmatched('alice', save('alice', 'sv-1'));
      await denyUnmatched(
        'alice',
        batch({ update: path('alice', 'sv-1'), data: { savedAt: serverTime() } }),
      );
    });

    test('only the member reads their bookmarks', async () => {
      await allow('alice', `${SAVED} get`, { get: path('alice', 'sv-1') });
      // Whether a post is saved is read even when it is not.
      await allow('alice', `${SAVED} get`, { get: path('alice', 'sv-2') });
      await deny('bob', `${SAVED} get`, { get: path('alice', 'sv-1') }, { breaks: 'me() == uid' });
      await deny(
        'signedOut',
        `${SAVED} get`,
        { get: path('alice', 'sv-1') },
        {
          breaks: 'signedIn()',
        },
      );
      await allow('alice', `${SAVED} list`, list('alice'));
      await deny('bob', `${SAVED} list`, list('alice'), { breaks: 'me() == uid' });
      await deny('signedOut', `${SAVED} list`, list('alice'), { breaks: 'signedIn()' });
      // Who saved a post: no member may ask across everyone's bookmarks.
      await denyUnmatched('bob', { list: 'saved', group: true, where: [['postId', '==', 'sv-1']] });
      await denyUnmatched('alice', { list: 'bookmarks' });
    });

    test('only the member unsaves', async () => {
      const t = `${SAVED} delete`;
      await deny('bob', t, unsave('alice', 'sv-1'), { breaks: 'me() == uid' });
      await deny('signedOut', t, unsave('alice', 'sv-1'), { breaks: 'signedIn()' });
      await allow('alice', t, unsave('alice', 'sv-1'));
      // Saved again after unsaving: a new bookmark, at the top of the list.
      await allow('alice', `${SAVED} create`, save('alice', 'sv-1'));
    });
  });
}
