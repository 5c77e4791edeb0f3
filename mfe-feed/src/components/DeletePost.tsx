import { useState } from 'react';
import type { Post } from 'shared-firebase';
import { Button } from 'shared-ui';
import { LazyDeleteConfirm } from './LazyCardParts';

export interface DeletePostProps {
  post: Pick<Post, 'postId' | 'uid' | 'postImage' | 'postThumbnail' | 'photos'>;
  onError: (message: string) => void;
}

/** The author's delete option: asks for confirmation (DeleteConfirm), then removes the post. */
export function DeletePost({ post, onError }: DeletePostProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete
      </Button>
    );
  }
  return <LazyDeleteConfirm post={post} onError={onError} onCancel={() => setConfirming(false)} />;
}
