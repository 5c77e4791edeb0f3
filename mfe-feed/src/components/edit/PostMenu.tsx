import { forwardRef } from 'react';
import { Menu } from 'shared-ui';

export interface PostMenuProps {
  /** A photo post: its description is edited with the caption. */
  hasPhoto: boolean;
  onEdit: () => void;
}

/**
 * The author's menu on a post (the card and /post/{id}). The wrapper's ref lets the card return
 * focus to the menu's button when an edit closes.
 */
export const PostMenu = forwardRef<HTMLDivElement, PostMenuProps>(function PostMenu(
  { hasPhoto, onEdit },
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
          { label: hasPhoto ? 'Edit caption and description' : 'Edit caption', onSelect: onEdit },
        ]}
      />
    </div>
  );
});
