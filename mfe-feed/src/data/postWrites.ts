import {
  arrayRemove,
  arrayUnion,
  doc,
  getDocs,
  query,
  runTransaction,
  serverTimestamp,
  where,
  writeBatch,
} from 'firebase/firestore';
import type {
  DocumentData,
  DocumentReference,
  UpdateData,
  WithFieldValue,
} from 'firebase/firestore';
import {
  addPostTombstone,
  CAPTION_MAX_LENGTH,
  commentsCollection,
  deleteStoredFiles,
  explorePostRef,
  followersRef,
  getDb,
  ImageUnreadableError,
  isPermissionDenied,
  MAX_MENTIONS,
  noteOwnMemberWrite,
  POSTS_LIST_BOUND,
  postEditsCollection,
  postRef,
  postsCollection,
  STORAGE_FOLDERS,
  uploadImage,
  userDataRef,
  waitUntilBrowserOnline,
} from 'shared-firebase';
import type { Post, UploadedImage } from 'shared-firebase';
import { PHOTO_ALT_MAX_LENGTH, storedPhotoAlt } from './photoAlt';
import { noteOwnPostDeleted, noteOwnPostMade } from './ownPostWrites';
import { postAudience, readPostAudience } from './postAudience';

// Making and deleting posts, apart from the reads a list of posts needs (./posts).

/**
 * The rules allow at most 20 rule document reads per batch and each comment delete by the post's
 * author reads the post once (docs/DATA_MODEL.md "Delete a post").
 */
export const COMMENT_DELETE_BATCH_SIZE = 10;

/** Most photos in one post (docs/DATA_MODEL.md "Several photos"); firestore.rules holds it too. */
export const MAX_POST_PHOTOS = 10;

/** The post's stored picture files: the first photo's sizes and, on a post of several, all. */
export type PostImages = Pick<Post, 'postImage' | 'postThumbnail' | 'photos'>;

/** Deletes every stored size of every photo of a post (a file already gone is no error). */
export function deletePostImages(post: PostImages): Promise<void> {
  const urls = [
    post.postImage,
    post.postThumbnail,
    ...(post.photos?.images ?? []),
    ...(post.photos?.thumbnails ?? []),
  ].filter((url): url is string => typeof url === 'string' && url !== '');
  return deleteStoredFiles([...new Set(urls)]);
}

/** One chosen photo of a new post and the author's description of it. */
export interface NewPhoto {
  file: File;
  /**
   * The description (alt text), at most PHOTO_ALT_MAX_LENGTH characters; stored only when it has
   * something visible in it.
   */
  alt?: string;
}

/** Where a new post's photos are: which one is prepared and uploaded, and how far all are. */
export interface PhotosProgress {
  /** Over the whole set, 0–100. */
  percent: number;
  /** The photo being prepared or uploaded, from 1. */
  photo: number;
  photos: number;
}

/** What `createPost` needs. */
export interface NewPost {
  authorUid: string;
  caption: string;
  /** The photos in the order the post shows them; none for a text post, at most MAX_POST_PHOTOS. */
  photos: readonly NewPhoto[];
  /** Progress of processing and uploading the photos; called only for photo posts. */
  onProgress?: (progress: PhotosProgress) => void;
  /** The members the caption mentions (uids, at most MAX_MENTIONS); stored only when there are any. */
  mentions?: readonly string[];
  /**
   * Called when a processed photo waits for the browser to be online before its upload (Storage
   * cannot queue it); progress resumes once it is.
   */
  onWaitingForConnection?: () => void;
}

/** A chosen photo the browser could not decode: nothing of the post was uploaded or kept. */
export class UnreadablePhotoError extends ImageUnreadableError {
  constructor(readonly photoIndex: number) {
    super();
    this.name = 'UnreadablePhotoError';
  }
}

/** Why this post cannot be sent, or null: the checks the rules would otherwise refuse. */
export function newPostProblem(
  caption: string,
  photos: readonly NewPhoto[],
): 'empty' | 'too-long' | 'too-many-photos' | null {
  if (photos.length > MAX_POST_PHOTOS) return 'too-many-photos';
  if (
    caption.length > CAPTION_MAX_LENGTH ||
    photos.some(({ alt = '' }) => alt.length > PHOTO_ALT_MAX_LENGTH)
  ) {
    return 'too-long';
  }
  if (caption.trim() === '' && photos.length === 0) return 'empty';
  return null;
}

/** The new post's documents apart from its audience, which is read just before each commit. */
interface PostWrite {
  postId: string;
  authorUid: string;
  caption: string;
  postImage: string | null;
  postThumbnail: string | null;
  sizes: Partial<Pick<Post, 'postThumbnail' | 'postImageWidth' | 'postImageHeight' | 'photos'>>;
  /** The first photo's description; null for none (the field is then left out). */
  postImageAlt: string | null;
  /** The members the caption mentions; empty for none (the field is then left out). */
  mentions: readonly string[];
}

