/**
 * The report and moderation statements of firestore.rules (docs/DATA_MODEL.md "Reports and
 * moderation"), registered into the product suite so its coverage check sees them. alice reports
 * bob's post, comment, reply and bob himself; bob forges reports and moderator actions; `mod`
 * (ID token claim `moderator: true`) reads the cases and acts. The documents are seeded by the
 * admin under ids of their own (`mr-…`), so the cases may run anywhere in the suite.
 */
import { clientTime, serverTime, union, type Data, type Op, type Write } from './sdk-ops';
import type { RulesSuite } from './sdk-suite';

const REPORTS = '/reports/{reportId}';
const CASES = '/moderationCases/{targetKey}';
const ACTIONS = '/moderationCases/{targetKey}/actions/{actionId}';

const batch = (...writes: Write[]): Op => ({ batch: writes });

/** What the report dialog sends for `target`, as `reporter`, with `fields` over it. */
const report = (
  reporter: string,
  target: { kind: string; targetId: string; replyId?: string; postId?: string },
  fields: Data = {},
  id?: string,
): Op => {
  const targetKey =
    target.kind === 'reply'
      ? `reply_${target.targetId}_${target.replyId}`
      : `${target.kind}_${target.targetId}`;
  return batch({
    set: `reports/${id ?? `${targetKey}_${reporter}`}`,
    data: {
      reporterUid: reporter,
      kind: target.kind,
      targetId: target.targetId,
      replyId: target.replyId ?? null,
      postId: target.postId ?? null,
      targetKey,
      reason: 'spam',
      note: null,
      createdAt: serverTime(),
      ...fields,
    },
  });
};
const POST = { kind: 'post', targetId: 'mr-post' };
const COMMENT = { kind: 'comment', targetId: 'mr-comment', postId: 'mr-post' };
const REPLY = { kind: 'reply', targetId: 'mr-comment', replyId: 'r1', postId: 'mr-post' };
const MEMBER = { kind: 'member', targetId: 'mr-bob' };

const action = (who: string, fields: Data = {}, caseId = 'post_mr-post', id = 'a1'): Op =>
  batch({
    set: `moderationCases/${caseId}/actions/${id}`,
    data: { kind: 'remove', by: who, reason: 'Spam link', at: serverTime(), ...fields },
  });

