import { useState } from 'react';
import { isBlockedEitherWay, replyKey, useHiddenMembers } from 'shared-firebase';
import type { Comment, Reply, WithId } from 'shared-firebase';
import { Button, RelativeTime } from 'shared-ui';
import { addReply } from '../data';
import { MentioningText } from './MentioningText';
import { ConfirmAction } from './ConfirmAction';
import { InlineTextForm } from './InlineTextForm';
import { MemberBadge } from './MemberBadge';
import { ReportButton } from './ReportButton';
import { BlockQuestion } from './BlockMember';

export interface CommentItemProps {
  comment: WithId<Comment>;
  /** The comment has a local write Firestore has not sent yet (offline). */
  pending: boolean;
  postAuthorUid: string;
  viewerUid: string;
  onDelete: () => Promise<void>;
  onDeleteReply: (reply: Reply) => Promise<void>;
  onError: (message: string) => void;
}

/** One comment with its author and time, its replies in order, and a reply form on demand. */
export function CommentItem({
  comment,
  pending,
  postAuthorUid,
  viewerUid,
  onDelete,
  onDeleteReply,
  onError,
}: CommentItemProps) {
  const [replying, setReplying] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const hidden = useHiddenMembers();
  // Replies keep their positions (their ids where they have none): filtered, never re-indexed.
  const replies = comment.replies
    .map((reply, index) => ({ reply, index }))
    .filter(({ reply }) => !isBlockedEitherWay(hidden, reply.userId));
  const isPostAuthor = postAuthorUid === viewerUid;
  const mayDeleteComment = comment.userId === viewerUid || isPostAuthor;
  const mayDeleteReply = (reply: Reply) =>
    reply.userId === viewerUid || comment.userId === viewerUid || isPostAuthor;

  return (
    <li className="feed-comment">
      <div className="feed-comment__meta">
        <MemberBadge uid={comment.userId} avatarSize={28} />
        {comment.createdAt ? <RelativeTime time={comment.createdAt.toDate()} /> : null}
        {pending ? <span className="feed-pending">Waiting to be sent…</span> : null}
      </div>
      <p className="feed-comment__text">
        <MentioningText text={comment.comment} mentions={comment.mentions} />
      </p>
      {replies.length > 0 ? (
        <ul className="feed-replies" aria-label="Replies">
          {replies.map(({ reply, index }) => (
            // Old replies have no id; they are never reordered, only removed, so their position
            // stands in for one.
            <li key={reply.id ?? `at-${index}`} className="feed-reply">
              <div className="feed-comment__meta">
                <MemberBadge uid={reply.userId} avatarSize={24} />
                {reply.createdAt ? <RelativeTime time={reply.createdAt.toDate()} /> : null}
              </div>
              <p className="feed-reply__text">
                <MentioningText text={reply.reply} mentions={reply.mentions} />
              </p>
              {mayDeleteReply(reply) ? (
                <ConfirmAction
                  label="Delete"
                  ariaLabel="Delete reply"
                  question="Delete this reply?"
                  confirmLabel="Delete reply"
                  onConfirm={() => onDeleteReply(reply)}
                  onError={onError}
                  errorMessage="The reply could not be deleted. Please try again."
                />
              ) : null}
              {reply.userId !== viewerUid ? (
                <ReportButton
                  ariaLabel="Report reply"
                  subject="this reply"
                  reporterUid={viewerUid}
                  target={{
                    kind: 'reply',
                    targetId: comment.id,
                    replyId: replyKey(reply),
                    postId: comment.postId,
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="feed-comment__actions">
        <Button
          variant="ghost"
          aria-expanded={replying}
          onClick={() => setReplying((open) => !open)}
        >
          Reply
        </Button>
        {mayDeleteComment ? (
          <ConfirmAction
            label="Delete"
            ariaLabel="Delete comment"
            question="Delete this comment and its replies?"
            confirmLabel="Delete comment"
            onConfirm={onDelete}
            onError={onError}
            errorMessage="The comment could not be deleted. Please try again."
          />
        ) : null}
        {comment.userId !== viewerUid ? (
          <ReportButton
            ariaLabel="Report comment"
            subject="this comment"
            reporterUid={viewerUid}
            target={{ kind: 'comment', targetId: comment.id, postId: comment.postId }}
          />
        ) : null}
        {comment.userId !== viewerUid ? (
          <Button
            variant="ghost"
            aria-label="Block comment author"
            aria-expanded={blocking}
            onClick={() => setBlocking(true)}
          >
            Block
          </Button>
        ) : null}
      </div>
      {blocking ? (
        <BlockQuestion
          viewerUid={viewerUid}
          memberUid={comment.userId}
          onDone={() => setBlocking(false)}
          onError={onError}
        />
      ) : null}
      {replying ? (
        <InlineTextForm
          label="Write a reply"
          submitLabel="Send reply"
          itemName="Reply"
          onSend={(text, mentions) => addReply(comment, viewerUid, text, mentions)}
          onError={onError}
        />
      ) : null}
    </li>
  );
}
