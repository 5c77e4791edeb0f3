// The upload of one picture: its sizes made off the main thread, then sent side by side. Fetched
// with the first photo a member sends (upload.ts): every signed-in page loads the package, few of
// them upload.
import { browserOnline, waitUntilBrowserOnline } from '../connectivity/browserOnline';
import { loadStorage } from '../storage';
import { deleteStoredFiles, ImageUnreadableError } from '../upload';
import type { UploadedFile, UploadedImage } from '../upload';
import { IMAGE_SIZES, JPEG_QUALITY } from './imageSizes';
import type { ImageKind, SizeSpec } from './imageSizes';
import { renderOffMainThread } from './imageWorker';
import { UNREADABLE_IMAGE, type RenderedSize } from './renderImageSizes';

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
 * Makes the sizes of `kind` from the chosen file (upright, metadata dropped, IMAGE_SIZES) and
 * uploads them under `folderPath`, reporting progress over both (0–100). A file the browser
 * cannot decode throws ImageUnreadableError before anything is uploaded. Offline, the processed
 * sizes wait for the connection (`onWaitingForConnection` says so in between).
 */
export async function sendImage(
  folderPath: string,
  kind: ImageKind,
  file: File,
  onProgress: (percent: number) => void,
  onWaitingForConnection?: () => void,
): Promise<UploadedImage> {
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
  const uploaded = await uploadSizes(folderPath, sizes, (fraction) =>
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
