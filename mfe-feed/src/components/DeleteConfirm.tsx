import { useState } from 'react';
import { useBrowserOnline } from 'shared-firebase';
import { Button } from 'shared-ui';
import { deletePost } from '../data';
import { FEED_MESSAGES } from '../messages';
import type { DeletePostProps } from './DeletePost';

export interface DeleteConfirmProps extends DeletePostProps {
  onCancel: () => void;
}

/**
 * The question the author's Delete opens: removes the post and what hangs on it once confirmed.
 * Offline, a note says the deletion waits for the connection.
 */
export function DeleteConfirm({ post, onError, onCancel }: DeleteConfirmProps) {
  const [deleting, setDeleting] = useState(false);
  const online = useBrowserOnline();

  const confirm = async () => {
    setDeleting(true);
    try {
      await deletePost(post);
      // The live list drops the card; nothing else to do here.
    } catch (error) {
      console.error('Delete failed', error);
      onError('The post could not be deleted. Please try again.');
      onCancel();
    }
  };

  return (
    <div className="feed-confirm" role="group" aria-label="Confirm delete">
      <p>Delete this post? Its comments and photos are removed too. This cannot be undone.</p>
      <div className="feed-post__actions">
        <Button variant="danger" onClick={confirm} disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete post'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
      </div>
      {deleting && !online ? (
        <p className="feed-pending" role="status">
          {FEED_MESSAGES.deleteWaitingForConnection}
        </p>
      ) : null}
    </div>
  );
}
