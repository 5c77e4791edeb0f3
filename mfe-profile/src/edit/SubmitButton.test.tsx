import { act, render, screen } from '@testing-library/react';
import { MESSAGES } from 'shared-firebase';
import { SubmitButton, WAITING_NOTE_DELAY_MS } from './SubmitButton';

const WAITING_NOTE = MESSAGES.profileChangeWaiting;

describe('SubmitButton', () => {
  let online: boolean;
  beforeEach(() => {
    jest.useFakeTimers();
    online = true;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

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
    online = false;
    render(<SubmitButton sending />);
    expect(screen.getByRole('status')).toHaveTextContent(WAITING_NOTE);
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // Back online but not yet confirmed: quiet until the usual delay has passed.
    expect(screen.queryByText(WAITING_NOTE)).toBeNull();
  });
});
