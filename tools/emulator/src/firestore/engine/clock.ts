import { formatTimestamp, nowMicros, parseTimestamp, type Micros } from '../../values/timestamps';

/**
 * Hands out commit and read times in microseconds. Commit times are strictly increasing; read
 * times never fall below a commit time already handed out, and a commit after a read gets a later
 * time than that read (a listener must never see a snapshot older than one it already has).
 */
export class VersionClock {
  private last: Micros;

  constructor(lastTime: string) {
    this.last = lastTime === '' ? 0n : parseTimestamp(lastTime);
  }

  nextCommitTime(): string {
    const now = nowMicros();
    this.last = now > this.last ? now : this.last + 1n;
    return formatTimestamp(this.last);
  }

  readTime(): string {
    const now = nowMicros();
    if (now > this.last) this.last = now;
    return formatTimestamp(this.last);
  }

  lastIssued(): string {
    return this.last === 0n ? '' : formatTimestamp(this.last);
  }
}
