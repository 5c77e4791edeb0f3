import { useState } from 'react';
import { addReply } from 'shared-firebase';
import type { Comment, WithId } from 'shared-firebase';
import { Button } from 'shared-ui';
import { InlineTextForm } from './InlineTextForm';
import { MemberBadge } from './MemberBadge';

export interface CommentItemProps {
  comment: WithId<Comment>;
  viewerUid: string;
  onError: (message: string) => void;
}

/** One comment with its author, its replies in order, and a reply form on demand. */
export function CommentItem({ comment, viewerUid, onError }: CommentItemProps) {
  const [replying, setReplying] = useState(false);
  return (
    <li className="feed-comment">
      <MemberBadge uid={comment.userId} avatarSize={28} />
      <p className="feed-comment__text">{comment.comment}</p>
      {comment.replies.length > 0 ? (
        <ul className="feed-replies" aria-label="Replies">
          {comment.replies.map((reply, index) => (
            // Replies are append-only, so a reply's position is a stable identity.
            <li key={index} className="feed-reply">
              <MemberBadge uid={reply.userId} avatarSize={24} />
              <p className="feed-reply__text">{reply.reply}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="ghost" aria-expanded={replying} onClick={() => setReplying((open) => !open)}>
        Reply
      </Button>
      {replying ? (
        <InlineTextForm
          label="Write a reply"
          submitLabel="Send reply"
          onSend={(text) => addReply(comment, viewerUid, text)}
          onError={onError}
        />
      ) : null}
    </li>
  );
}
