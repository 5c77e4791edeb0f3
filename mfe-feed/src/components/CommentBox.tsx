import { addComment, useComments } from 'shared-firebase';
import { Spinner, StatusMessage, useStatusMessage } from 'shared-ui';
import { CommentItem } from './CommentItem';
import { InlineTextForm } from './InlineTextForm';

export interface CommentBoxProps {
  postId: string;
  /** The post's author, who is told about a comment (activity). */
  postAuthorUid: string;
  viewerUid: string;
}

/** A post's comment box: the form, then its live comments, newest first. */
export function CommentBox({ postId, postAuthorUid, viewerUid }: CommentBoxProps) {
  const comments = useComments(postId);
  const { status, show } = useStatusMessage();
  const showError = (message: string) => show(message, 'error');

  return (
    <section className="feed-comments" aria-label="Comments">
      <InlineTextForm
        label="Write a comment"
        submitLabel="Comment"
        onSend={(text) => addComment(postId, viewerUid, text, postAuthorUid)}
        onError={showError}
      />
      <StatusMessage status={status} />
      {comments.status === 'loading' ? <Spinner label="Loading comments…" /> : null}
      {comments.status === 'error' ? <p role="alert">Comments could not be loaded.</p> : null}
      {comments.status === 'ready' ? (
        comments.items.length === 0 ? (
          <p className="feed-comments__empty">No comments yet.</p>
        ) : (
          <ul className="feed-comments__list">
            {comments.items.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                viewerUid={viewerUid}
                onError={showError}
              />
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
