/// <reference types="node" />
// Real PNG and JPEG files for the picture-bounds tests, made with pngjs and jpeg-js. A picture
// larger than a test wants to encode gets its dimensions written into the header of a small one,
// with the chunk's CRC recomputed, which is all a header reader sees.
import { crc32 } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

function pixels(width: number, height: number): Buffer {
  return Buffer.alloc(width * height * 4, 0xff);
}

export function pngFile(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  pixels(width, height).copy(png.data);
  return PNG.sync.write(png);
}

export function jpegFile(width: number, height: number): Buffer {
  return Buffer.from(jpeg.encode({ data: pixels(width, height), width, height }, 82).data);
}

/** A 1×1 PNG whose IHDR says `width`×`height` (CRC recomputed). */
export function pngHeaderOf(width: number, height: number): Buffer {
  const file = pngFile(1, 1);
  file.writeUInt32BE(width, 16);
  file.writeUInt32BE(height, 20);
  // IHDR: length (4), type (4) at 12, data (13) at 16, CRC over type + data at 29.
  file.writeUInt32BE(crc32(file.subarray(12, 29)), 29);
  return file;
}

/** Offset of the first SOF0 marker's height field in a JPEG. */
function frameHeaderAt(file: Buffer): number {
  let at = 2;
  while (at < file.length) {
    const marker = file[at + 1]!;
    if (marker === 0xc0) return at + 5;
    at += 2 + file.readUInt16BE(at + 2);
  }
  throw new Error('no SOF0 in the JPEG');
}

/** A 1×1 JPEG whose frame header says `width`×`height`. */
export function jpegHeaderOf(width: number, height: number): Buffer {
  const file = jpegFile(1, 1);
  const at = frameHeaderAt(file);
  file.writeUInt16BE(height, at);
  file.writeUInt16BE(width, at + 2);
  return file;
}

/** `file` (a JPEG) with an APP15 segment of `bytes` filler right after its SOI marker. */
export function withLeadingSegment(file: Buffer, bytes: number): Buffer {
  const segments: Buffer[] = [];
  for (let left = bytes; left > 0; left -= 65533) {
    const size = Math.min(left, 65533);
    const segment = Buffer.alloc(4 + size);
    segment.writeUInt16BE(0xffef, 0);
    segment.writeUInt16BE(size + 2, 2);
    segments.push(segment);
  }
  return Buffer.concat([file.subarray(0, 2), ...segments, file.subarray(2)]);
}
