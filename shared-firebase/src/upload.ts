import { IMAGE_MAX_BYTES, RASTER_IMAGE_TYPES } from './constants';
import type { STORAGE_FOLDERS } from './model';
import { loadStorage } from './storage';

export type StorageFolder = (typeof STORAGE_FOLDERS)[keyof typeof STORAGE_FOLDERS];

export interface UploadedFile {
  /** The object's path in the bucket, e.g. `<uid>/posts/<name>`. */
  path: string;
  downloadUrl: string;
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

function uniqueName(file: File): string {
  const extension = /\.[a-z0-9]{1,5}$/i.exec(file.name)?.[0]?.toLowerCase() ?? '';
  return `${Date.now()}-${crypto.randomUUID()}${extension}`;
}

/** Uploads a file under `<uid>/<folder>/` and reads its download URL, reporting progress (0–100). */
export async function uploadImage(
  uid: string,
  folder: StorageFolder,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadedFile> {
  const { sdk, storage } = await loadStorage();
  const path = `${uid}/${folder}/${uniqueName(file)}`;
  const task = sdk.uploadBytesResumable(sdk.ref(storage, path), file, { contentType: file.type });
  await new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) =>
        onProgress((snapshot.bytesTransferred / Math.max(1, snapshot.totalBytes)) * 100),
      reject,
      resolve,
    );
  });
  return { path, downloadUrl: await sdk.getDownloadURL(task.snapshot.ref) };
}
