import { act, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import * as sharedFirebase from 'shared-firebase';
import { MESSAGES } from 'shared-firebase';
import * as data from '../data';
import type { DeletionProgress } from '../data';
import { PROFILE_MESSAGES } from '../messages';
import { DeleteAccountSection } from './DeleteAccountSection';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

/** A deletion the test drives: report progress, then finish or fail. */
function controlledDeletion() {
  let report!: (progress: DeletionProgress) => void;
  let finish!: () => void;
  let fail!: (error: unknown) => void;
  fakes.deleteAccount.mockImplementation(
    (_uid, _password, onProgress) =>
      new Promise<void>((resolve, reject) => {
        report = onProgress!;
        finish = resolve;
        fail = reject;
      }),
  );
  return {
    report: (progress: DeletionProgress) => act(() => report(progress)),
    finish: () => act(async () => finish()),
    fail: (error: unknown) => act(async () => fail(error)),
  };
}

beforeEach(() => {
  platform.useSignedInUid.mockReturnValue('me');
  fakes.useAccountDeletionMark.mockReturnValue({ status: 'missing' });
});

afterEach(() => jest.clearAllMocks());

async function openForm() {
  const user = userEvent.setup({ delay: null });
  render(<DeleteAccountSection />);
  await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
  return user;
}

/** Types the password into the open form and presses its final delete button. */
async function deleteWithPassword(user: UserEvent, password: string) {
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
}

test('nothing is deleted until the member opens the form and types their password', async () => {
  const user = await openForm();
  await user.click(screen.getByRole('button', { name: 'Delete my account permanently' }));

  expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillAllFields);
  expect(fakes.deleteAccount).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
});

test('shows each step’s progress while the deletion runs, with the form disabled', async () => {
  const deletion = controlledDeletion();
  const user = await openForm();
  await deleteWithPassword(user, 'secret');

  expect(fakes.deleteAccount).toHaveBeenCalledWith('me', 'secret', expect.any(Function));
  deletion.report({ stepId: 'posts', label: 'Deleting your posts', index: 6, total: 12 });
  expect(screen.getByText('Deleting your posts: 50%')).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Delete my account permanently' })).toBeDisabled();
  await deletion.finish();
});

test('a wrong password says so and keeps the form', async () => {
  const deletion = controlledDeletion();
  const user = await openForm();
  await deleteWithPassword(user, 'wrong');
  jest.spyOn(console, 'error').mockImplementation(() => {});
  await deletion.fail({ code: 'auth/invalid-credential' });

  expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.incorrectPassword);
  expect(screen.getByLabelText('Password')).toBeEnabled();
});

test('a deletion that stopped part-way says how to continue', async () => {
  const deletion = controlledDeletion();
  const user = await openForm();
  await deleteWithPassword(user, 'secret');
  jest.spyOn(console, 'error').mockImplementation(() => {});
  await deletion.fail(new Error('offline'));

  expect(screen.getByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.deletionStopped);
});

test('an interrupted deletion (its mark is there) is offered to finish at once', async () => {
  fakes.useAccountDeletionMark.mockReturnValue({ status: 'ready', data: { startedAt: null } });
  const user = userEvent.setup({ delay: null });
  render(<DeleteAccountSection />);

  expect(screen.getByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.deletionInterrupted);
  controlledDeletion();
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Finish deleting my account' }));
  expect(fakes.deleteAccount).toHaveBeenCalledWith('me', 'secret', expect.any(Function));
});
