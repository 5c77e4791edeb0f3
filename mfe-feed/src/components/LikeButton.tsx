import { useState } from 'react';
import { Button } from 'shared-ui';
import { setLiked } from '../data';
import { PendingNote } from './PendingNote';

export interface LikeButtonProps {
  postId: string;
  likes: string[];
  viewerUid: string;
  onError: (message: string) => void;
}

/**
 * Like/Liked toggle: adds or removes only the viewer's uid. Firestore applies the change locally at
 * once (the count moves) and queues it while offline; until the server confirms it, a note says
 * it is waiting.
 */
export function LikeButton({ postId, likes, viewerUid, onError }: LikeButtonProps) {
  /** The like or unlike being sent, if any. */
  const [pending, setPending] = useState<'Like' | 'Unlike' | null>(null);
  const liked = likes.includes(viewerUid);

  const toggle = async () => {
    // One write at a time: a second arrayUnion of the same uid changes nothing and is refused.
    setPending(liked ? 'Unlike' : 'Like');
    try {
      await setLiked(postId, viewerUid, !liked);
    } catch (error) {
      console.error('Like failed', error);
      onError('Your like could not be saved. Please try again.');
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <Button variant="secondary" aria-pressed={liked} disabled={pending !== null} onClick={toggle}>
        {liked ? 'Liked' : 'Like'}
      </Button>
      {pending ? <PendingNote what={pending} /> : null}
    </>
  );
}
