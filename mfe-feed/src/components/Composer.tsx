import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  CAPTION_MAX_LENGTH,
  isPermissionDenied,
  MAX_MENTIONS,
  MESSAGES,
  USERNAME_MAX_LENGTH,
} from 'shared-firebase';
import {
  Button,
  MentionSuggestions,
  ProgressBar,
  Spinner,
  StatusMessage,
  TextAreaField,
  useMentionCombobox,
  useStatusMessage,
} from 'shared-ui';
import {
  createPost,
  useFindMembersByName,
  newPostProblem,
  UnreadablePhotoError,
  usePostAudienceCache,
} from '../data';
import { FEED_MESSAGES } from '../messages';
import { LazyChosenPhotos, preloadChosenPhotos } from './composer/LazyChosenPhotos';
import { addPhotos, chosenPhoto, tooManyPhotosMessage } from './composer/chosenPhotos';
import { PhotoPicker } from './composer/PhotoPicker';
import { useComposerDraft } from './composer/useComposerDraft';
import type { ChosenPhoto } from './composer/chosenPhotos';
import { PostWaitingNote } from './PostWaitingNote';

const startLoadingChosenPhotos = () => void preloadChosenPhotos();

export interface ComposerProps {
  authorUid: string;
}

/**
 * Processing and upload, one bar over the whole set: each photo is reduced in the browser first.
 * With several, it says which photo is on its way.
 */
export function photoProgressLabel(photo: number, photos: number): string {
  return photos > 1 ? `Preparing photo ${photo} of ${photos}` : 'Preparing and uploading photo';
}

/** `waiting`: a processed photo waits for the browser to be online before its upload. */
type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number; photo: number; photos: number; waiting: boolean }
  | { kind: 'saving' };

/**
 * The new-post box: a caption and/or up to MAX_POST_PHOTOS photos (any image type, at most
 * IMAGE_MAX_BYTES each), chosen several at once or added later, put in order and removed before
 * posting, each with its description for people who cannot see it (optional, with a reminder
 * while empty). The photos are reduced in a worker and uploaded when the post is sent; one
 * progress bar covers the whole set.
 * Offline, the post waits (Firestore holds the write, the photo's upload waits for the browser to
 * be online) and a note says so; what the member wrote stays in the box, locked, until the post is
 * confirmed or has failed.
 */
