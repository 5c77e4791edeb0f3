import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';
import { IMAGE_SIZES, type ImageKind } from './imageSizes';

/**
 * How many first bytes of a stored picture the check reads. A PNG's dimensions sit in its first 24
 * bytes; a JPEG the browser encodes has its frame header within the first kilobyte (JFIF header,
 * tables, frame). A file whose header does not fit is not one the app made.
 */
export const PICTURE_HEADER_BYTES = 64 * 1024;

const READERS = { 'image/png': PNG, 'image/jpeg': JPG } as const;

/** What the app stores: PNG or JPEG (storage.rules holds the same two types). */
type StoredType = keyof typeof READERS;

export interface PictureDimensions {
  width: number;
  height: number;
}

/** The largest picture of `kind` the browser makes: the bounds of its largest size. */
export function largestPictureOf(kind: ImageKind): PictureDimensions {
  const sizes = IMAGE_SIZES[kind];
  return {
    width: Math.max(...sizes.map((size) => size.maxWidth)),
    height: Math.max(...sizes.map((size) => size.maxHeight)),
  };
}

export type PictureVerdict =
  ({ keep: true; type: StoredType } & PictureDimensions) | { keep: false; reason: string };

function isStoredType(type: string | undefined): type is StoredType {
  return type !== undefined && type in READERS;
}

/** Start-of-frame markers: SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** The frames image-size reads, and browsers decode: baseline, extended and progressive DCT. */
const READ_FRAMES = new Set([0xc0, 0xc1, 0xc2]);

/**
 * The first frame marker of a JPEG, found by walking its segments: image-size looks only for the
 * first baseline, extended or progressive frame and skips any other, so a file whose first frame
 * is another kind (lossless, arithmetic-coded, hierarchical) would be judged by a later frame the
 * browser never reads. Null when no frame header comes before the image data or the bytes end.
 */
function firstJpegFrame(bytes: Uint8Array): number | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes (FF FF…) may precede a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (isFrameMarker(marker)) return marker;
    // Start of scan: image data without a frame header before it.
    if (marker === 0xda) return null;
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
  }
  return null;
}

/** The dimensions the header of a `type` file declares, or why it cannot be read. */
function readDimensions(header: Uint8Array, type: StoredType): PictureDimensions | string {
  const reader = READERS[type];
  // A copy of exactly these bytes: image-size reads through a DataView of the whole underlying
  // buffer, so a header cut short inside a larger buffer (a Node Buffer is often a slice of a
  // pool) would be read past its end instead of failing.
  const bytes = new Uint8Array(header);
  try {
    if (!reader.validate(bytes)) return `not a ${type} file`;
    if (type === 'image/jpeg') {
      const frame = firstJpegFrame(bytes);
      if (frame === null) return `an unreadable ${type} header`;
      if (!READ_FRAMES.has(frame)) return `a JPEG frame of another kind (SOF${frame - 0xc0})`;
    }
    const { width, height } = reader.calculate(bytes);
    if (!(width >= 1 && height >= 1)) return `a ${type} header without dimensions`;
    return { width, height };
  } catch {
    // A header cut short or malformed: image-size throws on what it cannot read.
    return `an unreadable ${type} header`;
  }
}

/**
 * Judges a stored picture of `kind` from its first bytes (PICTURE_HEADER_BYTES) and the type its
 * metadata declares: kept only when it is a PNG or JPEG whose header can be read, of the declared
 * type, and no wider or taller than the largest size the browser makes of that kind
 * (IMAGE_SIZES). Everything else is a file the app never writes, such as a 16000×16000 PNG that
 * compresses to a few hundred KB and decodes to a gigabyte in every viewer's browser.
 */
export function judgeStoredPicture(
  header: Uint8Array,
  contentType: string | undefined,
  kind: ImageKind,
): PictureVerdict {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!isStoredType(type)) return { keep: false, reason: `type ${contentType ?? '(none)'}` };
  const dimensions = readDimensions(header, type);
  if (typeof dimensions === 'string') return { keep: false, reason: dimensions };
  const bounds = largestPictureOf(kind);
  if (dimensions.width > bounds.width || dimensions.height > bounds.height) {
    return {
      keep: false,
      reason: `${dimensions.width}×${dimensions.height} exceeds ${bounds.width}×${bounds.height}`,
    };
  }
  return { keep: true, type, ...dimensions };
}
