import { STORAGE_FOLDERS } from '../model';
import type { ImageKind } from './imageSizes';
import { judgeStoredPicture, PICTURE_HEADER_BYTES } from './pictureBounds';

/** A Storage folder under the owner's uid (STORAGE_FOLDERS). */
export type PictureFolder = (typeof STORAGE_FOLDERS)[keyof typeof STORAGE_FOLDERS];

/** Which picture kind each folder holds: what the app passes `uploadImage` for that folder. */
const KIND_OF_FOLDER: Record<PictureFolder, ImageKind> = {
  [STORAGE_FOLDERS.posts]: 'post',
  [STORAGE_FOLDERS.profilePictures]: 'profilePicture',
  [STORAGE_FOLDERS.profileCovers]: 'profileCover',
};

/** The object a Storage `finalized` event names (firebase-functions' StorageObjectData). */
export interface FinalizedObject {
  name: string;
  contentType?: string;
  /** Bytes, a number or (as Storage sends it) a decimal string. */
  size: number | string;
  generation: number | string;
}

/**
 * The part of the Admin SDK's bucket (`getStorage().bucket(name)`) the check uses: one generation
 * of a file, its first bytes (`end` inclusive) and its deletion only while that generation is the
 * current one. Structural, so this package does not depend on firebase-admin.
 */
export interface PictureBucket {
  file(
    name: string,
    options: { generation: number | string },
  ): {
    download(options: { start: number; end: number }): Promise<[Uint8Array]>;
    delete(options: { ifGenerationMatch: number | string }): Promise<unknown>;
  };
}

/** What the check did with one object. */
export type PictureCheck =
  | { outcome: 'ignored' }
  | { outcome: 'kept'; kind: ImageKind; width: number; height: number }
  | { outcome: 'deleted'; kind: ImageKind; reason: string }
  /** This generation was replaced or deleted before the check got to it: nothing left to do. */
  | { outcome: 'gone'; kind: ImageKind };

/** The folder of `<uid>/<folder>/<file…>` when it is one of `folders`; null otherwise. */
function folderOf(name: string, folders: readonly PictureFolder[]): PictureFolder | null {
  const [uid, folder, ...rest] = name.split('/');
  if (!uid || rest.length === 0 || rest.some((part) => part === '')) return null;
  return (folders as readonly string[]).includes(folder!) ? (folder as PictureFolder) : null;
}

/** Storage's "no such object" (404) and "precondition failed" (412: a newer generation). */
function isGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 404 || code === 412;
}

/**
 * The server half of the media pipeline (docs/DATA_MODEL.md "Image sizes"): a Storage function
 * calls this for every finalized object. An object under one of `folders` (`<uid>/<folder>/…`,
 * at any depth) is read up to its header and deleted unless it is a picture the app could have
 * made for that folder (judgeStoredPicture). Only the generation the event names is read and
 * deleted, so a later upload to the same name is never removed by a check of an earlier one, and a
 * second delivery of the event changes nothing.
 */
export async function checkUploadedPicture(
  bucket: PictureBucket,
  object: FinalizedObject,
  folders: readonly PictureFolder[],
): Promise<PictureCheck> {
  const folder = folderOf(object.name, folders);
  if (folder === null) return { outcome: 'ignored' };
  const kind = KIND_OF_FOLDER[folder];
  const file = bucket.file(object.name, { generation: object.generation });
  const size = Number(object.size);
  let verdict;
  try {
    const header =
      size > 0
        ? (await file.download({ start: 0, end: Math.min(size, PICTURE_HEADER_BYTES) - 1 }))[0]
        : new Uint8Array(0);
    verdict = judgeStoredPicture(header, object.contentType, kind);
  } catch (error) {
    if (isGone(error)) return { outcome: 'gone', kind };
    throw error;
  }
  if (verdict.keep) {
    return { outcome: 'kept', kind, width: verdict.width, height: verdict.height };
  }
  try {
    await file.delete({ ifGenerationMatch: object.generation });
  } catch (error) {
    if (isGone(error)) return { outcome: 'gone', kind };
    throw error;
  }
  return { outcome: 'deleted', kind, reason: verdict.reason };
}
