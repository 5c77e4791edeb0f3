import { useRef } from 'react';
import { Photo } from 'shared-ui';
import type { ShownPhoto } from '../postPhotos';
import { useZoomGestures } from './useZoomGestures';

export interface ZoomablePhotoProps {
  photo: ShownPhoto;
  onSwipe: (direction: 'previous' | 'next') => void;
  onBackgroundTap: () => void;
}

/**
 * The viewer's photo, as large as the screen allows without cropping (never beyond its stored
 * size), zoomed and moved by touch (useZoomGestures). A new photo starts unzoomed: the viewer
 * gives each photo its own instance.
 */
export function ZoomablePhoto({ photo, onSwipe, onBackgroundTap }: ZoomablePhotoProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const { zoom, dragging, handlers } = useZoomGestures({ frameRef, onSwipe, onBackgroundTap });
  return (
    <div
      ref={frameRef}
      className={
        dragging ? 'feed-viewer__frame feed-viewer__frame--dragging' : 'feed-viewer__frame'
      }
      {...handlers}
    >
      <Photo
        className="feed-viewer__photo"
        src={photo.src}
        alt={photo.alt}
        width={photo.size?.width}
        height={photo.size?.height}
        style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
        priority
      />
    </div>
  );
}
