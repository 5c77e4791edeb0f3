const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A short relative time as a social feed shows it: "now", "5 min", "3 h", "2 d" within a week,
 * then the date ("12 Mar"), with the year once it is not the current year ("12 Mar 2024").
 * Times slightly in the future (clock skew, a pending server time) read "now".
 */
export function formatRelativeTime(time: Date, now: number): string {
  const elapsed = now - time.getTime();
  if (elapsed < MINUTE) return 'now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)} d`;
  const date = `${time.getDate()} ${MONTHS[time.getMonth()]}`;
  return time.getFullYear() === new Date(now).getFullYear()
    ? date
    : `${date} ${time.getFullYear()}`;
}

/** The full local date and time, shown on hover and focus ("Monday 3 March 2025, 14:05"). */
export function formatFullTime(time: Date): string {
  return time.toLocaleString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