export function moderationCases({ allow, deny, denyUnmatched, seed }: RulesSuite): void {
  describe('reports and moderation', () => {
    beforeAll(async () => {
      await seed(
        { set: 'usersData/mr-bob', data: { posts: ['mr-post'] } },
        {
          set: 'posts/mr-post',
          data: {
            postImage: null,
            postCaption: 'Buy followers now',
            uid: 'mr-bob',
            postId: 'mr-post',
            followers: ['mr-bob'],
            likes: [],
            createdAt: clientTime(Date.UTC(2026, 0, 1)),
          },
        },
        {
          set: 'comments/mr-comment',
          data: {
            comment: 'Spam',
            replies: [],
            postId: 'mr-post',
            userId: 'mr-bob',
            createdAt: clientTime(Date.UTC(2026, 0, 1)),
          },
        },
        {
          set: 'moderationCases/post_mr-post',
          data: { targetKey: 'post_mr-post', kind: 'post', count: 1, status: 'open' },
        },
      );
    });

    test('a member reports a post, a comment, a reply or a member, once, with a known reason', async () => {
      const t = `${REPORTS} create`;
      const via = (kind: string) => ({ via: `data.kind ${kind}` });
      await allow('alice', t, report('alice', POST), via("== 'post'"));
      await allow(
        'alice',
        t,
        report('alice', COMMENT, { reason: 'harassment', note: 'Again' }),
        via("in ['comment'"),
      );
      await allow('carol', t, report('carol', REPLY, { reason: 'other' }), via("in ['comment'"));
      await allow(
        'alice',
        t,
        report('alice', MEMBER, { reason: 'impersonation' }),
        via("== 'member'"),
      );
      // A second report of the same thing by the same member is an update: no statement allows it.
      await denyUnmatched('alice', report('alice', POST));
      await deny('signedOut', t, report('dave', MEMBER), { breaks: 'signedIn()' });
      // Reporting in another member's name.
      await deny('bob', t, report('alice', POST, {}, 'post_mr-post_bob'), {
        breaks: 'reporterUid == me()',
      });
      await deny('bob', t, report('bob', POST, { reason: 'boring' }), { breaks: 'reason in' });
      await deny('bob', t, report('bob', POST, { note: 'x'.repeat(501) }), {
        breaks: 'note, 500',
      });
      await deny('bob', t, report('bob', POST, { kind: 'story' }), { breaks: "kind in ['post'" });
      await deny('bob', t, report('bob', POST, { severity: 9 }), { breaks: 'hasOnly' });
      await deny('bob', t, batch({ set: 'reports/post_mr-post_bob', data: { reason: 'spam' } }), {
        breaks: 'hasAll',
      });
      await deny('bob', t, report('bob', { kind: 'post', targetId: 'x'.repeat(129) }), {
        breaks: 'targetId.size() <= 128',
      });
      await deny('bob', t, report('bob', POST, { targetId: 7 }), { breaks: 'targetId is string' });
      await deny('bob', t, report('bob', { ...REPLY, replyId: 'x'.repeat(41) }), {
        breaks: 'replyId, 40',
      });
      await deny('bob', t, report('bob', POST, { replyId: 'r1' }), {
        breaks: 'data.targetId != me()',
      });
      // A report filed under another thing's key, or another member's id: it would count twice.
      await deny('bob', t, report('bob', POST, { targetKey: 'post_other' }), {
        breaks: 'reportKeyOf',
      });
      await deny('bob', t, report('bob', POST, {}, 'post_mr-post_bob2'), {
        breaks: "reportId == incoming().targetKey + '_' + me()",
      });
      await deny('bob', t, report('bob', POST, { createdAt: clientTime(0) }), {
        breaks: 'createdNow',
      });
      // Things that do not exist, a comment on another post, and oneself.
      await deny('bob', t, report('bob', { kind: 'post', targetId: 'mr-none' }), {
        breaks: 'data.targetId != me()',
      });
      await deny('bob', t, report('bob', { ...COMMENT, postId: 'other' }), {
        breaks: 'data.targetId != me()',
      });
      await deny('carol', t, report('carol', { kind: 'member', targetId: 'carol' }), {
        breaks: 'data.targetId != me()',
      });
    });

    test('a member reads their own reports; moderators read every report', async () => {
      const t = `${REPORTS} get`;
      const own = { via: 'existing().reporterUid' };
      await allow('alice', t, { get: 'reports/post_mr-post_alice' }, own);
      await allow('mod', t, { get: 'reports/post_mr-post_alice' }, { via: 'moderator()' });
      await deny('bob', t, { get: 'reports/post_mr-post_alice' }, { breaks: 'reporterUid' });
      await deny('signedOut', t, { get: 'reports/post_mr-post_alice' }, { breaks: 'signedIn()' });
      await allow(
        'alice',
        `${REPORTS} list`,
        {
          list: 'reports',
          where: [['reporterUid', '==', 'alice']],
        },
        own,
      );
      await allow('mod', `${REPORTS} list`, { list: 'reports' }, { via: 'moderator()' });
      // Who reported a thing is the moderators' to know.
      await deny('signedOut', `${REPORTS} list`, { list: 'reports' }, { breaks: 'signedIn()' });
      await deny(
        'bob',
        `${REPORTS} list`,
        { list: 'reports', where: [['targetKey', '==', 'post_mr-post']] },
        { breaks: 'reporterUid' },
      );
      // Nobody changes or withdraws a report: the function writes its outcome.
      await denyUnmatched(
        'alice',
        batch({ update: 'reports/post_mr-post_alice', data: { outcome: 'removed' } }),
      );
      await denyUnmatched('alice', batch({ delete: 'reports/post_mr-post_alice' }));
    });

    test('cases and their logs are the moderators’: members neither read nor forge them', async () => {
      await allow('mod', `${CASES} get`, { get: 'moderationCases/post_mr-post' });
      await allow('mod', `${CASES} list`, { list: 'moderationCases' });
      await deny('alice', `${CASES} get`, { get: 'moderationCases/post_mr-post' });
      await deny('signedOut', `${CASES} get`, { get: 'moderationCases/post_mr-post' });
      await deny('signedOut', `${CASES} list`, { list: 'moderationCases' });
      await denyUnmatched(
        'alice',
        batch({ set: 'moderationCases/post_mr-post', data: { status: 'dismissed' } }),
      );
      await denyUnmatched(
        'mod',
        batch({ update: 'moderationCases/post_mr-post', data: { status: 'dismissed' } }),
      );
      await allow('mod', `${ACTIONS} get`, { get: 'moderationCases/post_mr-post/actions/none' });
      await deny('alice', `${ACTIONS} get`, { get: 'moderationCases/post_mr-post/actions/none' });
      await deny('alice', `${ACTIONS} list`, { list: 'moderationCases/post_mr-post/actions' });
      await allow('mod', `${ACTIONS} list`, { list: 'moderationCases/post_mr-post/actions' });
      await deny('signedOut', `${ACTIONS} get`, {
        get: 'moderationCases/post_mr-post/actions/none',
      });
      await deny('signedOut', `${ACTIONS} list`, { list: 'moderationCases/post_mr-post/actions' });
    });

    test('the marks of a suspended member’s content are the function’s: no member writes them', async () => {
      // Unhiding a suspended member's post or thread along with a like or a reply.
      await deny(
        'alice',
        '/posts/{postId} update',
        batch({ update: 'posts/mr-post', data: { likes: union('alice'), authorSuspended: null } }),
      );
      const reply = { reply: 'Hi', userId: 'alice' };
      for (const mark of [{ suspendedRepliers: ['mr-bob'] }, { authorSuspended: true }] as Data[]) {
        await deny(
          'alice',
          '/comments/{commentId} update',
          batch({ update: 'comments/mr-comment', data: { replies: union(reply), ...mark } }),
          { breaks: "changedOnly(['replies'])" },
        );
      }
      // Nobody reads or writes the function's progress.
      await denyUnmatched('alice', { get: 'suspensions/mr-bob' });
      await denyUnmatched('mod', batch({ set: 'suspensions/mr-bob', data: { step: 'done' } }));
    });

    test('only a moderator acts on a case, in their own name, with a reason', async () => {
      const t = `${ACTIONS} create`;
      // A member without the claim, in their own name or in a moderator's.
      await deny('alice', t, action('alice'), { breaks: 'moderator()' });
      await deny('alice', t, action('mod'), { breaks: 'moderator()' });
      await deny('signedOut', t, action('mod'), { breaks: 'moderator()' });
      await deny('mod', t, action('alice'), { breaks: 'by == me()' });
      await deny('mod', t, action('mod', { kind: 'ban' }), { breaks: "kind in ['dismiss'" });
      await deny('mod', t, action('mod', { reason: ' ' }), { breaks: 'nonBlank' });
      await deny('mod', t, action('mod', { result: 'done' }), { breaks: 'hasOnly' });
      await deny(
        'mod',
        t,
        batch({ set: 'moderationCases/post_mr-post/actions/a1', data: { kind: 'dismiss' } }),
        { breaks: 'hasAll' },
      );
      await deny('mod', t, action('mod', { at: clientTime(0) }), { breaks: 'request.time' });
      await deny('mod', t, action('mod', {}, 'post_none'), { breaks: 'exists' });
      await allow('mod', t, action('mod'));
      // The log is never rewritten.
      await denyUnmatched(
        'mod',
        batch({ update: 'moderationCases/post_mr-post/actions/a1', data: { reason: 'x' } }),
      );
      await denyUnmatched('mod', batch({ delete: 'moderationCases/post_mr-post/actions/a1' }));
    });
  });
}
