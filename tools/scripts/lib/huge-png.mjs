// The picture storage.rules cannot stop: a 16000×16000 PNG of 8-bit grey is about 249 KB, far
// under the 2 MiB byte limit, and a gigabyte of pixels in any browser that shows it. The upload
// check's e2e test and bench upload it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const CACHE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp');
const SIDE = 16000;

/** The PNG's bytes: made with pngjs once (4 s and 300 MB while encoding), then read from .tmp/. */
export function hugePng() {
  const file = path.join(CACHE, `grey-${SIDE}x${SIDE}.png`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const png = new PNG({ width: SIDE, height: SIDE, colorType: 0, inputColorType: 0 });
  png.data = Buffer.alloc(SIDE * SIDE);
  const bytes = PNG.sync.write(png, { colorType: 0, inputColorType: 0, filterType: 0 });
  fs.mkdirSync(CACHE, { recursive: true });
  // Parallel test workers may make it at once: each writes aside, the rename is atomic.
  const staged = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(staged, bytes);
  fs.renameSync(staged, file);
  return bytes;
}
