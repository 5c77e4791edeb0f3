import { useId } from 'react';
import { formatFullTime, RelativeTime } from 'shared-ui';
import type { StoredTime } from '../TimeLink';

export interface EditedMarkProps {
  editedAt: StoredTime;
  historyOpen: boolean;
  historyId: string;
  onToggle: () => void;
}

/**
 * "Edited" and when, on a post whose caption or description was changed: a button that shows and
 * hides its earlier versions. Its description gives the full time to assistive technology; the
 * title gives it on hover.
 */
export function EditedMark({ editedAt, historyOpen, historyId, onToggle }: EditedMarkProps) {
  const fullId = useId();
  const time = editedAt.toDate();
  const full = `Edited ${formatFullTime(time)}. Shows the earlier versions.`;
  return (
    <button
      type="button"
      className="feed-edited"
      title={full}
      aria-expanded={historyOpen}
      aria-controls={historyId}
      aria-describedby={fullId}
      onClick={onToggle}
    >
      Edited <RelativeTime time={time} focusable={false} />
      <span id={fullId} hidden>
        {full}
      </span>
    </button>
  );
}
