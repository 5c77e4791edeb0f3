import { act, render, screen } from '@testing-library/react';
import { fakeBrowserConnection } from 'shared-firebase/testing/fakeBrowserConnection';
import { PROFILE_MESSAGES } from '../messages';
import { SubmitButton, WAITING_NOTE_DELAY_MS } from './SubmitButton';

const WAITING_NOTE = PROFILE_MESSAGES.profileChangeWaiting;

describe('SubmitButton', () => {
  const connection = fakeBrowserConnection();
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says a change that takes long is waiting, and drops the note once it is sent', () => {
    const { rerender } = render(<SubmitButton sending />);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(screen.queryByText(WAITING_NOTE)).toBeNull();
    act(() => {
      jest.advanceTimersByTime(WAITING_NOTE_DELAY_MS);
    });
    expect(screen.getByRole('status')).toHaveTextContent(WAITING_NOTE);
    rerender(<SubmitButton sending={false} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByText(WAITING_NOTE)).toBeNull();
  });

  it('says at once that a change made offline is waiting for the connection', () => {
    connection.set(false);
    render(<SubmitButton sending />);
    expect(screen.getByRole('status')).toHaveTextContent(WAITING_NOTE);
    act(() => connection.change(true));
    // Back online but not yet confirmed: quiet until the usual delay has passed.
    expect(screen.queryByText(WAITING_NOTE)).toBeNull();
  });
});
