import { act, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import * as sharedFirebase from 'shared-firebase';
import { ACCOUNT_DELETION_STEPS, MESSAGES } from 'shared-firebase';
import type { AccountDeletionMark, LiveDocument } from 'shared-firebase';
import * as data from '../data';
import { PROFILE_MESSAGES } from '../messages';
import { DeleteAccountSection } from './DeleteAccountSection';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

beforeEach(() => {
  platform.useSignedInUid.mockReturnValue('me');
  fakes.useAccountDeletionMark.mockReturnValue({ status: 'missing' });
});

afterEach(() => jest.clearAllMocks());

async function openForm() {
  const user = userEvent.setup({ delay: null });
  const view = render(<DeleteAccountSection />);
  await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
  return { user, view };
}

/** Types the password into the open form and presses its final delete button. */
async function deleteWithPassword(user: UserEvent, password: string) {
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
}

const requestWith = (fields: Partial<AccountDeletionMark>): LiveDocument<AccountDeletionMark> => ({
  status: 'ready',
  data: { startedAt: null, ...fields },
});

test('nothing is requested until the member opens the form and types their password', async () => {
  const { user } = await openForm();
  await user.click(screen.getByRole('button', { name: 'Delete my account permanently' }));

  expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillAllFields);
  expect(fakes.requestAccountDeletion).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
});

test('a wrong password says so and keeps the form and the password field', async () => {
  fakes.requestAccountDeletion.mockRejectedValue({ code: 'auth/invalid-credential' });
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const { user } = await openForm();
  await deleteWithPassword(user, 'wrong');

  expect(fakes.requestAccountDeletion).toHaveBeenCalledWith('me', 'wrong');
  expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.incorrectPassword);
  expect(screen.getByLabelText('Password')).toBeEnabled();
});

test('any other failure to make the request says to try again', async () => {
  fakes.requestAccountDeletion.mockRejectedValue(new Error('offline'));
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const { user } = await openForm();
  await deleteWithPassword(user, 'secret');

  expect(screen.getByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.deletionRequestFailed);
});

test('the server job’s progress shows live from the request, with no form to send again', async () => {
  const { user, view } = await openForm();
  await deleteWithPassword(user, 'secret');
  fakes.useAccountDeletionMark.mockReturnValue(
    requestWith({ status: 'running', stepsDone: ['pictures', 'following', 'followers'] }),
  );
  view.rerender(<DeleteAccountSection />);

  expect(screen.getByRole('status')).toHaveTextContent(PROFILE_MESSAGES.deletionRunning);
  const total = ACCOUNT_DELETION_STEPS.length;
  const bar = screen.getByRole('progressbar', {
    name: `${ACCOUNT_DELETION_STEPS[3].label} (step 4 of ${total})`,
  });
  expect(bar).toHaveAttribute('value', String(Math.round((3 / total) * 100)));
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  expect(fakes.leaveDeletedAccount).not.toHaveBeenCalled();
});

test('the page says it may be closed only once the server has the request', async () => {
  let acknowledge!: () => void;
  fakes.requestAccountDeletion.mockImplementation(
    () => new Promise<void>((resolve) => (acknowledge = resolve)),
  );
  const { user, view } = await openForm();
  await deleteWithPassword(user, 'secret');
  // The cache's copy of the request arrives before the server's answer.
  fakes.useAccountDeletionMark.mockReturnValue(requestWith({}));
  view.rerender(<DeleteAccountSection />);
  expect(screen.queryByText(PROFILE_MESSAGES.deletionRunning)).not.toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toBeDisabled();

  await act(async () => acknowledge());
  expect(screen.getByRole('status')).toHaveTextContent(PROFILE_MESSAGES.deletionRunning);
});

test('a request made earlier (the page was closed) shows its progress at the next visit', () => {
  fakes.useAccountDeletionMark.mockReturnValue(requestWith({}));
  render(<DeleteAccountSection />);

  expect(screen.getByRole('status')).toHaveTextContent(PROFILE_MESSAGES.deletionRunning);
  expect(screen.getByRole('progressbar')).toHaveAccessibleName(
    `${ACCOUNT_DELETION_STEPS[0].label} (step 1 of ${ACCOUNT_DELETION_STEPS.length})`,
  );
});

test('a finished job says so and signs the member out', async () => {
  fakes.useAccountDeletionMark.mockReturnValue(requestWith({ status: 'done' }));
  await act(async () => {
    render(<DeleteAccountSection />);
  });

  expect(screen.getByRole('status')).toHaveTextContent(PROFILE_MESSAGES.deletionFinished);
  expect(fakes.leaveDeletedAccount).toHaveBeenCalledTimes(1);
});

test('a request seen, then gone (the job deletes it last), is a finished job too', async () => {
  fakes.useAccountDeletionMark.mockReturnValue(requestWith({ status: 'running' }));
  const view = render(<DeleteAccountSection />);
  expect(fakes.leaveDeletedAccount).not.toHaveBeenCalled();

  fakes.useAccountDeletionMark.mockReturnValue({ status: 'missing' });
  await act(async () => {
    view.rerender(<DeleteAccountSection />);
  });
  expect(fakes.leaveDeletedAccount).toHaveBeenCalledTimes(1);
});
