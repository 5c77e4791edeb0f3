// Demo pictures drawn in Node and encoded with a pure-JS encoder (jpeg-js). A picture is planned
// once as a scene in fractions of an imagined camera original (soft gradient, a few discs), and
// each stored size is drawn straight at its own pixel size from the scene: no big original is
// drawn or decoded, and every size shows the same picture, cropped as the app's media pipeline
// crops it.
import jpeg from 'jpeg-js';

/** The imagined originals: what a phone or camera would hand the app. */
const ORIGINALS = {
  post: [
    { width: 1600, height: 1200 },
    { width: 1200, height: 1500 },
    { width: 1440, height: 1440 },
    { width: 1920, height: 1080 },
  ],
  profilePicture: [{ width: 640, height: 640 }],
  profileCover: [{ width: 1800, height: 600 }],
};

/** How many discs a picture of each kind shows. */
const SHAPES = { post: 5, profilePicture: 3, profileCover: 6 };

function hsl(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * A picture of `kind` ('post' | 'profilePicture' | 'profileCover') as plain data: its original's
 * size and what is drawn, positions in fractions of the original. Fixed by `dice`.
 */
export function planPicture(kind, { int, pick, random }) {
  const original = pick(ORIGINALS[kind]);
  const hue = int(0, 359);
  return {
    ...original,
    from: hsl(hue, 0.55, 0.62),
    to: hsl((hue + int(40, 140)) % 360, 0.6, 0.42),
    discs: Array.from({ length: SHAPES[kind] }, () => ({
      x: random(),
      y: random(),
      r: 0.08 + random() * 0.25,
      color: hsl(int(0, 359), 0.7, 0.7),
      alpha: 0.35 + random() * 0.4,
    })),
  };
}

/**
 * The stored sizes of a picture: for each size spec of shared-firebase's IMAGE_SIZES, the part of
 * the original it shows and its pixel size, computed as renderImageSizes does (a square size takes
 * the centre square; never enlarged).
 */
export function storedSizes(picture, specs) {
  return specs.map((spec) => {
    const side = Math.min(picture.width, picture.height);
    const cropWidth = spec.square ? side : picture.width;
    const cropHeight = spec.square ? side : picture.height;
    const scale = Math.min(1, spec.maxWidth / cropWidth, spec.maxHeight / cropHeight);
    return {
      name: spec.name,
      crop: {
        x: Math.floor((picture.width - cropWidth) / 2),
        y: Math.floor((picture.height - cropHeight) / 2),
        width: cropWidth,
        height: cropHeight,
      },
      width: Math.max(1, Math.round(cropWidth * scale)),
      height: Math.max(1, Math.round(cropHeight * scale)),
    };
  });
}

/** RGBA pixels of one stored size of `picture`. */
function paint(picture, { crop, width, height }) {
  const data = Buffer.alloc(width * height * 4);
  const { from, to } = picture;
  // Output pixel → original pixel.
  const scaleX = crop.width / width;
  const scaleY = crop.height / height;
  for (let y = 0; y < height; y += 1) {
    const v = (crop.y + (y + 0.5) * scaleY) / picture.height;
    for (let x = 0; x < width; x += 1) {
      const u = (crop.x + (x + 0.5) * scaleX) / picture.width;
      const t = (u + v) / 2;
      const at = (y * width + x) * 4;
      data[at] = from[0] + (to[0] - from[0]) * t;
      data[at + 1] = from[1] + (to[1] - from[1]) * t;
      data[at + 2] = from[2] + (to[2] - from[2]) * t;
      data[at + 3] = 255;
    }
  }
  const side = Math.min(picture.width, picture.height);
  for (const disc of picture.discs) {
    // In output pixels: the disc's centre, radius and a soft edge of about two pixels.
    const cx = (disc.x * picture.width - crop.x) / scaleX;
    const cy = (disc.y * picture.height - crop.y) / scaleY;
    const r = (disc.r * side) / scaleX;
    const edge = 2;
    // Each disc touches only its bounding box.
    const top = Math.max(0, Math.floor(cy - r));
    const bottom = Math.min(height - 1, Math.ceil(cy + r));
    const left = Math.max(0, Math.floor(cx - r));
    const right = Math.min(width - 1, Math.ceil(cx + r));
    for (let y = top; y <= bottom; y += 1) {
      for (let x = left; x <= right; x += 1) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d >= r) continue;
        const a = disc.alpha * Math.min(1, (r - d) / edge);
        const at = (y * width + x) * 4;
        for (let i = 0; i < 3; i += 1) data[at + i] += (disc.color[i] - data[at + i]) * a;
      }
    }
  }
  return data;
}

/** One stored size of `picture` as JPEG bytes; `quality` 0–1 as the app's JPEG_QUALITY. */
export function encodeSize(picture, size, quality) {
  const { width, height } = size;
  return jpeg.encode({ data: paint(picture, size), width, height }, Math.round(quality * 100)).data;
}
