// Demo pictures drawn in Node with pure-JS encoders (pngjs, jpeg-js): avatars and covers as PNG,
// post photos as JPEG. Soft gradients with a few shapes: pleasant enough, small, and the same for
// the same random source.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

function hsl(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** RGBA pixels: a diagonal gradient between two hues with `shapes` soft discs on top. */
function paint(width, height, { int, random }, shapes) {
  const data = Buffer.alloc(width * height * 4);
  const hue = int(0, 359);
  const from = hsl(hue, 0.55, 0.62);
  const to = hsl((hue + int(40, 140)) % 360, 0.6, 0.42);
  const discs = Array.from({ length: shapes }, () => ({
    x: random() * width,
    y: random() * height,
    r: (0.08 + random() * 0.25) * Math.min(width, height),
    color: hsl(int(0, 359), 0.7, 0.7),
    alpha: 0.35 + random() * 0.4,
  }));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      const at = (y * width + x) * 4;
      data[at] = from[0] + (to[0] - from[0]) * t;
      data[at + 1] = from[1] + (to[1] - from[1]) * t;
      data[at + 2] = from[2] + (to[2] - from[2]) * t;
      data[at + 3] = 255;
    }
  }
  // Each disc touches only its bounding box.
  for (const disc of discs) {
    const top = Math.max(0, Math.floor(disc.y - disc.r));
    const bottom = Math.min(height - 1, Math.ceil(disc.y + disc.r));
    const left = Math.max(0, Math.floor(disc.x - disc.r));
    const right = Math.min(width - 1, Math.ceil(disc.x + disc.r));
    for (let y = top; y <= bottom; y += 1) {
      for (let x = left; x <= right; x += 1) {
        const d = Math.hypot(x - disc.x, y - disc.y);
        if (d >= disc.r) continue;
        const a = disc.alpha * Math.min(1, (disc.r - d) / 3);
        const at = (y * width + x) * 4;
        for (let i = 0; i < 3; i += 1) data[at + i] += (disc.color[i] - data[at + i]) * a;
      }
    }
  }
  return data;
}

/** A square PNG avatar. */
export function avatarPng(dice, size = 160) {
  const png = new PNG({ width: size, height: size });
  png.data = paint(size, size, dice, 3);
  return PNG.sync.write(png);
}

/** A wide PNG profile cover. */
export function coverPng(dice, width = 600, height = 200) {
  const png = new PNG({ width, height });
  png.data = paint(width, height, dice, 6);
  return PNG.sync.write(png);
}

/** A post photo as JPEG. */
export function photoJpeg(dice, width = 400, height = 300) {
  return jpeg.encode({ data: paint(width, height, dice, 5), width, height }, 75).data;
}
