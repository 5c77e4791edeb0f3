import { deleteField, orderBy, query, runTransaction, serverTimestamp } from 'firebase/firestore';
import type { Query, UpdateData } from 'firebase/firestore';
import { useMemo } from 'react';
import {
  CAPTION_MAX_LENGTH,
  explorePostRef,
  MAX_MENTIONS,
  getDb,
  postEditRef,
  postEditsCollection,
  postRef,
  useLiveQuery,
} from 'shared-firebase';
import type { LiveQuery, Post, PostEdit } from 'shared-firebase';
import { noteOwnPostEdited } from './ownPostWrites';
import { PHOTO_ALT_MAX_LENGTH, storedPhotoAlt } from './photoAlt';

/**
 * Most edits a post may have; the rules hold the same number. Its whole history is then deleted
 * in the one batch that deletes the post (docs/DATA_MODEL.md "Editing a post").
 */
export const MAX_POST_EDITS = 100;

/** What an edit changes: the caption, its mentions and, on a photo post, every photo's description. */
export interface PostEditInput {
  caption: string;
  /**
   * The descriptions as typed, one per photo in the post's order (none on a text post); the
   * first is the post's postImageAlt, the others its `photos.alts`.
   */
  imageAlts: readonly string[];
  /** The members the new caption mentions (uids, at most MAX_MENTIONS), as a new post stores them. */
  mentions: readonly string[];
}

type EditedFields = Pick<
  Post,
  'postImage' | 'postCaption' | 'postImageAlt' | 'photos' | 'editCount' | 'mentions'
>;

/** The caption as stored: trimmed, null when empty (as a new post's). */
function storedCaption(caption: string): string | null {
  const trimmed = caption.trim();
  return trimmed === '' ? null : trimmed;
}

/** The post's descriptions as stored: postImageAlt first, then photos.alts after its first. */
function storedAltsOf(post: EditedFields): (string | null)[] {
  if (!post.postImage) return [];
  const others = post.photos ? post.photos.alts.slice(1) : [];
  return [post.postImageAlt ?? null, ...others];
}

/** The typed descriptions as they would be stored, one per photo of the post. */
function editedAltsOf(post: EditedFields, imageAlts: readonly string[]): (string | null)[] {
  return storedAltsOf(post).map((_, index) => storedPhotoAlt(imageAlts[index] ?? ''));
}

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * Why this edit cannot be saved, or null: the rules of a new post (a post without a photo needs
 * a caption; the bounds), plus 'unchanged' when it would store what the post already says, and
 * 'too-many' at MAX_POST_EDITS. Mentions follow the caption: an unchanged caption is unchanged.
 */
export function postEditProblem(
  post: EditedFields,
  { caption, imageAlts }: Pick<PostEditInput, 'caption' | 'imageAlts'>,
): 'empty' | 'too-long' | 'unchanged' | 'too-many' | null {
  if (
    caption.length > CAPTION_MAX_LENGTH ||
    imageAlts.some((alt) => alt.length > PHOTO_ALT_MAX_LENGTH)
  ) {
    return 'too-long';
  }
  if (storedCaption(caption) === null && !post.postImage) return 'empty';
  if (
    storedCaption(caption) === post.postCaption &&
    sameList(editedAltsOf(post, imageAlts), storedAltsOf(post))
  ) {
    return 'unchanged';
  }
  if ((post.editCount ?? 0) >= MAX_POST_EDITS) return 'too-many';
  return null;
}

/**
 * Saves the author's edit as docs/DATA_MODEL.md "Editing a post" says, in one transaction: the
 * post's new caption, mentions and descriptions with the edit's time and count, the version it
 * replaces in `posts/{postId}/edits/{n}` (n = the edits before it, every description of that
 * version included), and, on a photo post, the explore entry's copy of the first description. A
 * transaction, not a batch: the replaced version must be the one on the server (another tab may
 * have edited meanwhile), which the rules check. Needs a connection. Resolves false when there was
 * nothing to save.
 */
export async function editPost(postId: string, input: PostEditInput): Promise<boolean> {
  const saved = await runTransaction(getDb(), async (transaction) => {
    const snapshot = await transaction.get(postRef(postId));
    const before = snapshot.data();
    if (!before) throw new Error('The post no longer exists.');
    const problem = postEditProblem(before, input);
    if (problem === 'unchanged') return false;
    if (problem) throw new Error(`The edit is ${problem}.`);
    const explore = before.postImage ? await transaction.get(explorePostRef(postId)) : null;
    const count = before.editCount ?? 0;
    const [postImageAlt = null, ...otherAlts] = editedAltsOf(before, input.imageAlts);
    const altField = postImageAlt ?? deleteField();
    // The first photo's description stays in postImageAlt, its place in the list null (as a new
    // post's); only the list of descriptions moves, never the photos.
    const photoAlts = before.photos ? [null, ...otherAlts] : null;
    const altsChanged = before.photos && photoAlts && !sameList(photoAlts, before.photos.alts);
    const mentions = input.mentions.slice(0, MAX_MENTIONS);
    const mentionsChanged = !sameList(mentions, before.mentions ?? []);
    const changes: UpdateData<Post> = {
      postCaption: storedCaption(input.caption),
      postImageAlt: altField,
      editedAt: serverTimestamp(),
      editCount: count + 1,
      ...(altsChanged ? { 'photos.alts': photoAlts } : {}),
      ...(mentionsChanged ? { mentions: mentions.length > 0 ? mentions : deleteField() } : {}),
    };
    transaction.update(postRef(postId), changes);
    const replaced: PostEdit = {
      uid: before.uid,
      postCaption: before.postCaption,
      postImageAlt: before.postImageAlt ?? null,
      ...(before.photos ? { photoAlts: before.photos.alts } : {}),
      // A post read from the server always has its times.
      versionAt: (before.editedAt ?? before.createdAt)!,
      replacedAt: null,
    };
    transaction.set(postEditRef(postId, String(count)), {
      ...replaced,
      replacedAt: serverTimestamp(),
    });
    if (explore?.exists() && (explore.data().postImageAlt ?? null) !== postImageAlt) {
      transaction.update(explorePostRef(postId), { postImageAlt: altField });
    }
    return true;
  });
  if (saved) noteOwnPostEdited(postId);
  return saved;
}

/** A post's earlier versions, most recently replaced first. */
export function postEditsQuery(postId: string): Query<PostEdit, PostEdit> {
  return query(postEditsCollection(postId), orderBy('replacedAt', 'desc'));
}

/** The live list of a post's earlier versions (the "Edited" history). */
export function usePostEdits(postId: string): LiveQuery<PostEdit> {
  const base = useMemo(() => postEditsQuery(postId), [postId]);
  return useLiveQuery(base);
}
