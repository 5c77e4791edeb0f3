// The bench's phone photo: 4000×3000 pixels, about 4 MB, with EXIF (orientation, camera, GPS),
// made in Node with jpeg-js and piexifjs (pure JS, no install scripts) and kept in .tmp/ so a
// second run does not encode 12 megapixels again.
import fs from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';
import piexif from 'piexifjs';
import { ROOT } from '../lib/backend.mjs';

const FILE = path.join(ROOT, '.tmp', 'bench-phone-photo-4000x3000.jpg');

/** Smooth colour fields plus fine grain: compresses like a real photo, not like noise or a flat fill. */
function pixels(width, height) {
  const data = Buffer.alloc(width * height * 4);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const grain = (random() - 0.5) * 36;
      const i = (y * width + x) * 4;
      data[i] = 120 + 90 * Math.sin(x / 310) + grain;
      data[i + 1] = 110 + 80 * Math.cos(y / 190) + grain;
      data[i + 2] = 100 + 70 * Math.sin((x + y) / 420) + grain;
      data[i + 3] = 255;
    }
  }
  return data;
}

export function phonePhoto({ width = 4000, height = 3000 } = {}) {
  if (fs.existsSync(FILE)) return fs.readFileSync(FILE);
  const plain = jpeg.encode({ data: pixels(width, height), width, height }, 88).data;
  const exif = piexif.dump({
    '0th': {
      [piexif.ImageIFD.Orientation]: 1,
      [piexif.ImageIFD.Make]: 'PhoneMaker',
      [piexif.ImageIFD.Model]: 'Phone 15',
    },
    Exif: { [piexif.ExifIFD.DateTimeOriginal]: '2026:11:23 08:30:00' },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef]: 'N',
      [piexif.GPSIFD.GPSLatitude]: [
        [59, 1],
        [54, 1],
        [5000, 100],
      ],
      [piexif.GPSIFD.GPSLongitudeRef]: 'E',
      [piexif.GPSIFD.GPSLongitude]: [
        [10, 1],
        [45, 1],
        [800, 100],
      ],
    },
  });
  const bytes = Buffer.from(piexif.insert(exif, plain.toString('binary')), 'binary');
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  fs.writeFileSync(FILE, bytes);
  return bytes;
}
