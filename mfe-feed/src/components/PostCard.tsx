import { useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { setMuted, useHiddenMembers } from 'shared-firebase';
import type { PostCard as PostCardData, WithId } from 'shared-firebase';
import { Button, StatusMessage, useStatusMessage } from 'shared-ui';
import { DeletePost } from './DeletePost';
import { EditedMark } from './edit/EditedMark';
import { LazyEditPostForm, LazyPostHistory } from './edit/LazyEditParts';
import { PostMenu } from './edit/PostMenu';
import { LikeButton } from './LikeButton';
import { LazyBlockQuestion, LazyCommentBox, LazyLikers, LazyReportDialog } from './LazyCardParts';
import { MemberBadge } from './MemberBadge';
import { PostTimeLink } from './TimeLink';
import { LazyPhotoCarousel } from './carousel/LazyPhotoCarousel';
import { PostPhoto } from './PostPhoto';
import { SaveButton } from './SaveButton';
import { postPhotosOf } from './postPhotos';
import { LazyPhotoViewer } from './viewer/LazyPhotoViewer';
import { usePhotoViewerEntry } from './viewer/usePhotoViewerEntry';
import { MentioningText } from './MentioningText';
import { FEED_MESSAGES } from '../messages';
import { useOwnLike, useShownLikes } from '../data';

export interface PostCardProps {
  post: WithId<PostCardData>;
  viewerUid: string;
  /** The first card of a list: its photo is fetched first (PostPhoto). */
  priority?: boolean;
}

/** Single-post pages (path beginning with /post/) never offer delete (docs/PRODUCT.md "Who uses it"). */
function isSinglePostPath(pathname: string): boolean {
  return pathname.startsWith('/post/');
}

/**
 * The comments button's text: the count the feed's function keeps on the post, or while the
 * comments are open and every page of them is read, the live list's own (so a comment the member
 * just wrote counts at once; a longer thread is never read whole just to count it).
 * No count for none, nor for a post not counted yet: a new post's first count (0) then changes
 * nothing on screen (the wider label would move the buttons beside it while the page is read).
 * The word stays first, so the button keeps its name.
 */
export function commentsLabel(count: number | undefined): string {
  return count === undefined || count === 0 ? 'Comments' : `Comments (${count})`;
}

/** One post: the only card implementation, used by the feed, the single post page and the list. */
export function PostCard({ post, viewerUid, priority = false }: PostCardProps) {
  const { pathname } = useLocation();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [likersOpen, setLikersOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const hidden = useHiddenMembers();
  const muted = hidden.muted.has(post.uid);
  const historyId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const [liveCommentCount, setLiveCommentCount] = useState<number | undefined>(undefined);
  const likersId = useId();
  const likes = useShownLikes(post, viewerUid, useOwnLike(viewerUid, post.postId));
  const { status, show } = useStatusMessage();
  const commentsId = useId();
  const isAuthor = post.uid === viewerUid;
  const canDelete = isAuthor && !isSinglePostPath(pathname);
  const showError = (message: string) => show(message, 'error');
  const photos = postPhotosOf(post);
  const viewer = usePhotoViewerEntry(post.postId);
  // Closing the edit form returns focus to the menu it was opened from.
  const closeEdit = () => {
    setEditing(false);
    menuRef.current?.querySelector('button')?.focus();
  };

  return (
    <article className="ui-card feed-post" aria-label="Post">
      <header className="feed-post__header">
        <MemberBadge uid={post.uid} />
        <div className="feed-post__meta">
          {post.createdAt ? <PostTimeLink postId={post.postId} createdAt={post.createdAt} /> : null}
          {post.editedAt ? (
            <EditedMark
              editedAt={post.editedAt}
              historyOpen={historyOpen}
              historyId={historyId}
              onToggle={() => setHistoryOpen((open) => !open)}
            />
          ) : null}
          <PostMenu
            ref={menuRef}
            photoCount={photos.length}
            onEdit={isAuthor ? () => setEditing(true) : undefined}
            onReport={isAuthor ? undefined : () => setReporting(true)}
            muted={muted}
            onMuteToggle={
              isAuthor
                ? undefined
                : () =>
                    setMuted(viewerUid, post.uid, !muted).then(
                      () =>
                        show(muted ? 'Unmuted.' : 'Muted: their posts leave your feed.', 'success'),
                      () => showError('That did not finish. Please try again.'),
                    )
            }
            onBlock={isAuthor ? undefined : () => setBlocking(true)}
          />
        </div>
      </header>
      {blocking ? (
        <LazyBlockQuestion
          viewerUid={viewerUid}
          memberUid={post.uid}
          onDone={() => {
            setBlocking(false);
            menuRef.current?.querySelector('button')?.focus();
          }}
          onError={showError}
        />
      ) : null}
      {reporting ? (
        <LazyReportDialog
          target={{ kind: 'post', targetId: post.postId }}
          subject="this post"
          reporterUid={viewerUid}
          onClose={() => {
            setReporting(false);
            menuRef.current?.querySelector('button')?.focus();
          }}
        />
      ) : null}
      <div id={historyId} hidden={!historyOpen}>
        {historyOpen ? <LazyPostHistory postId={post.postId} hasPhoto={photos.length > 0} /> : null}
      </div>
      {editing ? (
        <LazyEditPostForm
          post={post}
          onCancel={closeEdit}
          onDone={(saved) => {
            closeEdit();
            if (saved) show(FEED_MESSAGES.editSaved, 'success');
          }}
        />
      ) : post.postCaption ? (
        <p className="feed-post__caption">
          <MentioningText text={post.postCaption} mentions={post.mentions} />
        </p>
      ) : null}
      {photos.length > 1 ? (
        <LazyPhotoCarousel
          photos={photos}
          index={viewer.shownIndex}
          onIndexChange={viewer.showPhoto}
          priority={priority}
          onOpen={viewer.open}
          buttonRef={viewer.triggerRef}
        />
      ) : photos[0] ? (
        <PostPhoto
          photo={photos[0]}
          priority={priority}
          onOpen={() => viewer.open(0)}
          buttonRef={viewer.triggerRef}
        />
      ) : null}
      {viewer.openIndex !== null && photos.length > 0 ? (
        <LazyPhotoViewer
          photos={photos}
          startIndex={viewer.openIndex}
          onClose={viewer.close}
          onShow={viewer.viewerShows}
        />
      ) : null}
      <div className="feed-post__actions">
        <LikeButton post={post} liked={likes.liked} viewerUid={viewerUid} onError={showError} />
        <Button
          variant="ghost"
          aria-expanded={likersOpen}
          aria-controls={likersId}
          onClick={() => setLikersOpen((open) => !open)}
        >
          {likes.count === 1 ? '1 like' : `${likes.count} likes`}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={commentsOpen}
          aria-controls={commentsId}
          onClick={() => setCommentsOpen((open) => !open)}
        >
          {commentsLabel(
            commentsOpen ? (liveCommentCount ?? post.counts?.comments) : post.counts?.comments,
          )}
        </Button>
        <SaveButton postId={post.postId} viewerUid={viewerUid} onError={showError} />
        {canDelete ? <DeletePost post={post} onError={showError} /> : null}
      </div>
      <StatusMessage status={status} />
      <div id={likersId} hidden={!likersOpen}>
        {likersOpen ? (
          <LazyLikers postId={post.postId} likes={likes.likers} complete={likes.complete} />
        ) : null}
      </div>
      <div id={commentsId} hidden={!commentsOpen}>
        {commentsOpen ? (
          <LazyCommentBox
            postId={post.postId}
            postAuthorUid={post.uid}
            viewerUid={viewerUid}
            onCount={setLiveCommentCount}
          />
        ) : null}
      </div>
    </article>
  );
}