export function Composer({ authorUid }: ComposerProps) {
  const [caption, setCaption] = useState('');
  // Each description belongs to its photo: it goes when the photo goes.
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const submitting = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const { status, show, clear } = useStatusMessage();
  const busy = phase.kind !== 'idle';
  // Typing `@` and a name suggests members; the picked ones still named when posting are stored.
  const findMembers = useFindMembersByName();
  const mention = useMentionCombobox({
    value: caption,
    onValueChange: setCaption,
    search: findMembers,
    maxQueryLength: USERNAME_MAX_LENGTH,
    maxMentions: MAX_MENTIONS,
  });
  // Offline, the post's audience comes from the SDK's cache, which keeps only what is listened to.
  usePostAudienceCache(authorUid);

  // What is written survives a reload until it is posted or discarded.
  // The picked members go with it, so the restored `@Name` still mentions them when posted.
  const draft = useComposerDraft(
    authorUid,
    { caption, photos, mentions: mention.picked },
    (kept) => {
      setCaption(kept.caption);
      setPhotos(kept.photos.map(({ file, alt }) => chosenPhoto(file, alt)));
      mention.restorePicked(kept.mentions);
    },
  );

  const forgetPhotos = () => {
    setPhotos([]);
    if (fileInput.current) fileInput.current.value = '';
  };

  // Files chosen or dropped are added to those already there, in their order, up to
  // MAX_POST_PHOTOS.
  const choosePhotos = (files: File[]) => {
    const added = addPhotos(photos, files);
    setPhotos(added.photos);
    if (added.problem) show(added.problem, 'error');
    else clear();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A ref, not state: a double click arrives before the disabled button re-renders.
    if (submitting.current) return;
    // A too-long caption cannot be typed (the field stops at CAPTION_MAX_LENGTH).
    const problem = newPostProblem(caption, photos);
    if (problem === 'empty') {
      show(FEED_MESSAGES.emptyPost, 'error');
      return;
    }
    if (problem === 'too-many-photos') {
      show(tooManyPhotosMessage(0), 'error');
      return;
    }
    submitting.current = true;
    const count = photos.length;
    const mentions = mention.mentionsIn(caption, MAX_MENTIONS);
    setPhase(
      count > 0
        ? { kind: 'uploading', percent: 0, photo: 1, photos: count, waiting: false }
        : { kind: 'saving' },
    );
    try {
      await createPost({
        authorUid,
        caption,
        photos: photos.map(({ file, alt }) => ({ file, alt })),
        mentions,
        onProgress: ({ percent, photo, photos: total }) =>
          setPhase(
            percent >= 100
              ? { kind: 'saving' }
              : { kind: 'uploading', percent, photo, photos: total, waiting: false },
          ),
        onWaitingForConnection: () =>
          setPhase((current) =>
            current.kind === 'uploading' ? { ...current, waiting: true } : current,
          ),
      });
      setCaption('');
      mention.reset();
      forgetPhotos();
      void draft.discard();
      show(FEED_MESSAGES.postCreated, 'success');
    } catch (error) {
      if (error instanceof UnreadablePhotoError) {
        // Nothing was kept; that photo leaves the list, the others and their descriptions stay.
        const unreadable = photos[error.photoIndex];
        setPhotos((current) => current.filter((photo) => photo.key !== unreadable?.key));
        show(
          count > 1
            ? `Photo ${error.photoIndex + 1}: ${MESSAGES.imageUnreadable}`
            : MESSAGES.imageUnreadable,
          'error',
        );
        return;
      }
      console.error('Post failed', error);
      show(
        isPermissionDenied(error) && mentions.length > 0
          ? FEED_MESSAGES.postMentionRefused
          : FEED_MESSAGES.postFailed,
        'error',
      );
    } finally {
      submitting.current = false;
      setPhase({ kind: 'idle' });
    }
  };

  return (
    <form
      className="ui-card feed-composer"
      onSubmit={submit}
      aria-label="New post"
      // The chosen photos' code is fetched as the member comes to the composer.
      onPointerEnter={startLoadingChosenPhotos}
      onFocus={startLoadingChosenPhotos}
      onDragEnter={startLoadingChosenPhotos}
    >
      <div className="ui-mention-field">
        <TextAreaField
          label="What's on your mind?"
          value={caption}
          maxLength={CAPTION_MAX_LENGTH}
          disabled={busy}
          rows={3}
          {...mention.fieldProps}
        />
        <MentionSuggestions {...mention.suggestions} />
      </div>
      <p className="feed-composer__count" aria-live="off">
        {caption.length}/{CAPTION_MAX_LENGTH}
      </p>
      <LazyChosenPhotos photos={photos} onChange={setPhotos} disabled={busy} />
      <PhotoPicker
        count={photos.length}
        disabled={busy}
        onFiles={choosePhotos}
        inputRef={fileInput}
      />
      {phase.kind === 'uploading' ? (
        <ProgressBar
          percent={phase.percent}
          label={photoProgressLabel(phase.photo, phase.photos)}
        />
      ) : null}
      {phase.kind === 'uploading' && phase.waiting ? (
        <p className="feed-pending" role="status">
          {FEED_MESSAGES.photoWaitingForConnection}
        </p>
      ) : null}
      {phase.kind === 'saving' ? (
        <>
          <Spinner label="Posting…" />
          <PostWaitingNote />
        </>
      ) : null}
      {draft.restored && !busy ? (
        <p className="feed-composer__draft-note" role="status">
          Your draft is back, as you left it.
        </p>
      ) : null}
      <div className="feed-composer__actions">
        <Button type="submit" disabled={busy}>
          Post
        </Button>
        {(caption !== '' || photos.length > 0) && !busy ? (
          <Button
            variant="ghost"
            onClick={() => {
              setCaption('');
              mention.reset();
              forgetPhotos();
              clear();
              void draft.discard();
            }}
          >
            Discard draft
          </Button>
        ) : null}
      </div>
      <StatusMessage status={status} />
    </form>
  );
}
