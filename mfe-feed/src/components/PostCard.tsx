import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Post, WithId } from 'shared-firebase';
import { Button, StatusMessage, useStatusMessage } from 'shared-ui';
import { CommentBox } from './CommentBox';
import { DeletePost } from './DeletePost';
import { LikeButton } from './LikeButton';
import { MemberBadge } from './MemberBadge';

export interface PostCardProps {
  post: WithId<Post>;
  viewerUid: string;
}

/** Single-post pages (path beginning with /post/) never offer delete (SPEC section 6). */
function isSinglePostPath(pathname: string): boolean {
  return pathname.startsWith('/post/');
}

/** One post: the only card implementation, used by the feed, the single post page and the list. */
export function PostCard({ post, viewerUid }: PostCardProps) {
  const { pathname } = useLocation();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const { status, show } = useStatusMessage();
  const commentsId = useId();
  const canDelete = post.uid === viewerUid && !isSinglePostPath(pathname);
  const showError = (message: string) => show(message, 'error');

  return (
    <article className="ui-card feed-post" aria-label="Post">
      <header className="feed-post__header">
        <MemberBadge uid={post.uid} />
      </header>
      {post.postCaption ? <p className="feed-post__caption">{post.postCaption}</p> : null}
      {post.postImage ? (
        <img
          className="feed-post__photo"
          src={post.postImage}
          alt={post.postCaption ? `Photo: ${post.postCaption.slice(0, 100)}` : 'Photo'}
          loading="lazy"
          decoding="async"
          width={640}
          height={480}
        />
      ) : null}
      <div className="feed-post__actions">
        <LikeButton
          postId={post.postId}
          authorUid={post.uid}
          likes={post.likes}
          viewerUid={viewerUid}
          onError={showError}
        />
        <Button
          variant="secondary"
          aria-expanded={commentsOpen}
          aria-controls={commentsId}
          onClick={() => setCommentsOpen((open) => !open)}
        >
          Comments
        </Button>
        {canDelete ? <DeletePost post={post} onError={showError} /> : null}
      </div>
      <StatusMessage status={status} />
      <div id={commentsId} hidden={!commentsOpen}>
        {commentsOpen ? (
          <CommentBox postId={post.postId} postAuthorUid={post.uid} viewerUid={viewerUid} />
        ) : null}
      </div>
    </article>
  );
}
