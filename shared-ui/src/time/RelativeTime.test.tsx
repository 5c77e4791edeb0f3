import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { CLOCK_TICK_MS, clockListenerCount } from './clock';
import { RelativeTime } from './RelativeTime';
import { formatRelativeTime } from './relativeTime';

const NOW = new Date(2026, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => new Date(NOW - ms);
const MIN = 60_000;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'now'],
    [59_000, 'now'],
    [-30_000, 'now'],
    [5 * MIN, '5 min'],
    [59 * MIN, '59 min'],
    [3 * 60 * MIN, '3 h'],
    [2 * 24 * 60 * MIN, '2 d'],
    [6 * 24 * 60 * MIN, '6 d'],
  ])('%i ms ago reads %s', (elapsed, text) => {
    expect(formatRelativeTime(ago(elapsed), NOW)).toBe(text);
  });

  it('shows the date after a week, and the year once it is another year', () => {
    expect(formatRelativeTime(new Date(2026, 2, 3, 9), NOW)).toBe('3 Mar');
    expect(formatRelativeTime(new Date(2024, 11, 31, 9), NOW)).toBe('31 Dec 2024');
  });
});

describe('RelativeTime', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('renders a <time datetime> with the full date on hover and focus', () => {
    const time = ago(5 * MIN);
    render(<RelativeTime time={time} />);
    const element = screen.getByText('5 min');
    expect(element.tagName).toBe('TIME');
    expect(element).toHaveAttribute('datetime', time.toISOString());
    expect(element).toHaveAttribute('tabindex', '0');
    expect(element.getAttribute('title')).toContain('2026');
    expect(element).toHaveAccessibleDescription(element.getAttribute('title')!);
  });

  it('is not focusable itself inside a link', () => {
    render(<RelativeTime time={ago(0)} focusable={false} />);
    expect(screen.getByText('now')).not.toHaveAttribute('tabindex');
  });

  it('keeps current on one shared clock, re-rendering only the times whose text changes', () => {
    const renders: Record<string, number> = { fresh: 0, old: 0 };
    const count = (id: string) => () => {
      renders[id] = (renders[id] ?? 0) + 1;
    };
    const { unmount } = render(
      <>
        <Profiler id="fresh" onRender={count('fresh')}>
          <RelativeTime time={ago(30_000)} />
        </Profiler>
        <Profiler id="old" onRender={count('old')}>
          <RelativeTime time={ago(3 * 24 * 60 * MIN)} />
        </Profiler>
      </>,
    );
    expect(clockListenerCount()).toBe(2);
    expect(jest.getTimerCount()).toBe(1);
    expect(screen.getByText('now')).toBeInTheDocument();
    const before = { ...renders };

    act(() => {
      jest.advanceTimersByTime(CLOCK_TICK_MS);
    });
    expect(screen.getByText('1 min')).toBeInTheDocument();
    expect(renders.fresh).toBe(before.fresh! + 1);
    expect(renders.old).toBe(before.old);

    unmount();
    expect(clockListenerCount()).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});
