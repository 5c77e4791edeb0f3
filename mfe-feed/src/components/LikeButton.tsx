import { useRef, useState } from 'react';
import { Button } from 'shared-ui';
import type { Post } from 'shared-firebase';
import { setLiked } from '../data';
import { PendingNote } from './PendingNote';

export interface LikeButtonProps {
  post: Pick<Post, 'postId' | 'uid'>;
  /** Whether the viewer likes the post, live from their like edge; null until read. */
  liked: boolean | null;
  viewerUid: string;
  onError: (message: string) => void;
}

/**
 * Like/Liked toggle: writes or deletes only the viewer's like edge. The label turns at once (the
 * edge's local write) and Firestore queues the write while offline; until the server confirms it,
 * a note says it is waiting and further clicks are ignored, so a double click does one thing.
 */
export function LikeButton({ post, liked, viewerUid, onError }: LikeButtonProps) {
  const inFlight = useRef(false);
  /** The like or unlike being sent, if any. */
  const [pending, setPending] = useState<'Like' | 'Unlike' | null>(null);

  const toggle = async (like: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(like ? 'Like' : 'Unlike');
    try {
      await setLiked(post, viewerUid, like);
    } catch (error) {
      console.error('Like failed', error);
      onError('Your like could not be saved. Please try again.');
    } finally {
      inFlight.current = false;
      setPending(null);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        aria-pressed={liked === true}
        disabled={pending !== null || liked === null}
        // A double click's second click (detail 2) would undo the first, which the label shows
        // at once: a double click does one thing. Keyboard activation has detail 0.
        onClick={(event) => {
          if (event.detail <= 1) void toggle(!liked);
        }}
      >
        {liked ? 'Liked' : 'Like'}
      </Button>
      {pending ? <PendingNote what={pending} /> : null}
    </>
  );
}
