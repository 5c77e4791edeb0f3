import { useId, useState } from 'react';
import type { ChangeEvent, DragEvent, Ref } from 'react';
import { MAX_POST_PHOTOS } from '../../data';

export interface PhotoPickerProps {
  /** How many photos are chosen already. */
  count: number;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** Only files: text or links dragged in are not photos. */
function draggedFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Where photos are chosen: a button of the design system that opens the device's picker (the
 * file input itself, drawn as the button and reached by Tab, opened with Enter or Space), and
 * around it a zone photos can be dropped on from the desktop. Its accessible name stays
 * "Photos"; the count beside it says how many of MAX_POST_PHOTOS are chosen.
 */
export function PhotoPicker({ count, disabled, onFiles, inputRef }: PhotoPickerProps) {
  const inputId = useId();
  const countId = useId();
  const [dragging, setDragging] = useState(false);
  const full = count >= MAX_POST_PHOTOS;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again later (a second copy), so the input is emptied each time.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };

  const over = (event: DragEvent) => {
    if (disabled || !draggedFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    setDragging(false);
    if (disabled || !draggedFiles(event)) return;
    event.preventDefault();
    onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div
      className={dragging ? 'feed-picker feed-picker--dragging' : 'feed-picker'}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <input
        id={inputId}
        ref={inputRef}
        className="feed-picker__input"
        type="file"
        accept="image/*"
        multiple
        aria-label="Photos"
        aria-describedby={countId}
        onChange={choose}
        disabled={disabled}
      />
      <label htmlFor={inputId} className="ui-button ui-button--secondary feed-picker__button">
        {count === 0 ? 'Add photos' : 'Add more photos'}
      </label>
      <p className="feed-picker__hint">
        <span>or drop them here</span>
        <span id={countId} className="feed-picker__count">
          {full
            ? `${count} of ${MAX_POST_PHOTOS}: the most a post holds`
            : `${count} of ${MAX_POST_PHOTOS} photos`}
        </span>
      </p>
    </div>
  );
}
