import { browserOnline, waitUntilBrowserOnline } from './connectivity/browserOnline';
import { IMAGE_MAX_BYTES, RASTER_IMAGE_TYPES } from './constants';
import type { ImageKind } from './media/imageSizes';
import { MESSAGES } from './messages';
import type { STORAGE_FOLDERS } from './model';
import { loadStorage } from './storage';

export type StorageFolder = (typeof STORAGE_FOLDERS)[keyof typeof STORAGE_FOLDERS];

export interface UploadedFile {
  /** The object's path in the bucket, e.g. `<uid>/posts/<name>`. */
  path: string;
  downloadUrl: string;
}

/** Every stored size of one picture, by name, and the display size's pixel dimensions. */
export interface UploadedImage {
  display: UploadedFile;
  thumbnail?: UploadedFile;
  small?: UploadedFile;
  width: number;
  height: number;
}

/** A chosen file the browser could not decode: nothing was uploaded. */
export class ImageUnreadableError extends Error {
  constructor() {
    super(MESSAGES.imageUnreadable);
    this.name = 'ImageUnreadableError';
  }
}

/** Why a chosen file cannot be uploaded, or null when it can. */
export function checkImageFile(file: File, accept: 'any-image' | 'png-or-jpeg'): string | null {
  const typeOk =
    accept === 'any-image'
      ? RASTER_IMAGE_TYPES.includes(file.type)
      : file.type === 'image/png' || file.type === 'image/jpeg';
  if (!typeOk) {
    return accept === 'any-image'
      ? 'Please choose an image file.'
      : 'Please choose a PNG or JPEG image.';
  }
  if (file.size > IMAGE_MAX_BYTES) {
    return `The image is too large: the limit is ${IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;
  }
  return null;
}

/**
 * The code that makes the sizes, fetched with the first photo a member sends: every signed-in page
 * loads this package, few of them upload. Offline, it is fetched once the browser is online again,
 * as the upload itself waits.
 */
async function loadImagePipeline(onWaitingForConnection?: () => void) {
  try {
    return await import('./media/sendImage');
  } catch (error) {
    if (browserOnline()) throw error;
    onWaitingForConnection?.();
    await waitUntilBrowserOnline();
    return import('./media/sendImage');
  }
}

/**
 * Makes the sizes of `kind` from the chosen file in the browser (upright, metadata dropped,
 * IMAGE_SIZES) and uploads them under `<uid>/<folder>/`, reporting progress over both (0–100).
 * A file the browser cannot decode throws ImageUnreadableError before anything is uploaded. When
 * the browser is offline, the upload starts once it is online again (`onWaitingForConnection`
 * says so in between).
 */
export async function uploadImage(
  uid: string,
  folder: StorageFolder,
  kind: ImageKind,
  file: File,
  onProgress: (percent: number) => void,
  onWaitingForConnection?: () => void,
): Promise<UploadedImage> {
  onProgress(0);
  const { sendImage } = await loadImagePipeline(onWaitingForConnection);
  return sendImage(`${uid}/${folder}`, kind, file, onProgress, onWaitingForConnection);
}

/** Deletes stored files named by their paths or download URLs; a file already gone is no error. */
export async function deleteStoredFiles(pathsOrUrls: string[]): Promise<void> {
  const { sdk, storage } = await loadStorage();
  await Promise.all(
    pathsOrUrls.map((pathOrUrl) =>
      sdk.deleteObject(sdk.ref(storage, pathOrUrl)).catch((error: { code?: string }) => {
        if (error.code !== 'storage/object-not-found') throw error;
      }),
    ),
  );
}
