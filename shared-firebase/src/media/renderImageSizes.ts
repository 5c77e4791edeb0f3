import type { SizeSpec } from './imageSizes';

export interface RenderRequest {
  file: Blob;
  sizes: readonly SizeSpec[];
  /** JPEG quality, 0–1. */
  quality: number;
  /** Also encode PNG and keep it where it is smaller (graphics, screenshots). */
  tryPng: boolean;
}

export interface RenderedSize {
  name: SizeSpec['name'];
  blob: Blob;
  width: number;
  height: number;
}

/** The `name` of the error `renderImageSizes` throws for a file the browser cannot decode. */
export const UNREADABLE_IMAGE = 'ImageUnreadable';

/**
 * Decodes a photo upright (its EXIF orientation applied) and re-encodes every size from the
 * pixels alone, so no metadata (EXIF, GPS, XMP, ICC) survives. `onStep` reports steps done of
 * the total (the decode, then one per size).
 *
 * This function is also the image worker's whole program (imageWorker.ts sends its source text
 * to a worker), so it must stay self-contained: only browser globals, no imports at run time, no
 * syntax a bundler would turn into a call to a module-level helper (object spread, for one).
 */
export async function renderImageSizes(
  request: RenderRequest,
  onStep: (done: number, total: number) => void,
): Promise<RenderedSize[]> {
  const total = request.sizes.length + 1;
  let source: ImageBitmap;
  try {
    source = await createImageBitmap(request.file, { imageOrientation: 'from-image' });
  } catch (cause) {
    const error = new Error(`The file could not be decoded as an image: ${String(cause)}`);
    error.name = 'ImageUnreadable';
    throw error;
  }
  onStep(1, total);
  const makeCanvas = (width: number, height: number): OffscreenCanvas | HTMLCanvasElement => {
    if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    return canvas;
  };
  const encode = (
    canvas: OffscreenCanvas | HTMLCanvasElement,
    type: string,
    quality?: number,
  ): Promise<Blob> => {
    if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
    return new Promise((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error(`Could not encode ${type}`))),
        type,
        quality,
      );
    });
  };
  const outputs: RenderedSize[] = [];
  try {
    for (let index = 0; index < request.sizes.length; index += 1) {
      const spec = request.sizes[index]!;
      const side = Math.min(source.width, source.height);
      const cropWidth = spec.square ? side : source.width;
      const cropHeight = spec.square ? side : source.height;
      const scale = Math.min(1, spec.maxWidth / cropWidth, spec.maxHeight / cropHeight);
      const width = Math.max(1, Math.round(cropWidth * scale));
      const height = Math.max(1, Math.round(cropHeight * scale));
      const resized = await createImageBitmap(
        source,
        Math.floor((source.width - cropWidth) / 2),
        Math.floor((source.height - cropHeight) / 2),
        cropWidth,
        cropHeight,
        { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' },
      );
      const jpegCanvas = makeCanvas(width, height);
      const jpegContext = jpegCanvas.getContext('2d') as
        OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
      // JPEG has no transparency: transparent parts become white, not black.
      jpegContext.fillStyle = '#ffffff';
      jpegContext.fillRect(0, 0, width, height);
      jpegContext.drawImage(resized, 0, 0);
      let blob = await encode(jpegCanvas, 'image/jpeg', request.quality);
      if (request.tryPng) {
        const pngCanvas = makeCanvas(width, height);
        const pngContext = pngCanvas.getContext('2d') as
          OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
        pngContext.drawImage(resized, 0, 0);
        const png = await encode(pngCanvas, 'image/png');
        if (png.size < blob.size) blob = png;
      }
      resized.close();
      outputs.push({ name: spec.name, blob, width, height });
      onStep(index + 2, total);
    }
  } finally {
    source.close();
  }
  return outputs;
}
