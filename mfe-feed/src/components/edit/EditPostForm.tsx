import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { CAPTION_MAX_LENGTH } from 'shared-firebase';
import type { Post } from 'shared-firebase';
import { Button, TextAreaField } from 'shared-ui';
import { editPost, MAX_POST_EDITS, postEditProblem } from '../../data';
import { FEED_MESSAGES } from '../../messages';
import { PhotoAltField } from '../PhotoAltField';

export interface EditPostFormProps {
  post: Pick<Post, 'postId' | 'postImage' | 'postCaption' | 'postImageAlt' | 'editCount'>;
  /** The edit was saved (true) or there was nothing to save (false). */
  onDone: (saved: boolean) => void;
  onCancel: () => void;
}

export const EDIT_CAPTION_LABEL = 'Caption';

const PROBLEM_MESSAGES = {
  empty: FEED_MESSAGES.editEmpty,
  'too-long': FEED_MESSAGES.editTooLong,
  'too-many': `This post has been edited ${MAX_POST_EDITS} times, the most a post can be.`,
} as const;

/**
 * The author's edit of a post's caption and, on a photo post, the photo's description, with the
 * composer's bounds and counters. A problem is said under the caption and focus goes back to it;
 * what was typed stays until it is saved or the edit is cancelled (Cancel or Escape), which
 * leaves the post as it was.
 */
export function EditPostForm({ post, onDone, onCancel }: EditPostFormProps) {
  const [caption, setCaption] = useState(post.postCaption ?? '');
  const [imageAlt, setImageAlt] = useState(post.postImageAlt ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const captionId = useId();
  const problemId = useId();
  const countId = useId();
  const submitting = useRef(false);

  useEffect(() => {
    document.getElementById(captionId)?.focus();
  }, [captionId]);

  const refuse = (message: string) => {
    setProblem(message);
    document.getElementById(captionId)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    const input = { caption, imageAlt };
    const found = postEditProblem(post, input);
    if (found === 'unchanged') return onDone(false);
    if (found) return refuse(PROBLEM_MESSAGES[found]);
    submitting.current = true;
    setSaving(true);
    try {
      onDone(await editPost(post.postId, input));
    } catch (error) {
      console.error('Edit failed', error);
      refuse(FEED_MESSAGES.editFailed);
      submitting.current = false;
      setSaving(false);
    }
  };

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !saving) {
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <form
      className="feed-edit"
      aria-label="Edit post"
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
      noValidate
    >
      <TextAreaField
        id={captionId}
        label={EDIT_CAPTION_LABEL}
        value={caption}
        maxLength={CAPTION_MAX_LENGTH}
        onChange={(event) => {
          setCaption(event.target.value);
          setProblem(null);
        }}
        disabled={saving}
        rows={3}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${problemId} ${countId}` : countId}
      />
      <p id={countId} className="feed-composer__count" aria-live="off">
        {caption.length}/{CAPTION_MAX_LENGTH}
      </p>
      {post.postImage ? (
        <PhotoAltField value={imageAlt} onChange={setImageAlt} disabled={saving} />
      ) : null}
      <p id={problemId} className="feed-edit__problem" role="alert">
        {problem}
      </p>
      <div className="feed-post__actions">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