/** What a write batch and a transaction have in common, as writePost uses it. */
interface PostWriter {
  set<T, D extends DocumentData>(ref: DocumentReference<T, D>, data: WithFieldValue<T>): unknown;
  update<T, D extends DocumentData>(ref: DocumentReference<T, D>, data: UpdateData<D>): unknown;
}

/**
 * The post, its explore entry (photo posts only) and, when `listed`, its id in the author's
 * `usersData.posts`, added to one write batch or transaction.
 */
function writePost(
  writer: PostWriter,
  write: PostWrite,
  followers: string[],
  listed: boolean,
): void {
  const { postId, authorUid, caption, postImage, postThumbnail, sizes } = write;
  // The explore grid shows the photo too, so its entry carries the same description.
  const alt = postImage && write.postImageAlt ? { postImageAlt: write.postImageAlt } : {};
  writer.set(postRef(postId), {
    postImage,
    postCaption: caption.trim() === '' ? null : caption.trim(),
    uid: authorUid,
    postId,
    followers,
    likes: [],
    createdAt: serverTimestamp(),
    ...sizes,
    ...alt,
    ...(write.mentions.length > 0 ? { mentions: [...write.mentions] } : {}),
  });
  if (postImage) {
    writer.set(explorePostRef(postId), {
      postImage,
      uid: authorUid,
      postId,
      createdAt: serverTimestamp(),
      ...(postThumbnail ? { postThumbnail } : {}),
      ...alt,
      ...(sizes.photos ? { photoCount: sizes.photos.images.length } : {}),
    });
  }
  if (listed) writer.update(userDataRef(authorUid), { posts: arrayUnion(postId) });
}

/** One batch, which Firestore applies locally at once and queues while offline. */
function commitPost(write: PostWrite, followers: string[]): Promise<void> {
  const batch = writeBatch(getDb());
  writePost(batch, write, followers, true);
  return batch.commit();
}

/**
 * The retry: a transaction, so the followers and the author's list are read on the server itself
 * at commit time. A list at its bound is left as it is (the rules refuse its growth); the post is
 * made all the same.
 */
function commitPostWithServerFollowers(write: PostWrite): Promise<void> {
  return runTransaction(getDb(), async (transaction) => {
    const [followersDoc, author] = await Promise.all([
      transaction.get(followersRef(write.authorUid)),
      transaction.get(userDataRef(write.authorUid)),
    ]);
    const listed = (author.data()?.posts.length ?? 0) < POSTS_LIST_BOUND;
    writePost(transaction, write, postAudience(write.authorUid, followersDoc), listed);
  });
}

/** Every stored file of the uploaded photos, by path. */
function uploadedPaths(uploaded: readonly UploadedImage[]): string[] {
  return uploaded.flatMap((image) =>
    [image.display, image.thumbnail].flatMap((file) => (file ? [file.path] : [])),
  );
}

/**
 * Reduces each photo to its sizes in the browser and uploads them, one photo after the other (each
 * is CPU work of its own; the progress says which), with progress over the whole set. A photo that
 * cannot be decoded throws UnreadablePhotoError naming it, and the photos uploaded before it are
 * removed again.
 */
async function uploadPhotos(
  authorUid: string,
  photos: readonly NewPhoto[],
  onProgress: (progress: PhotosProgress) => void,
  onWaitingForConnection?: () => void,
): Promise<UploadedImage[]> {
  const uploaded: UploadedImage[] = [];
  try {
    for (const [index, { file }] of photos.entries()) {
      const report = (percent: number) =>
        onProgress({
          percent: ((index + percent / 100) / photos.length) * 100,
          photo: index + 1,
          photos: photos.length,
        });
      try {
        uploaded.push(
          await uploadImage(
            authorUid,
            STORAGE_FOLDERS.posts,
            'post',
            file,
            report,
            onWaitingForConnection,
          ),
        );
      } catch (error) {
        throw error instanceof ImageUnreadableError ? new UnreadablePhotoError(index) : error;
      }
    }
    return uploaded;
  } catch (error) {
    await deleteStoredFiles(uploadedPaths(uploaded)).catch(() => undefined);
    throw error;
  }
}

/** The seed's fields of the first photo and, for a post of several, the list of all of them. */
function photoFields(
  uploaded: readonly UploadedImage[],
  photos: readonly NewPhoto[],
): PostWrite['sizes'] {
  const [first] = uploaded;
  if (!first) return {};
  const sizes: PostWrite['sizes'] = {
    ...(first.thumbnail ? { postThumbnail: first.thumbnail.downloadUrl } : {}),
    postImageWidth: first.width,
    postImageHeight: first.height,
  };
  if (uploaded.length < 2) return sizes;
  return {
    ...sizes,
    photos: {
      images: uploaded.map((image) => image.display.downloadUrl),
      thumbnails: uploaded.map(
        (image) => image.thumbnail?.downloadUrl ?? image.display.downloadUrl,
      ),
      widths: uploaded.map((image) => image.width),
      heights: uploaded.map((image) => image.height),
      // The first photo's description is postImageAlt, which an edit changes.
      alts: uploaded.map((_, index) =>
        index === 0 ? null : storedPhotoAlt(photos[index]?.alt ?? ''),
      ),
    },
  };
}

