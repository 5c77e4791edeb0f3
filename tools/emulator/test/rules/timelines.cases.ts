/**
 * The timeline statements of firestore.rules (docs/DATA_MODEL.md "Timelines"), registered into the
 * product suite so its coverage check sees them. The feed's functions fill alice's timeline (the
 * admin seeds it here); she reads it, bob tries to read it, and nobody may write it.
 */
import { clientTime, type Op, type Write } from './sdk-ops';
import type { RulesSuite } from './sdk-suite';

const TIMELINE = '/timelines/{uid}';
const ENTRY = '/timelines/{uid}/entries/{postId}';

const batch = (...writes: Write[]): Op => ({ batch: writes });
const entryPath = (uid: string, postId: string) => `timelines/${uid}/entries/${postId}`;
const entry = (postId: string, author = 'bob') => ({
  postId,
  author,
  createdAt: clientTime(Date.UTC(2026, 0, 1)),
});
const newestFirst = (uid: string): Op => ({
  list: `timelines/${uid}/entries`,
  orderBy: ['createdAt', 'desc'],
});

export function timelineCases({ allow, deny, denyUnmatched, seed }: RulesSuite): void {
  describe('timelines: a member’s home feed, filled by the feed’s functions', () => {
    beforeAll(async () => {
      await seed(
        { set: 'timelines/alice', data: { pulled: ['carol'] } },
        { set: entryPath('alice', 'tl-1'), data: entry('tl-1') },
      );
    });

    test('only the member reads their timeline and its pulled authors', async () => {
      await allow('alice', `${TIMELINE} get`, { get: 'timelines/alice' });
      await deny('bob', `${TIMELINE} get`, { get: 'timelines/alice' }, { breaks: 'me() == uid' });
      await deny(
        'signedOut',
        `${TIMELINE} get`,
        { get: 'timelines/alice' },
        { breaks: 'signedIn()' },
      );
      await allow('alice', `${ENTRY} get`, { get: entryPath('alice', 'tl-1') });
      await allow('alice', `${ENTRY} list`, newestFirst('alice'));
      await deny(
        'bob',
        `${ENTRY} get`,
        { get: entryPath('alice', 'tl-1') },
        {
          breaks: 'me() == uid',
        },
      );
      await deny('bob', `${ENTRY} list`, newestFirst('alice'), { breaks: 'me() == uid' });
      await deny('signedOut', `${ENTRY} list`, newestFirst('alice'), { breaks: 'signedIn()' });
      await deny(
        'signedOut',
        `${ENTRY} get`,
        { get: entryPath('alice', 'tl-1') },
        { breaks: 'signedIn()' },
      );
      // Whose feed holds a post: no member may ask across everyone's timelines.
      await denyUnmatched('bob', {
        list: 'entries',
        group: true,
        where: [['postId', '==', 'tl-1']],
      });
      await denyUnmatched('alice', { list: 'timelines' });
    });

    test('no member writes a timeline, not even their own', async () => {
      // A forged entry would put any post in the feed; a forged list would pull any author.
      await denyUnmatched('alice', batch({ set: entryPath('alice', 'tl-2'), data: entry('tl-2') }));
      await denyUnmatched('bob', batch({ set: entryPath('alice', 'tl-2'), data: entry('tl-2') }));
      await denyUnmatched('alice', batch({ delete: entryPath('alice', 'tl-1') }));
      await denyUnmatched('alice', batch({ set: 'timelines/alice', data: { pulled: ['dave'] } }));
      await denyUnmatched('alice', batch({ set: 'timelines/bob', data: { pulled: [] } }));
    });
  });
}
