import { checkImageFile } from 'shared-firebase';
import { MAX_POST_PHOTOS } from '../../data';

/** A photo chosen for the new post, before it is processed, with its description. */
export interface ChosenPhoto {
  /** Stable across reordering: the list's key, and what keeps focus on a moved photo. */
  key: string;
  file: File;
  alt: string;
}

/** What adding files to the chosen photos did. */
export interface AddedPhotos {
  photos: ChosenPhoto[];
  /** Why some files were left out (the first reason met), or null when all were added. */
  problem: string | null;
}

let nextKey = 0;

/** A chosen photo with a key of its own. */
export function chosenPhoto(file: File, alt = ''): ChosenPhoto {
  nextKey += 1;
  return { key: `photo-${nextKey}`, file, alt };
}

/** Said when files beyond MAX_POST_PHOTOS were left out. */
export function tooManyPhotosMessage(added: number): string {
  const start = `A post holds at most ${MAX_POST_PHOTOS} photos`;
  return added === 0
    ? `${start}: remove one to add another.`
    : `${start}: only the first ${added === 1 ? 'one was' : `${added} were`} added.`;
}

/**
 * The chosen photos with `files` appended in their order: each file the upload would refuse
 * (not an image, too large) is left out with its reason, and so is every file beyond
 * MAX_POST_PHOTOS.
 */
export function addPhotos(current: readonly ChosenPhoto[], files: readonly File[]): AddedPhotos {
  const photos = [...current];
  let problem: string | null = null;
  let added = 0;
  for (const file of files) {
    const refusal = checkImageFile(file, 'any-image');
    if (refusal) {
      problem ??= refusal;
      continue;
    }
    if (photos.length >= MAX_POST_PHOTOS) {
      problem = tooManyPhotosMessage(added);
      break;
    }
    photos.push(chosenPhoto(file));
    added += 1;
  }
  return { photos, problem };
}

/** The list with the photo at `index` moved one place earlier (-1) or later (+1). */
export function movePhoto(
  photos: readonly ChosenPhoto[],
  index: number,
  offset: -1 | 1,
): ChosenPhoto[] {
  const target = index + offset;
  if (index < 0 || index >= photos.length || target < 0 || target >= photos.length) {
    return [...photos];
  }
  const moved = [...photos];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}
