import { IMAGE_SIZES } from './imageSizes';
import { renderImageSizes, UNREADABLE_IMAGE } from './renderImageSizes';

/**
 * The browser's decoder and canvas faked at their boundary: a bitmap is its size and the crop it
 * was cut from, and an encoded blob records what was drawn. The real pixels are checked in
 * Chromium by the e2e privacy test (e2e/tests/media.spec.ts).
 */
interface FakeBitmap {
  width: number;
  height: number;
  crop?: [number, number, number, number];
  close: () => void;
}

const decoded: Array<{ source: unknown; options: unknown }> = [];
/** What each fake blob holds: a photo's size ("4000x3000"), or the crop an encoding was drawn from. */
const contents = new Map<Blob, string>();
const text = (blob: Blob) => contents.get(blob) ?? '';
let pngBytes = 10;

beforeEach(() => {
  decoded.length = 0;
  pngBytes = 10;
  (globalThis as Record<string, unknown>).createImageBitmap = jest.fn(
    async (source: Blob | FakeBitmap, ...rest: unknown[]): Promise<FakeBitmap> => {
      if (source instanceof Blob) {
        decoded.push({ source, options: rest[0] });
        const held = text(source);
        if (!held.startsWith('size:')) throw new DOMException('bad image', 'InvalidStateError');
        const [width, height] = held.slice(5).split('x').map(Number) as [number, number];
        return { width, height, close: () => {} };
      }
      const [sx, sy, sw, sh, options] = rest as [
        number,
        number,
        number,
        number,
        { resizeWidth: number; resizeHeight: number },
      ];
      return {
        width: options.resizeWidth,
        height: options.resizeHeight,
        crop: [sx, sy, sw, sh],
        close: () => {},
      };
    },
  );
  (globalThis as Record<string, unknown>).OffscreenCanvas = class {
    drawn: FakeBitmap[] = [];
    constructor(
      public width: number,
      public height: number,
    ) {}
    getContext() {
      return {
        fillRect: () => {},
        drawImage: (bitmap: FakeBitmap) => this.drawn.push(bitmap),
        fillStyle: '',
      };
    }
    async convertToBlob({ type }: { type: string }) {
      const blob = new Blob(['x'.repeat(type === 'image/png' ? pngBytes : 100)], { type });
      contents.set(blob, JSON.stringify(this.drawn[0]!.crop));
      return blob;
    }
  };
});

afterEach(() => {
  delete (globalThis as Record<string, unknown>).createImageBitmap;
  delete (globalThis as Record<string, unknown>).OffscreenCanvas;
});

const photo = (width: number, height: number) => {
  const blob = new Blob(['photo'], { type: 'image/jpeg' });
  contents.set(blob, `size:${width}x${height}`);
  return blob;
};

test('a post photo: the display size fits 1080 px, the thumbnail is the centre square at 320 px', async () => {
  const steps: number[] = [];
  const sizes = await renderImageSizes(
    { file: photo(4000, 3000), sizes: IMAGE_SIZES.post, quality: 0.82, tryPng: false },
    (done) => steps.push(done),
  );
  expect(decoded[0]!.options).toEqual({ imageOrientation: 'from-image' });
  expect(sizes.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
    { name: 'display', width: 1080, height: 810 },
    { name: 'thumbnail', width: 320, height: 320 },
  ]);
  expect(text(sizes[0]!.blob)).toContain('[0,0,4000,3000]');
  expect(text(sizes[1]!.blob)).toContain('[500,0,3000,3000]');
  expect(sizes.every((size) => size.blob.type === 'image/jpeg')).toBe(true);
  expect(steps).toEqual([1, 2, 3]);
});

test('a portrait decoded upright: the bounds apply to its upright sides, and small photos are never enlarged', async () => {
  const [display] = await renderImageSizes(
    { file: photo(3000, 4000), sizes: IMAGE_SIZES.post, quality: 0.82, tryPng: false },
    () => {},
  );
  expect([display!.width, display!.height]).toEqual([810, 1080]);
  const [small] = await renderImageSizes(
    { file: photo(64, 48), sizes: IMAGE_SIZES.profileCover, quality: 0.82, tryPng: false },
    () => {},
  );
  expect([small!.width, small!.height]).toEqual([64, 48]);
});

test('profile pictures are squares of 256 and 96 px; covers at most 1500 px wide', async () => {
  const picture = await renderImageSizes(
    { file: photo(1000, 2000), sizes: IMAGE_SIZES.profilePicture, quality: 0.82, tryPng: false },
    () => {},
  );
  expect(picture.map((size) => [size.name, size.width, size.height])).toEqual([
    ['display', 256, 256],
    ['small', 96, 96],
  ]);
  expect(text(picture[0]!.blob)).toContain('[0,500,1000,1000]');
  const [cover] = await renderImageSizes(
    { file: photo(6000, 2000), sizes: IMAGE_SIZES.profileCover, quality: 0.82, tryPng: false },
    () => {},
  );
  expect([cover!.width, cover!.height]).toEqual([1500, 500]);
});

test('PNG is kept only where it is smaller than the JPEG', async () => {
  pngBytes = 50;
  const smaller = await renderImageSizes(
    { file: photo(100, 100), sizes: IMAGE_SIZES.profileCover, quality: 0.82, tryPng: true },
    () => {},
  );
  expect(smaller[0]!.blob.type).toBe('image/png');
  pngBytes = 500;
  const larger = await renderImageSizes(
    { file: photo(100, 100), sizes: IMAGE_SIZES.profileCover, quality: 0.82, tryPng: true },
    () => {},
  );
  expect(larger[0]!.blob.type).toBe('image/jpeg');
});

test('a file the browser cannot decode is refused with its own error name', async () => {
  await expect(
    renderImageSizes(
      { file: new Blob(['not a picture']), sizes: IMAGE_SIZES.post, quality: 0.82, tryPng: false },
      () => {},
    ),
  ).rejects.toMatchObject({ name: UNREADABLE_IMAGE });
});
