import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import {
  CAPTION_MAX_LENGTH,
  MAX_MENTIONS,
  USERNAME_MAX_LENGTH,
  useHiddenMembers,
} from 'shared-firebase';
import type { Post } from 'shared-firebase';
import { Button, MentionSuggestions, TextAreaField, useMentionCombobox } from 'shared-ui';
import {
  editPost,
  useFindMembersByName,
  MAX_POST_EDITS,
  postEditProblem,
  useMentionedMembersState,
} from '../../data';
import { FEED_MESSAGES } from '../../messages';
import { photoAltLabel } from '../composer/ChosenPhotos';
import { PhotoAltField } from '../PhotoAltField';

export type EditedPost = Pick<
  Post,
  | 'postId'
  | 'postImage'
  | 'postThumbnail'
  | 'postCaption'
  | 'postImageAlt'
  | 'photos'
  | 'editCount'
  | 'mentions'
>;

export interface EditPostFormProps {
  post: EditedPost;
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

/** One photo of the post as its description field shows it. */
interface EditedPhoto {
  /** The smallest stored size, beside the field so the author sees which photo it describes. */
  thumbnail: string;
  alt: string;
}

/** The post's photos in order, each with its description as stored (empty for none). */
function editedPhotosOf(post: EditedPost): EditedPhoto[] {
  if (!post.postImage) return [];
  const first = {
    thumbnail: post.postThumbnail ?? post.postImage,
    alt: post.postImageAlt ?? '',
  };
  const photos = post.photos;
  if (!photos || photos.images.length < 2) return [first];
  return [
    first,
    ...photos.images.slice(1).map((image, offset) => ({
      thumbnail: photos.thumbnails[offset + 1] ?? image,
      alt: photos.alts[offset + 1] ?? '',
    })),
  ];
}

/**
 * The author's edit of a post's caption and, on a photo post, every photo's description, with the
 * composer's bounds, counters and reminders. Typing `@` and a name in the caption suggests members
 * as the composer does; the members the saved caption still names are stored as its mentions (the
 * ones it already had included). A problem is said under the caption and focus goes back to it;
 * what was typed stays until it is saved or the edit is cancelled (Cancel or Escape), which leaves
 * the post as it was.
 */
export function EditPostForm({ post, onDone, onCancel }: EditPostFormProps) {
  const [photos] = useState(() => editedPhotosOf(post));
  const [caption, setCaption] = useState(post.postCaption ?? '');
  const [imageAlts, setImageAlts] = useState(() => photos.map(({ alt }) => alt));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const captionId = useId();
  const problemId = useId();
  const countId = useId();
  const submitting = useRef(false);
  // The caption's stored mentions: their names, read live, keep them mentioned when saved again.
  const mentioned = useMentionedMembersState(post.mentions);
  // A member who blocked the author since cannot be mentioned again: the rules would refuse it.
  const blockedBy = useHiddenMembers().blockedBy;
  const findMembers = useFindMembersByName();
  const mention = useMentionCombobox({
    value: caption,
    onValueChange: (value) => {
      setCaption(value);
      setProblem(null);
    },
    search: findMembers,
    maxQueryLength: USERNAME_MAX_LENGTH,
    maxMentions: MAX_MENTIONS,
    known: mentioned.members.filter((member) => !blockedBy.has(member.uid)),
  });

  useEffect(() => {
    document.getElementById(captionId)?.focus();
  }, [captionId]);

  const refuse = (message: string) => {
    setProblem(message);
    document.getElementById(captionId)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The stored mentions are still being read: saving now would drop them.
    if (submitting.current || !mentioned.loaded) return;
    const input = { caption, imageAlts, mentions: mention.mentionsIn(caption, MAX_MENTIONS) };
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

  const describe = (index: number, alt: string) =>
    setImageAlts((alts) => alts.map((current, at) => (at === index ? alt : current)));

  return (
    <form
      className="feed-edit"
      aria-label="Edit post"
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
      noValidate
    >
      <div className="ui-mention-field">
        <TextAreaField
          id={captionId}
          label={EDIT_CAPTION_LABEL}
          value={caption}
          maxLength={CAPTION_MAX_LENGTH}
          disabled={saving}
          rows={3}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${problemId} ${countId}` : countId}
          {...mention.fieldProps}
        />
        <MentionSuggestions {...mention.suggestions} />
      </div>
      <p id={countId} className="feed-composer__count" aria-live="off">
        {caption.length}/{CAPTION_MAX_LENGTH}
      </p>
      {photos.length > 1 ? (
        <ol className="feed-edit__photos" aria-label="Photo descriptions">
          {photos.map((photo, index) => (
            <li key={index} className="feed-edit__photo">
              {/* Decorative: the field's label says which photo it is. */}
              <img
                className="feed-edit__thumb"
                src={photo.thumbnail}
                alt=""
                width={64}
                height={64}
              />
              <PhotoAltField
                label={photoAltLabel(index, photos.length)}
                value={imageAlts[index] ?? ''}
                onChange={(alt) => describe(index, alt)}
                disabled={saving}
              />
            </li>
          ))}
        </ol>
      ) : photos.length === 1 ? (
        <PhotoAltField
          value={imageAlts[0] ?? ''}
          onChange={(alt) => describe(0, alt)}
          disabled={saving}
        />
      ) : null}
      <p id={problemId} className="feed-edit__problem" role="alert">
        {problem}
      </p>
      <div className="feed-post__actions">
        <Button type="submit" disabled={saving || !mentioned.loaded}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
