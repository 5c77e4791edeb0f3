import { useState } from 'react';
import { setLiked } from 'shared-firebase';
import { Button } from 'shared-ui';

export interface LikeButtonProps {
  postId: string;
  /** The post's author, who is told about the like (activity). */
  authorUid: string;
  likes: string[];
  viewerUid: string;
  onError: (message: string) => void;
}

/** Like/Liked toggle with the like count: adds or removes only the viewer's uid. */
export function LikeButton({ postId, authorUid, likes, viewerUid, onError }: LikeButtonProps) {
  const [pending, setPending] = useState(false);
  const liked = likes.includes(viewerUid);

  const toggle = async () => {
    // One write at a time: a second arrayUnion of the same uid changes nothing and is refused.
    setPending(true);
    try {
      await setLiked(postId, viewerUid, !liked, authorUid);
    } catch (error) {
      console.error('Like failed', error);
      onError('Your like could not be saved. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Button variant="secondary" aria-pressed={liked} disabled={pending} onClick={toggle}>
      <span>{liked ? 'Liked' : 'Like'}</span>
      <span className="feed-post__count">{likes.length}</span>
    </Button>
  );
}
