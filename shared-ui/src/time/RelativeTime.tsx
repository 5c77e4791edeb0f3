import { useCallback, useId, useSyncExternalStore } from 'react';
import { clockNow, subscribeToClock } from './clock';
import { formatFullTime, formatRelativeTime } from './relativeTime';

export interface RelativeTimeProps {
  /** When the thing happened. */
  time: Date;
  /**
   * Whether the time itself takes keyboard focus (to show its full date). False when it sits
   * inside a link, which is focusable already.
   */
  focusable?: boolean;
}

/**
 * A `<time datetime>` showing a relative time, kept current by the page's one clock. It reads the
 * clock through a selector, so a tick re-renders only the times whose text changes.
 */
export function RelativeTime({ time, focusable = true }: RelativeTimeProps) {
  const millis = time.getTime();
  const label = useSyncExternalStore(
    subscribeToClock,
    useCallback(() => formatRelativeTime(new Date(millis), clockNow()), [millis]),
  );
  const full = formatFullTime(time);
  const fullId = useId();
  return (
    <span className="ui-time">
      <time
        dateTime={time.toISOString()}
        title={full}
        aria-describedby={fullId}
        tabIndex={focusable ? 0 : undefined}
      >
        {label}
      </time>
      <span id={fullId} role="tooltip" className="ui-time__full">
        {full}
      </span>
    </span>
  );
}
