import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase/firestore';
import type { ModerationCase, Report, WithId } from 'shared-firebase';
import * as sharedFirebase from 'shared-firebase';
import { liveMember } from 'shared-firebase/testing/members';
import { routerAt } from 'shared-ui/src/testing/routerAt';
import * as data from '../data';
import { ModerationPage } from './ModerationPage';
import { MyReportsPage } from './MyReportsPage';

// The data layer is faked at its boundary; its plain constants stay real.
jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);
const MODERATOR = 'mod-uid';

function moderationCase(fields: Partial<ModerationCase> & { id: string }): WithId<ModerationCase> {
  return {
    targetKey: fields.id,
    kind: 'post',
    targetId: 'p1',
    replyId: null,
    postId: null,
    authorUid: 'ben',
    text: 'Buy followers now',
    image: null,
    count: 2,
    reasons: { spam: 2 },
    latestAt: Timestamp.fromMillis(Date.now() - 60_000),
    status: 'open',
    ...fields,
  };
}

beforeEach(() => {
  platform.useSignedInUid.mockReturnValue(MODERATOR);
  platform.useMember.mockImplementation((uid) => liveMember(uid === 'ben' ? 'Ben' : 'Mo'));
  fakes.useCaseLog.mockReturnValue({ status: 'ready', items: [] });
  fakes.actOnCase.mockReset().mockResolvedValue(undefined);
  fakes.useCases.mockImplementation((view) => ({
    status: 'ready',
    items:
      view === 'open'
        ? [
            moderationCase({ id: 'post_p1' }),
            moderationCase({
              id: 'member_ben',
              kind: 'member',
              targetId: 'ben',
              text: 'Ben',
              count: 1,
              reasons: { impersonation: 1 },
            }),
          ]
        : [moderationCase({ id: 'member_cy', kind: 'member', status: 'suspended' })],
  }));
});

const renderQueue = () => render(routerAt('/moderation', { '/moderation': <ModerationPage /> }));

it('lists the open cases with what was reported, by how many and why, and its author', () => {
  renderQueue();
  const postCase = screen.getByRole('article', { name: 'Post case' });
  expect(postCase).toHaveTextContent('2 reports: Spam ×2');
  expect(postCase).toHaveTextContent('Buy followers now');
  expect(within(postCase).getByRole('link', { name: 'Ben' })).toHaveAttribute(
    'href',
    '/profile/ben',
  );
  expect(within(postCase).getByRole('link', { name: 'Open the post' })).toHaveAttribute(
    'href',
    '/post/p1',
  );
  expect(fakes.useCases).toHaveBeenCalledWith('open');
});

it('offers removal for content only, and suspension for an author', () => {
  renderQueue();
  const postCase = screen.getByRole('article', { name: 'Post case' });
  const memberCase = screen.getByRole('article', { name: 'Member case' });
  for (const name of ['Dismiss', 'Remove for everyone', 'Suspend the author']) {
    expect(within(postCase).getByRole('button', { name })).toBeInTheDocument();
  }
  expect(within(memberCase).queryByRole('button', { name: 'Remove for everyone' })).toBeNull();
  expect(
    within(memberCase).getByRole('button', { name: 'Suspend the author' }),
  ).toBeInTheDocument();
});

it('asks why before acting, then sends the action with the reason', async () => {
  const user = userEvent.setup();
  renderQueue();
  const postCase = screen.getByRole('article', { name: 'Post case' });
  await user.click(within(postCase).getByRole('button', { name: 'Remove for everyone' }));
  expect(within(postCase).getByRole('alert')).toHaveTextContent('Say why');
  expect(fakes.actOnCase).not.toHaveBeenCalled();
  await user.type(within(postCase).getByRole('textbox', { name: /Reason/ }), 'Spam link');
  await user.click(within(postCase).getByRole('button', { name: 'Remove for everyone' }));
  expect(fakes.actOnCase).toHaveBeenCalledWith('post_p1', MODERATOR, 'remove', 'Spam link');
  expect(await within(postCase).findByRole('status')).toHaveTextContent('Sent');
});

it('says when an action could not be sent', async () => {
  fakes.actOnCase.mockRejectedValueOnce(new Error('offline'));
  const user = userEvent.setup();
  renderQueue();
  const memberCase = screen.getByRole('article', { name: 'Member case' });
  await user.type(within(memberCase).getByRole('textbox', { name: /Reason/ }), 'Not them');
  await user.click(within(memberCase).getByRole('button', { name: 'Dismiss' }));
  expect(await within(memberCase).findByRole('alert')).toHaveTextContent('could not be sent');
});

it('shows the closed cases, where a suspension can be lifted', async () => {
  const user = userEvent.setup();
  renderQueue();
  await user.click(screen.getByRole('button', { name: 'Closed cases' }));
  expect(screen.getByRole('button', { name: 'Closed cases' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(fakes.useCases).toHaveBeenLastCalledWith('closed');
  const closed = screen.getByRole('article', { name: 'Member case' });
  expect(within(closed).getByRole('button', { name: 'Lift the suspension' })).toBeInTheDocument();
  expect(within(closed).queryByRole('button', { name: 'Dismiss' })).toBeNull();
});

it('says when there is nothing to review, and offers Retry when the cases cannot be read', async () => {
  fakes.useCases.mockReturnValue({ status: 'ready', items: [] });
  const { unmount } = renderQueue();
  expect(screen.getByText(/No open cases/)).toBeInTheDocument();
  unmount();
  fakes.useCases.mockReturnValue({ status: 'error', error: new Error('denied') as never });
  renderQueue();
  expect(screen.getByRole('alert')).toHaveTextContent('The cases could not be loaded.');
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

it('shows a member their reports with what a moderator decided', () => {
  const report = (id: string, fields: Partial<Report>): WithId<Report> => ({
    id,
    reporterUid: MODERATOR,
    kind: 'post',
    targetId: 'p1',
    replyId: null,
    postId: null,
    targetKey: 'post_p1',
    reason: 'spam',
    note: null,
    createdAt: Timestamp.fromMillis(Date.now() - 60_000),
    ...fields,
  });
  fakes.useMyReports.mockReturnValue({
    status: 'ready',
    items: [
      report('a', { outcome: 'removed' }),
      report('b', { kind: 'member', reason: 'impersonation' }),
    ],
  });
  render(routerAt('/my-reports', { '/my-reports': <MyReportsPage /> }));
  const entries = within(screen.getByRole('list', { name: 'Your reports' })).getAllByRole(
    'listitem',
  );
  expect(entries[0]).toHaveTextContent('Post reported for Spam');
  expect(entries[0]).toHaveTextContent('Removed by a moderator');
  expect(entries[1]).toHaveTextContent('Member reported for Pretending to be someone else');
  expect(entries[1]).toHaveTextContent('Waiting for a moderator');
});
