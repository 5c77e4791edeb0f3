import jpeg from 'jpeg-js';

/** A grey `width`×`height` JPEG, as a member's browser could have made it. */
export function greyJpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4, 0x80);
  return Buffer.from(jpeg.encode({ data, width, height }, 82).data);
}