/**
 * Makes a post as docs/DATA_MODEL.md "New post" says: each photo is reduced to its sizes in the
 * browser and uploaded to `{uid}/posts/` first (a file that cannot be decoded throws
 * UnreadablePhotoError and nothing is written or kept; offline, the uploads wait for the
 * connection), then one write batch stores the post, its explore entry (photo posts only) and the
 * author's `usersData.posts`, so a failure leaves no half post. A batch, not a transaction,
 * because Firestore queues a batch offline and sends it when the connection returns (a
 * transaction needs the server): the post shows in the author's own lists at once and the promise
 * settles when the server has decided. The audience comes from `Followers/{uid}` as Firestore
 * knows it (the server online, the cache offline). The rules accept only followers still in
 * `Followers/{uid}` at commit time, so a refusal (a follower left meanwhile) is retried once in a
 * transaction, which reads them on the server (the retry happens online: the server has just
 * answered); so is the refusal of a 5,001st id in `usersData.posts`, and the retry makes the post
 * without listing it (POSTS_LIST_BOUND). Returns the new post id.
 */
export async function createPost({
  authorUid,
  caption,
  photos,
  mentions = [],
  onProgress,
  onWaitingForConnection,
}: NewPost): Promise<string> {
  const problem = newPostProblem(caption, photos);
  if (problem) throw new Error(`The post is ${problem}.`);
  const uploaded = await uploadPhotos(
    authorUid,
    photos,
    onProgress ?? (() => {}),
    onWaitingForConnection,
  );
  const [first] = uploaded;
  const write: PostWrite = {
    postId: doc(postsCollection()).id,
    authorUid,
    caption,
    postImage: first?.display.downloadUrl ?? null,
    postThumbnail: first?.thumbnail?.downloadUrl ?? null,
    sizes: photoFields(uploaded, photos),
    postImageAlt: first ? storedPhotoAlt(photos[0]?.alt ?? '') : null,
    mentions: mentions.slice(0, MAX_MENTIONS),
  };
  try {
    const audience = await readPostAudience(authorUid);
    try {
      const committed = commitPost(write, audience);
      noteOwnPostMade(write.postId);
      noteOwnMemberWrite();
      await committed;
    } catch (error) {
      if (!isPermissionDenied(error)) throw error;
      await commitPostWithServerFollowers(write);
      noteOwnPostMade(write.postId);
      noteOwnMemberWrite();
    }
    return write.postId;
  } catch (error) {
    // No post refers to the uploaded files: remove them rather than leave orphans behind.
    await deleteStoredFiles(uploadedPaths(uploaded)).catch(() => undefined);
    throw error;
  }
}

/**
 * Deletes a post as docs/DATA_MODEL.md "Delete a post" says — its comments first in batches of
 * COMMENT_DELETE_BATCH_SIZE (the rules read the post for each), then the post, its explore entry,
 * its id in the author's `usersData.posts` and its edit history in one batch — and finally every
 * size of every photo.
 * Offline, it starts once the browser is online again.
 */
export async function deletePost(
  post: Pick<Post, 'postId' | 'uid' | 'postImage' | 'postThumbnail' | 'photos'>,
): Promise<void> {
  const db = getDb();
  // Offline, the cache could list only some comments and the rest would be orphaned: wait.
  await waitUntilBrowserOnline();
  const comments = await getDocs(query(commentsCollection(), where('postId', '==', post.postId)));
  for (let start = 0; start < comments.docs.length; start += COMMENT_DELETE_BATCH_SIZE) {
    const batch = writeBatch(db);
    for (const comment of comments.docs.slice(start, start + COMMENT_DELETE_BATCH_SIZE)) {
      batch.delete(comment.ref);
    }
    await batch.commit();
  }
  // Its earlier versions (at most MAX_POST_EDITS) go in the batch that deletes the post: the
  // rules let the history go only with its post, so a post is never left without it.
  const edits = await getDocs(postEditsCollection(post.postId));
  const batch = writeBatch(db);
  batch.delete(postRef(post.postId));
  batch.delete(explorePostRef(post.postId));
  addPostTombstone(batch, post.postId, post.uid);
  batch.update(userDataRef(post.uid), { posts: arrayRemove(post.postId) });
  for (const edit of edits.docs) batch.delete(edit.ref);
  await batch.commit();
  noteOwnPostDeleted(post.postId);
  noteOwnMemberWrite();
  // The download URLs name the objects. The post is already gone, so a file that cannot be
  // removed is only logged.
  await deletePostImages(post).catch((error: unknown) => {
    console.error('Post image not deleted', error);
  });
}
