import { act, render, screen } from '@testing-library/react';
import { SubmitButton, WAITING_NOTE, WAITING_NOTE_DELAY_MS } from './SubmitButton';

describe('SubmitButton', () => {
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
});
