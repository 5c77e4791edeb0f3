import { act, render, screen } from '@testing-library/react';
import { StatusMessage, useStatusMessage } from './StatusMessage';
import { STATUS_MESSAGE_MS } from './constants';

function Harness({ text, tone }: { text: string; tone: 'success' | 'error' }) {
  const { status, show } = useStatusMessage();
  return (
    <>
      <button onClick={() => show(text, tone)}>show</button>
      <StatusMessage status={status} />
    </>
  );
}

describe('StatusMessage', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('announces a success politely and clears it after 3000 ms', () => {
    render(<Harness text="Saved" tone="success" />);
    act(() => screen.getByText('show').click());
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(STATUS_MESSAGE_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('announces an error assertively', () => {
    render(<Harness text="Broken" tone="error" />);
    act(() => screen.getByText('show').click());
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('restarts the timer when the same message is shown again', () => {
    render(<Harness text="Again" tone="success" />);
    act(() => screen.getByText('show').click());
    act(() => jest.advanceTimersByTime(2000));
    act(() => screen.getByText('show').click());
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('status')).toHaveTextContent('Again');
  });
});
