import { forwardRef } from 'react';
import { Menu } from 'shared-ui';

export interface PostMenuProps {
  /** How many photos the post has: their descriptions are edited with the caption. */
  photoCount: number;
  /** The author edits; absent for other members. */
  onEdit?: () => void;
  /** Another member reports the post; absent for its author. */
  onReport?: () => void;
  /** Another member mutes or unmutes the author; absent for the author. */
  onMuteToggle?: () => void;
  /** Whether the viewer has muted the author (the item then says Unmute). */
  muted?: boolean;
  /** Another member blocks the author; absent for the author. */
  onBlock?: () => void;
}

/** What the edit item says it changes. */
function editLabel(photoCount: number): string {
  if (photoCount === 0) return 'Edit caption';
  return photoCount === 1 ? 'Edit caption and description' : 'Edit caption and descriptions';
}

/**
 * The menu on a post (the card and /post/{id}): the author edits, other members report. The
 * wrapper's ref lets the card return focus to the menu's button when an edit or a report closes.
 */
export const PostMenu = forwardRef<HTMLDivElement, PostMenuProps>(function PostMenu(
  { photoCount, onEdit, onReport, onMuteToggle, muted = false, onBlock },
  ref,
) {
  return (
    <div ref={ref} className="feed-post__menu">
      <Menu
        label="Post options"
        trigger={
          <span className="feed-post__menu-icon" aria-hidden="true">
            ⋯
          </span>
        }
        items={[
          ...(onEdit ? [{ label: editLabel(photoCount), onSelect: onEdit }] : []),
          ...(onReport ? [{ label: 'Report post', onSelect: onReport }] : []),
          ...(onMuteToggle
            ? [{ label: muted ? 'Unmute author' : 'Mute author', onSelect: onMuteToggle }]
            : []),
          ...(onBlock ? [{ label: 'Block author', onSelect: onBlock }] : []),
        ]}
      />
    </div>
  );
});
