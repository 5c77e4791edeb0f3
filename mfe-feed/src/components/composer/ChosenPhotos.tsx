import { useEffect, useRef, useState } from 'react';
import { Button, useObjectUrl } from 'shared-ui';
import { PHOTO_ALT_LABEL, PhotoAltField } from '../PhotoAltField';
import { movePhoto } from './chosenPhotos';
import type { ChosenPhoto } from './chosenPhotos';

export interface ChosenPhotosProps {
  photos: readonly ChosenPhoto[];
  onChange: (photos: ChosenPhoto[]) => void;
  disabled: boolean;
}

/** A photo's name in the list: numbered once there are several. */
function photoName(index: number, count: number): string {
  return count === 1 ? 'photo' : `photo ${index + 1}`;
}

/** The description field's label: the product's own for one photo, numbered for several. */
export function photoAltLabel(index: number, count: number): string {
  return count === 1 ? PHOTO_ALT_LABEL : `Photo ${index + 1} description (alt text)`;
}

interface ItemProps {
  photo: ChosenPhoto;
  index: number;
  count: number;
  disabled: boolean;
  /** Set when this photo was just moved: the button that moved it keeps the focus. */
  focusButton: 'earlier' | 'later' | null;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
  onAltChange: (alt: string) => void;
}

function ChosenPhotoItem(props: ItemProps) {
  const { photo, index, count, disabled, focusButton } = props;
  const previewUrl = useObjectUrl(photo.file);
  const earlierRef = useRef<HTMLButtonElement>(null);
  const laterRef = useRef<HTMLButtonElement>(null);
  const name = photoName(index, count);
  const first = index === 0;
  const last = index === count - 1;

  // Moving re-orders the list's elements, which can drop the focus: it goes back to the button.
  useEffect(() => {
    if (focusButton === 'earlier') earlierRef.current?.focus();
    if (focusButton === 'later') laterRef.current?.focus();
  }, [focusButton, index]);

  return (
    <li className="feed-composer__photo">
      <div className="feed-composer__photo-head">
        {previewUrl ? (
          <img
            className="feed-composer__thumb"
            src={previewUrl}
            alt={count === 1 ? 'Preview of the chosen photo' : `Preview of photo ${index + 1}`}
          />
        ) : null}
        <div className="feed-composer__photo-tools">
          {count > 1 ? (
            <>
              {/* aria-disabled, not disabled: a disabled button would drop the focus it holds. */}
              <button
                ref={earlierRef}
                type="button"
                className="ui-button ui-button--secondary"
                aria-label={`Move ${name} earlier`}
                aria-disabled={first || disabled}
                onClick={() => !first && !disabled && props.onMove(-1)}
              >
                ← Earlier
              </button>
              <button
                ref={laterRef}
                type="button"
                className="ui-button ui-button--secondary"
                aria-label={`Move ${name} later`}
                aria-disabled={last || disabled}
                onClick={() => !last && !disabled && props.onMove(1)}
              >
                Later →
              </button>
            </>
          ) : null}
          <Button variant="secondary" onClick={props.onRemove} disabled={disabled}>
            {`Remove ${name}`}
          </Button>
        </div>
      </div>
      <PhotoAltField
        label={photoAltLabel(index, count)}
        value={photo.alt}
        onChange={props.onAltChange}
        disabled={disabled}
      />
    </li>
  );
}

/**
 * The photos chosen for the new post, in the order the post will show them: each with its
 * preview, its description, remove, and (with several) move earlier and later, all buttons a
 * keyboard reaches. A move is announced, and the moved photo's button keeps the focus.
 */
export function ChosenPhotos({ photos, onChange, disabled }: ChosenPhotosProps) {
  const [moved, setMoved] = useState<{ key: string; button: 'earlier' | 'later' } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const count = photos.length;

  const move = (index: number, offset: -1 | 1) => {
    const photo = photos[index];
    if (!photo) return;
    const target = index + offset;
    // At the list's end the button that moved it is inert: the other one takes the focus.
    const button =
      offset < 0
        ? target === 0
          ? 'later'
          : 'earlier'
        : target === count - 1
          ? 'earlier'
          : 'later';
    setMoved({ key: photo.key, button });
    setAnnouncement(`Photo moved to position ${target + 1} of ${count}.`);
    onChange(movePhoto(photos, index, offset));
  };

  if (count === 0) return null;
  return (
    <>
      <ol className="feed-composer__photos" aria-label="Chosen photos">
        {photos.map((photo, index) => (
          <ChosenPhotoItem
            key={photo.key}
            photo={photo}
            index={index}
            count={count}
            disabled={disabled}
            focusButton={moved?.key === photo.key ? moved.button : null}
            onMove={(offset) => move(index, offset)}
            onRemove={() => {
              setAnnouncement('');
              onChange(photos.filter((other) => other.key !== photo.key));
            }}
            onAltChange={(alt) =>
              onChange(photos.map((other) => (other.key === photo.key ? { ...other, alt } : other)))
            }
          />
        ))}
      </ol>
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
