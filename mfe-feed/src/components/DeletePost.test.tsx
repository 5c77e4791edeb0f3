import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeBrowserConnection } from 'shared-firebase/testing/fakeBrowserConnection';
import * as data from '../data';
import { FEED_MESSAGES } from '../messages';
import { makePost } from '../testing/fixtures';
import { DeletePost } from './DeletePost';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);

const connection = fakeBrowserConnection();
const setOnline = (online: boolean) => act(() => connection.change(online));

async function confirmDelete() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(await screen.findByRole('button', { name: 'Delete post' }));
}

describe('DeletePost offline', () => {
  it('says a delete made offline waits for the connection, and not once back online', async () => {
    let finish!: () => void;
    fakes.deletePost.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    render(<DeletePost post={makePost()} onError={jest.fn()} />);
    setOnline(false);
    await confirmDelete();
    expect(screen.getByRole('status')).toHaveTextContent(FEED_MESSAGES.deleteWaitingForConnection);
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    setOnline(true);
    expect(screen.queryByText(FEED_MESSAGES.deleteWaitingForConnection)).toBeNull();
    await act(async () => finish());
  });

  it('shows no note for a delete made online', async () => {
    fakes.deletePost.mockReturnValue(new Promise<void>(() => undefined));
    render(<DeletePost post={makePost()} onError={jest.fn()} />);
    await confirmDelete();
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(screen.queryByText(FEED_MESSAGES.deleteWaitingForConnection)).toBeNull();
  });
});
