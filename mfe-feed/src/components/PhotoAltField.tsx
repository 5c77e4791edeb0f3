import { useId } from 'react';
import { TextAreaField } from 'shared-ui';
import { PHOTO_ALT_MAX_LENGTH, storedPhotoAlt } from '../data';

export interface PhotoAltFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The field's label; PHOTO_ALT_LABEL unless the form holds several photos. */
  label?: string;
}

export const PHOTO_ALT_LABEL = 'Photo description (alt text)';
/** Shown while the photo has no description: a nudge, never a reason to refuse the post. */
export const PHOTO_ALT_REMINDER =
  'No description yet. Add one so people who can’t see the photo know what it shows, or post without it.';
export const PHOTO_ALT_HINT = 'Screen readers read this in place of the photo.';

/**
 * The chosen photo's description: at most PHOTO_ALT_MAX_LENGTH characters (the field stops there),
 * counted beside it, with a gentle reminder while it is empty. The reminder and the count describe
 * the field, so a screen reader says them when it is reached.
 */
export function PhotoAltField({
  value,
  onChange,
  disabled,
  label = PHOTO_ALT_LABEL,
}: PhotoAltFieldProps) {
  const noteId = useId();
  const countId = useId();
  const missing = storedPhotoAlt(value) === null;
  return (
    <div className="feed-composer__alt">
      <TextAreaField
        label={label}
        value={value}
        maxLength={PHOTO_ALT_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        rows={2}
        aria-describedby={`${noteId} ${countId}`}
      />
      <div className="feed-composer__alt-notes">
        <p id={noteId} className={missing ? 'feed-composer__reminder' : undefined}>
          {missing ? PHOTO_ALT_REMINDER : PHOTO_ALT_HINT}
        </p>
        <p id={countId} className="feed-composer__count" aria-live="off">
          {value.length}/{PHOTO_ALT_MAX_LENGTH}
        </p>
      </div>
    </div>
  );
}
