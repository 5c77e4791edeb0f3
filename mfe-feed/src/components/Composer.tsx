import { useId, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import {
  CAPTION_MAX_LENGTH,
  checkImageFile,
  ImageUnreadableError,
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
  useObjectUrl,
  useStatusMessage,
} from 'shared-ui';
import { createPost, findMembersByName, newPostProblem, usePostAudienceCache } from '../data';
import { FEED_MESSAGES } from '../messages';
import { PhotoAltField } from './PhotoAltField';
import { PostWaitingNote } from './PostWaitingNote';

export interface ComposerProps {
  authorUid: string;
}

/** Processing and upload, one bar: the photo is reduced in the browser first. */
const PHOTO_PROGRESS_LABEL = 'Preparing and uploading photo';

/** `waiting`: the processed photo waits for the browser to be online before its upload. */
type Phase =
  { kind: 'idle' } | { kind: 'uploading'; percent: number; waiting: boolean } | { kind: 'saving' };

/**
 * The new-post box: a caption and/or a photo (any image type, at most IMAGE_MAX_BYTES) with its
 * description for people who cannot see it (optional, with a reminder while empty). The photo
 * is reduced in a worker and uploaded when the post is sent; one progress bar covers both.
 * Offline, the post waits (Firestore holds the write, the photo's upload waits for the browser to
 * be online) and a note says so; what the member wrote stays in the box, locked, until the post is
 * confirmed or has failed.
 */
export function Composer({ authorUid }: ComposerProps) {
  const [caption, setCaption] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  // The description belongs to the chosen photo: it goes when the photo goes or is replaced.
  const [photoAlt, setPhotoAlt] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const submitting = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(photo);
  const { status, show, clear } = useStatusMessage();
  const photoInputId = useId();
  const busy = phase.kind !== 'idle';
  // Typing `@` and a name suggests members; the picked ones still named when posting are stored.
  const mention = useMentionCombobox({
    value: caption,
    onValueChange: setCaption,
    search: findMembersByName,
    maxQueryLength: USERNAME_MAX_LENGTH,
  });
  // Offline, the post's audience comes from the SDK's cache, which keeps only what is listened to.
  usePostAudienceCache(authorUid);

  const forgetPhoto = () => {
    setPhoto(null);
    setPhotoAlt('');
    if (fileInput.current) fileInput.current.value = '';
  };

  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) return forgetPhoto();
    const problem = checkImageFile(file, 'any-image');
    if (problem) {
      forgetPhoto();
      show(problem, 'error');
      return;
    }
    clear();
    setPhoto(file);
    setPhotoAlt('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A ref, not state: a double click arrives before the disabled button re-renders.
    if (submitting.current) return;
    // A too-long caption cannot be typed (the field stops at CAPTION_MAX_LENGTH).
    if (newPostProblem(caption, photo) === 'empty') {
      show(FEED_MESSAGES.emptyPost, 'error');
      return;
    }
    submitting.current = true;
    setPhase(photo ? { kind: 'uploading', percent: 0, waiting: false } : { kind: 'saving' });
    try {
      await createPost({
        authorUid,
        caption,
        image: photo,
        imageAlt: photoAlt,
        mentions: mention.mentionsIn(caption, MAX_MENTIONS),
        onProgress: (percent) =>
          setPhase(
            percent >= 100 ? { kind: 'saving' } : { kind: 'uploading', percent, waiting: false },
          ),
        onWaitingForConnection: () =>
          setPhase((current) =>
            current.kind === 'uploading' ? { ...current, waiting: true } : current,
          ),
      });
      setCaption('');
      mention.reset();
      forgetPhoto();
      show(FEED_MESSAGES.postCreated, 'success');
    } catch (error) {
      if (error instanceof ImageUnreadableError) {
        // Nothing was uploaded; the member picks another file.
        forgetPhoto();
        show(MESSAGES.imageUnreadable, 'error');
        return;
      }
      console.error('Post failed', error);
      show(FEED_MESSAGES.postFailed, 'error');
    } finally {
      submitting.current = false;
      setPhase({ kind: 'idle' });
    }
  };

  return (
    <form className="ui-card feed-composer" onSubmit={submit} aria-label="New post">
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
      {previewUrl ? (
        <div className="feed-composer__preview">
          <img src={previewUrl} alt="Preview of the chosen photo" />
          <Button variant="secondary" onClick={forgetPhoto} disabled={busy}>
            Remove photo
          </Button>
        </div>
      ) : null}
      {photo ? <PhotoAltField value={photoAlt} onChange={setPhotoAlt} disabled={busy} /> : null}
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={photoInputId}>
          Photo
        </label>
        <input
          id={photoInputId}
          ref={fileInput}
          type="file"
          accept="image/*"
          onChange={choosePhoto}
          disabled={busy}
        />
      </div>
      {phase.kind === 'uploading' ? (
        <ProgressBar percent={phase.percent} label={PHOTO_PROGRESS_LABEL} />
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
      <div className="feed-composer__actions">
        <Button type="submit" disabled={busy}>
          Post
        </Button>
      </div>
      <StatusMessage status={status} />
    </form>
  );
}
