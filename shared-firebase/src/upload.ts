import { browserOnline, waitUntilBrowserOnline } from './connectivity/browserOnline';
import { IMAGE_MAX_BYTES, RASTER_IMAGE_TYPES } from './constants';
import { IMAGE_SIZES, JPEG_QUALITY } from './media/imageSizes';
import type { ImageKind, SizeSpec } from './media/imageSizes';
import type { RenderedSize } from './media/renderImageSizes';
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

/** How much of the progress bar processing takes; uploading the sizes fills the rest. */
const PROCESSING_SHARE = 0.3;

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png' };

/** `<stem>.jpg` for the display size, `<stem>-thumbnail.jpg` beside it for the others. */
function objectName(stem: string, size: RenderedSize): string {
  const extension = EXTENSIONS[size.blob.type] ?? '';
  return size.name === 'display' ? `${stem}${extension}` : `${stem}-${size.name}${extension}`;
}

/** Uploads the rendered sizes side by side, reporting the bytes sent as a fraction of all. */
async function uploadSizes(
  folderPath: string,
  sizes: RenderedSize[],
  onFraction: (fraction: number) => void,
): Promise<Map<SizeSpec['name'], UploadedFile>> {
  const { sdk, storage } = await loadStorage();
  const stem = `${Date.now()}-${crypto.randomUUID()}`;
  const totalBytes = sizes.reduce((sum, size) => sum + size.blob.size, 0);
  const sent = sizes.map(() => 0);
  const done: string[] = [];
  try {
    const uploaded = await Promise.all(
      sizes.map(async (size, index) => {
        const path = `${folderPath}/${objectName(stem, size)}`;
        const task = sdk.uploadBytesResumable(sdk.ref(storage, path), size.blob, {
          contentType: size.blob.type,
        });
        await new Promise<void>((resolve, reject) => {
          task.on(
            'state_changed',
            (snapshot) => {
              sent[index] = snapshot.bytesTransferred;
              onFraction(sent.reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, totalBytes));
            },
            reject,
            resolve,
          );
        });
        done.push(path);
        const file = { path, downloadUrl: await sdk.getDownloadURL(task.snapshot.ref) };
        return [size.name, file] as const;
      }),
    );
    return new Map(uploaded);
  } catch (error) {
    // A size that failed leaves none behind.
    await deleteStoredFiles(done).catch(() => undefined);
    throw error;
  }
}

/**
 * The code that makes the sizes, fetched with the first photo a member sends: every signed-in page
 * loads this package, few of them upload. Offline, it is fetched once the browser is online again,
 * as the upload itself waits.
 */
async function loadImagePipeline(onWaitingForConnection?: () => void) {
  const load = async () => {
    const [worker, pipeline] = await Promise.all([
      import('./media/imageWorker'),
      import('./media/renderImageSizes'),
    ]);
    return {
      renderOffMainThread: worker.renderOffMainThread,
      UNREADABLE_IMAGE: pipeline.UNREADABLE_IMAGE,
    };
  };
  try {
    return await load();
  } catch (error) {
    if (browserOnline()) throw error;
    onWaitingForConnection?.();
    await waitUntilBrowserOnline();
    return load();
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
  const { renderOffMainThread, UNREADABLE_IMAGE } = await loadImagePipeline(onWaitingForConnection);
  let sizes: RenderedSize[];
  try {
    sizes = await renderOffMainThread(
      { file, sizes: IMAGE_SIZES[kind], quality: JPEG_QUALITY, tryPng: file.type !== 'image/jpeg' },
      (done, total) => onProgress((done / total) * PROCESSING_SHARE * 100),
    );
  } catch (error) {
    if ((error as Error).name === UNREADABLE_IMAGE) throw new ImageUnreadableError();
    throw error;
  }
  if (!browserOnline()) {
    // Storage cannot queue an upload as Firestore queues a write: the processed sizes wait here.
    onWaitingForConnection?.();
    await waitUntilBrowserOnline();
  }
  const uploaded = await uploadSizes(`${uid}/${folder}`, sizes, (fraction) =>
    onProgress((PROCESSING_SHARE + fraction * (1 - PROCESSING_SHARE)) * 100),
  );
  const display = sizes.find((size) => size.name === 'display')!;
  return {
    display: uploaded.get('display')!,
    thumbnail: uploaded.get('thumbnail'),
    small: uploaded.get('small'),
    width: display.width,
    height: display.height,
  };
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
