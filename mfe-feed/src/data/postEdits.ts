import { deleteField, orderBy, query, runTransaction, serverTimestamp } from 'firebase/firestore';
import type { Query, UpdateData } from 'firebase/firestore';
import { useMemo } from 'react';
import {
  CAPTION_MAX_LENGTH,
  explorePostRef,
  getDb,
  postEditRef,
  postEditsCollection,
  postRef,
  useLiveQuery,
} from 'shared-firebase';
import type { LiveQuery, Post, PostEdit } from 'shared-firebase';
import { PHOTO_ALT_MAX_LENGTH, storedPhotoAlt } from './photoAlt';

/**
 * Most edits a post may have; the rules hold the same number. Its whole history is then deleted
 * in the one batch that deletes the post (docs/DATA_MODEL.md "Editing a post").
 */
export const MAX_POST_EDITS = 100;

/** What an edit changes: the caption and, on a photo post, the photo's description. */
export interface PostEditInput {
  caption: string;
  imageAlt: string;
}

/** The caption as stored: trimmed, null when empty (as a new post's). */
function storedCaption(caption: string): string | null {
  const trimmed = caption.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * Why this edit cannot be saved, or null: the rules of a new post (a post without a photo needs
 * a caption; the bounds), plus 'unchanged' when it would store what the post already says, and
 * 'too-many' at MAX_POST_EDITS.
 */
export function postEditProblem(
  post: Pick<Post, 'postImage' | 'postCaption' | 'postImageAlt' | 'editCount'>,
  { caption, imageAlt }: PostEditInput,
): 'empty' | 'too-long' | 'unchanged' | 'too-many' | null {
  if (caption.length > CAPTION_MAX_LENGTH || imageAlt.length > PHOTO_ALT_MAX_LENGTH) {
    return 'too-long';
  }
  if (storedCaption(caption) === null && !post.postImage) return 'empty';
  const alt = post.postImage ? storedPhotoAlt(imageAlt) : null;
  if (storedCaption(caption) === post.postCaption && alt === (post.postImageAlt ?? null)) {
    return 'unchanged';
  }
  if ((post.editCount ?? 0) >= MAX_POST_EDITS) return 'too-many';
  return null;
}

/**
 * Saves the author's edit as docs/DATA_MODEL.md "Editing a post" says, in one transaction: the
 * post's new caption and description with the edit's time and count, the version it replaces in
 * `posts/{postId}/edits/{n}` (n = the edits before it), and, on a photo post, the explore entry's
 * copy of the description. A transaction, not a batch: the replaced version must be the one on
 * the server (another tab may have edited meanwhile), which the rules check. Needs a connection.
 * Resolves false when there was nothing to save.
 */
export async function editPost(postId: string, input: PostEditInput): Promise<boolean> {
  return runTransaction(getDb(), async (transaction) => {
    const snapshot = await transaction.get(postRef(postId));
    const before = snapshot.data();
    if (!before) throw new Error('The post no longer exists.');
    const problem = postEditProblem(before, input);
    if (problem === 'unchanged') return false;
    if (problem) throw new Error(`The edit is ${problem}.`);
    const explore = before.postImage ? await transaction.get(explorePostRef(postId)) : null;
    const count = before.editCount ?? 0;
    const postImageAlt = before.postImage ? storedPhotoAlt(input.imageAlt) : null;
    const altField = postImageAlt ?? deleteField();
    const changes: UpdateData<Post> = {
      postCaption: storedCaption(input.caption),
      postImageAlt: altField,
      editedAt: serverTimestamp(),
      editCount: count + 1,
    };
    transaction.update(postRef(postId), changes);
    const replaced: PostEdit = {
      uid: before.uid,
      postCaption: before.postCaption,
      postImageAlt: before.postImageAlt ?? null,
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
