/**
 * @jest-environment node
 */
import { IMAGE_SIZES } from './imageSizes';
import { judgeStoredPicture, largestPictureOf, PICTURE_HEADER_BYTES } from './pictureBounds';
import {
  jpegFile,
  jpegHeaderOf,
  pngFile,
  pngHeaderOf,
  withLeadingSegment,
} from './testing/pictureFiles';

const header = (file: Buffer) => file.subarray(0, PICTURE_HEADER_BYTES);

describe('largestPictureOf', () => {
  it('is the largest size the browser makes of each kind (IMAGE_SIZES)', () => {
    expect(largestPictureOf('post')).toEqual({ width: 1080, height: 1080 });
    expect(largestPictureOf('profilePicture')).toEqual({ width: 256, height: 256 });
    expect(largestPictureOf('profileCover')).toEqual({ width: 1500, height: 1500 });
    for (const kind of ['post', 'profilePicture', 'profileCover'] as const) {
      for (const size of IMAGE_SIZES[kind]) {
        expect(size.maxWidth).toBeLessThanOrEqual(largestPictureOf(kind).width);
        expect(size.maxHeight).toBeLessThanOrEqual(largestPictureOf(kind).height);
      }
    }
  });
});

describe('judgeStoredPicture', () => {
  it('keeps PNGs and JPEGs of the sizes the app makes, read from their headers', () => {
    expect(judgeStoredPicture(header(pngFile(800, 600)), 'image/png', 'post')).toEqual({
      keep: true,
      type: 'image/png',
      width: 800,
      height: 600,
    });
    expect(judgeStoredPicture(header(jpegFile(320, 320)), 'image/jpeg', 'post')).toEqual({
      keep: true,
      type: 'image/jpeg',
      width: 320,
      height: 320,
    });
  });

  it('keeps a picture exactly at the bound of its kind and refuses one pixel more', () => {
    expect(judgeStoredPicture(pngHeaderOf(1080, 1080), 'image/png', 'post').keep).toBe(true);
    expect(judgeStoredPicture(pngHeaderOf(1081, 1080), 'image/png', 'post')).toEqual({
      keep: false,
      reason: '1081×1080 exceeds 1080×1080',
    });
    expect(judgeStoredPicture(jpegHeaderOf(1080, 1081), 'image/jpeg', 'post')).toEqual({
      keep: false,
      reason: '1080×1081 exceeds 1080×1080',
    });
    expect(judgeStoredPicture(jpegHeaderOf(1500, 600), 'image/jpeg', 'profileCover').keep).toBe(
      true,
    );
    expect(judgeStoredPicture(jpegHeaderOf(1501, 600), 'image/jpeg', 'profileCover').keep).toBe(
      false,
    );
  });

  it('bounds each kind by its own sizes: a post-sized picture is too large for an avatar', () => {
    const file = header(jpegFile(300, 300));
    expect(judgeStoredPicture(file, 'image/jpeg', 'post').keep).toBe(true);
    expect(judgeStoredPicture(file, 'image/jpeg', 'profilePicture')).toEqual({
      keep: false,
      reason: '300×300 exceeds 256×256',
    });
  });

  it('refuses the 16000×16000 PNG and JPEGs as large', () => {
    expect(judgeStoredPicture(pngHeaderOf(16000, 16000), 'image/png', 'post')).toEqual({
      keep: false,
      reason: '16000×16000 exceeds 1080×1080',
    });
    expect(judgeStoredPicture(jpegHeaderOf(65535, 2), 'image/jpeg', 'profileCover').keep).toBe(
      false,
    );
  });

  it('refuses a file that is not of the type its metadata declares', () => {
    expect(judgeStoredPicture(header(pngFile(10, 10)), 'image/jpeg', 'post')).toEqual({
      keep: false,
      reason: 'not a image/jpeg file',
    });
    expect(judgeStoredPicture(header(jpegFile(10, 10)), 'image/png', 'post')).toEqual({
      keep: false,
      reason: 'not a image/png file',
    });
  });

  it('refuses every other type, and a missing one', () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect(judgeStoredPicture(gif, 'image/gif', 'post')).toEqual({
      keep: false,
      reason: 'type image/gif',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    expect(judgeStoredPicture(svg, 'image/svg+xml', 'post').keep).toBe(false);
    expect(judgeStoredPicture(header(pngFile(1, 1)), undefined, 'post')).toEqual({
      keep: false,
      reason: 'type (none)',
    });
  });

  it('reads the declared type as Storage may give it (parameters, capitals)', () => {
    expect(judgeStoredPicture(header(pngFile(2, 2)), 'Image/PNG; charset=binary', 'post')).toEqual({
      keep: true,
      type: 'image/png',
      width: 2,
      height: 2,
    });
  });

  it('refuses a JPEG whose first frame is not one it reads, whatever frame follows', () => {
    // A lossless (SOF3) frame header first: image-size would skip it and read the SOF0 after it.
    const file = jpegFile(10, 10);
    const frameAt = file.indexOf(Buffer.from([0xff, 0xc0]));
    const lossless = Buffer.from(
      file.subarray(frameAt, frameAt + 2 + file.readUInt16BE(frameAt + 2)),
    );
    lossless[1] = 0xc3;
    lossless.writeUInt16BE(16000, 5);
    lossless.writeUInt16BE(16000, 7);
    const twoFrames = Buffer.concat([file.subarray(0, frameAt), lossless, file.subarray(frameAt)]);
    expect(judgeStoredPicture(twoFrames, 'image/jpeg', 'post')).toEqual({
      keep: false,
      reason: 'a JPEG frame of another kind (SOF3)',
    });
    // Image data before any frame header.
    const noFrame = Buffer.concat([file.subarray(0, 2), Buffer.from([0xff, 0xda, 0x00, 0x02])]);
    expect(judgeStoredPicture(noFrame, 'image/jpeg', 'post')).toEqual({
      keep: false,
      reason: 'an unreadable image/jpeg header',
    });
  });

  it('refuses headers it cannot read: cut short, empty, zero-sized, or a frame beyond the bytes read', () => {
    expect(judgeStoredPicture(pngFile(5, 5).subarray(0, 20), 'image/png', 'post')).toEqual({
      keep: false,
      reason: 'an unreadable image/png header',
    });
    expect(judgeStoredPicture(new Uint8Array(0), 'image/png', 'post')).toEqual({
      keep: false,
      reason: 'not a image/png file',
    });
    expect(judgeStoredPicture(pngHeaderOf(0, 10), 'image/png', 'post')).toEqual({
      keep: false,
      reason: 'a image/png header without dimensions',
    });
    // A JPEG whose frame header sits after more padding than the check reads.
    const padded = withLeadingSegment(jpegFile(10, 10), PICTURE_HEADER_BYTES);
    expect(judgeStoredPicture(header(padded), 'image/jpeg', 'post')).toEqual({
      keep: false,
      reason: 'an unreadable image/jpeg header',
    });
    // The same file read whole is a 10×10 JPEG: only the window made it unreadable.
    expect(judgeStoredPicture(padded, 'image/jpeg', 'post').keep).toBe(true);
  });
});
