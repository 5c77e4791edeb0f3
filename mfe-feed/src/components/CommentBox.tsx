import { isBlockedEitherWay, useHiddenMembers } from 'shared-firebase';
import type { Reply } from 'shared-firebase';
import { LoadFailure, Spinner, StatusMessage, useStatusMessage } from 'shared-ui';
import { useEffect, useState } from 'react';
import { addComment, deleteComment, deleteReply, useComments } from '../data';
import { CommentItem } from './CommentItem';
import { InlineTextForm } from './InlineTextForm';

export interface CommentBoxProps {
  postId: string;
  /** The post's author: may delete any comment or reply on it. */
  postAuthorUid: string;
  viewerUid: string;
  /** Told the number of comments the live list holds, whenever it changes. */
  onCount?: (count: number) => void;
}

/** A post's comment box: the form, then its live comments, newest first. */
export function CommentBox({ postId, postAuthorUid, viewerUid, onCount }: CommentBoxProps) {
  // A new key remounts the list's subscription: Retry reads the comments again.
  const [attempt, setAttempt] = useState(0);
  const { status, show } = useStatusMessage();
  const showError = (message: string) => show(message, 'error');

  return (
    <section className="feed-comments" aria-label="Comments">
      <InlineTextForm
        label="Write a comment"
        submitLabel="Comment"
        itemName="Comment"
        onSend={(text, mentions) => addComment(postId, viewerUid, text, mentions)}
        onError={showError}
      />
      <StatusMessage status={status} />
      <CommentList
        key={attempt}
        postId={postId}
        postAuthorUid={postAuthorUid}
        viewerUid={viewerUid}
        onCount={onCount}
        onError={showError}
        onRetry={() => setAttempt((count) => count + 1)}
      />
    </section>
  );
}

interface CommentListProps extends CommentBoxProps {
  onError: (message: string) => void;
  onRetry: () => void;
}

function CommentList({
  postId,
  postAuthorUid,
  viewerUid,
  onCount,
  onError,
  onRetry,
}: CommentListProps) {
  const comments = useComments(postId);
  const hidden = useHiddenMembers();
  const count = comments.status === 'ready' ? comments.items.length : null;
  useEffect(() => {
    if (count !== null) onCount?.(count);
  }, [count, onCount]);
  if (comments.status === 'loading') return <Spinner label="Loading comments…" />;
  if (comments.status === 'error') {
    return <LoadFailure message="Comments could not be loaded." onRetry={onRetry} />;
  }
  const shown = comments.items.filter((comment) => !isBlockedEitherWay(hidden, comment.userId));
  if (shown.length === 0) return <p className="feed-comments__empty">No comments yet.</p>;
  return (
    <ul className="feed-comments__list">
      {shown.map((comment) => (
        <CommentItem
          key={comment.id}
          comment={comment}
          pending={comments.pendingIds?.has(comment.id) ?? false}
          postAuthorUid={postAuthorUid}
          viewerUid={viewerUid}
          onDelete={() => deleteComment(comment.id)}
          onDeleteReply={(reply: Reply) => deleteReply(comment.id, reply)}
          onError={onError}
        />
      ))}
    </ul>
  );
}
