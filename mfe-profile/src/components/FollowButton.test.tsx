import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeBrowserConnection } from 'shared-firebase/testing/fakeBrowserConnection';
import { deferred } from 'shared-ui/src/testing/deferred';
import * as data from '../data';
import { PROFILE_MESSAGES } from '../messages';
import { FollowButton } from './FollowButton';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);

afterEach(() => {
  jest.clearAllMocks();
  jest.restoreAllMocks();
});

describe('FollowButton', () => {
  it.each([
    {
      title: 'shows Follow when not following and follows on click',
      following: false,
      label: 'Follow',
    },
    {
      title: 'shows Followed when following and unfollows on click',
      following: true,
      label: 'Followed',
    },
  ])('$title', async ({ following, label }) => {
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following });
    fakes.setFollowing.mockResolvedValue(undefined);
    render(<FollowButton me="me" target="ann" targetName="Ann" />);
    const button = screen.getByRole('button', { name: label });
    expect(button).toHaveAttribute('aria-pressed', String(following));
    await userEvent.click(button);
    expect(fakes.setFollowing).toHaveBeenCalledWith('me', 'ann', !following);
  });

  it('follows the live state', () => {
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: false });
    const { rerender } = render(<FollowButton me="me" target="ann" targetName="Ann" />);
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: true });
    rerender(<FollowButton me="me" target="ann" targetName="Ann" />);
    expect(screen.getByRole('button', { name: 'Followed' })).toBeInTheDocument();
  });

  it('is disabled until the state is known', () => {
    fakes.useFollowStatus.mockReturnValue({ status: 'loading' });
    render(<FollowButton me="me" target="ann" targetName="Ann" />);
    expect(screen.getByRole('button', { name: 'Follow' })).toBeDisabled();
  });

  it('a double click does one thing, and the button waits for the change', async () => {
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: false });
    const change = deferred();
    fakes.setFollowing.mockReturnValue(change.promise);
    render(<FollowButton me="me" target="ann" targetName="Ann" />);
    const button = screen.getByRole('button', { name: 'Follow' });
    // Two clicks in the same tick, before React re-renders the disabled button.
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(fakes.setFollowing).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(fakes.setFollowing).toHaveBeenCalledTimes(1);
    await act(async () => change.resolve());
    expect(button).toBeEnabled();
    // The label turned at once: a double click's second click, landing after the commit, is
    // ignored rather than undoing the first.
    fireEvent.click(button, { detail: 2 });
    expect(fakes.setFollowing).toHaveBeenCalledTimes(1);
  });

  it('reports a change that did not finish and retries the same direction', async () => {
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: true });
    fakes.setFollowing.mockRejectedValueOnce(new Error('unavailable'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<FollowButton me="me" target="ann" targetName="Ann" />);
    await userEvent.click(screen.getByRole('button', { name: 'Followed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unfollowing Ann did not finish.');

    fakes.setFollowing.mockResolvedValueOnce(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fakes.setFollowing).toHaveBeenNthCalledWith(2, 'me', 'ann', false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Retry when the follow state cannot be read, and reads it again', async () => {
    fakes.useFollowStatus.mockReturnValue({ status: 'error', error: new Error('unavailable') });
    render(<FollowButton me="me" target="ann" targetName="Ann" />);
    expect(screen.getByRole('alert')).toHaveTextContent('The follow state could not be loaded.');
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: true });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('button', { name: 'Followed' })).toBeInTheDocument();
  });
});

describe('FollowButton offline', () => {
  const connection = fakeBrowserConnection(false);

  it('says a follow made offline waits for the connection, and drops the note once done', async () => {
    fakes.useFollowStatus.mockReturnValue({ status: 'ready', following: false });
    const run = deferred();
    fakes.setFollowing.mockReturnValue(run.promise);
    render(<FollowButton me="me" target="ann" targetName="Ann" />);
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      PROFILE_MESSAGES.followWaitingForConnection,
    );
    act(() => connection.change(true));
    expect(screen.queryByText(PROFILE_MESSAGES.followWaitingForConnection)).toBeNull();
    await act(async () => run.resolve());
    expect(screen.getByRole('button', { name: 'Follow' })).toBeEnabled();
  });
});
