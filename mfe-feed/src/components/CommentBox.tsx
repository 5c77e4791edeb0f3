import { isBlockedEitherWay, useHiddenMembers, useWithoutHidden } from 'shared-firebase';
import type { Comment, Reply, WithId } from 'shared-firebase';
import { Button, LoadFailure, Spinner, StatusMessage, useStatusMessage } from 'shared-ui';
import { useCallback, useEffect } from 'react';
import { addComment, deleteComment, deleteReply, useComments } from '../data';
import { CommentItem } from './CommentItem';
import { InlineTextForm } from './InlineTextForm';

export interface CommentBoxProps {
  postId: string;
  /** The post's author: may delete any comment or reply on it. */
  postAuthorUid: string;
  viewerUid: string;
  /**
   * Told the number of comments once every page is read (the whole thread is in hand, so a comment
   * the member just wrote counts at once), and `undefined` while older pages remain unread: then
   * only the count the feed's function keeps on the post knows the total.
   */
  onCount?: (count: number | undefined) => void;
}

/** A post's comment box: the form, then its live comments, newest first, a page at a time. */
export function CommentBox({ postId, postAuthorUid, viewerUid, onCount }: CommentBoxProps) {
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
        postId={postId}
        postAuthorUid={postAuthorUid}
        viewerUid={viewerUid}
        onCount={onCount}
        onError={showError}
      />
    </section>
  );
}

interface CommentListProps extends CommentBoxProps {
  onError: (message: string) => void;
}

function CommentList({ postId, postAuthorUid, viewerUid, onCount, onError }: CommentListProps) {
  const hidden = useHiddenMembers();
  const blockedEitherWay = useCallback(
    (comment: WithId<Comment>) => isBlockedEitherWay(hidden, comment.userId),
    [hidden],
  );
  // A page of blocked members' comments only reads on, as one of suspended members' does; until
  // the viewer's blocks are known the list is loading, so neither a comment nor a reply flashes.
  const all = useComments(postId);
  const comments = useWithoutHidden(all, blockedEitherWay, hidden.loaded);
  const count = all.status === 'ready' && !all.hasMore ? all.items.length : undefined;
  useEffect(() => {
    onCount?.(count);
  }, [count, onCount]);
  if (comments.status === 'loading') return <Spinner label="Loading comments…" />;
  if (comments.status === 'error') {
    return <LoadFailure message="Comments could not be loaded." onRetry={comments.retry} />;
  }
  const shown = comments.items;
  // Hidden comments only, more behind them: the next page is being read (useWithoutHidden).
  if (shown.length === 0 && comments.hasMore && !comments.loadMoreError) {
    return <Spinner label="Loading comments…" />;
  }
  return (
    <>
      {shown.length === 0 ? (
        <p className="feed-comments__empty">No comments yet.</p>
      ) : (
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
      )}
      {comments.loadMoreError ? (
        <LoadFailure message="Older comments could not be loaded." onRetry={comments.retry} />
      ) : comments.hasMore ? (
        <div className="feed-comments__more">
          <Button
            variant="secondary"
            aria-busy={comments.loadingMore}
            // Not `disabled`: the button keeps focus while the page loads (a second press reads
            // nothing more, usePagedQuery reads one page at a time).
            onClick={comments.loadMore}
          >
            Show older comments
          </Button>
          {comments.loadingMore ? <Spinner label="Loading older comments…" /> : null}
        </div>
      ) : null}
    </>
  );
}
