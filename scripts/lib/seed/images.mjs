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
      let rgb = from.map((c, i) => c + (to[i] - c) * t);
      for (const disc of discs) {
        const d = Math.hypot(x - disc.x, y - disc.y);
        if (d < disc.r) {
          const a = disc.alpha * Math.min(1, (disc.r - d) / 3);
          rgb = rgb.map((c, i) => c + (disc.color[i] - c) * a);
        }
      }
      const at = (y * width + x) * 4;
      data[at] = rgb[0];
      data[at + 1] = rgb[1];
      data[at + 2] = rgb[2];
      data[at + 3] = 255;
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
export function coverPng(dice, width = 720, height = 240) {
  const png = new PNG({ width, height });
  png.data = paint(width, height, dice, 6);
  return PNG.sync.write(png);
}

/** A post photo as JPEG. */
export function photoJpeg(dice, width = 480, height = 360) {
  return jpeg.encode({ data: paint(width, height, dice, 5), width, height }, 80).data;
}
