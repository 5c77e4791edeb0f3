import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as sharedFirebase from 'shared-firebase';
import { MESSAGES } from 'shared-firebase';
import { fakeBrowserConnection } from 'shared-firebase/testing/fakeBrowserConnection';
import { makePost } from '../testing/fixtures';
import { DeletePost } from './DeletePost';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());

const fakes = jest.mocked(sharedFirebase);

const connection = fakeBrowserConnection();
const setOnline = (online: boolean) => act(() => connection.change(online));

async function confirmDelete() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(screen.getByRole('button', { name: 'Delete post' }));
}

describe('DeletePost offline', () => {
  it('says a delete made offline waits for the connection, and not once back online', async () => {
    let finish!: () => void;
    fakes.deletePost.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    render(<DeletePost post={makePost()} onError={jest.fn()} />);
    setOnline(false);
    await confirmDelete();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.deleteWaitingForConnection);
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    setOnline(true);
    expect(screen.queryByText(MESSAGES.deleteWaitingForConnection)).toBeNull();
    await act(async () => finish());
  });

  it('shows no note for a delete made online', async () => {
    fakes.deletePost.mockReturnValue(new Promise<void>(() => undefined));
    render(<DeletePost post={makePost()} onError={jest.fn()} />);
    await confirmDelete();
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(screen.queryByText(MESSAGES.deleteWaitingForConnection)).toBeNull();
  });
});
