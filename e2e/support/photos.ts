import jpeg from 'jpeg-js';
import piexif from 'piexifjs';

export type Rgb = [number, number, number];

/** Where the test photos say they were taken: a member's home, which must never be published. */
export const SECRET_PLACE = { latitude: 59.9139, longitude: 10.7522 };

const XMP_NAMESPACE = 'http://ns.adobe.com/xap/1.0/\0';

function toRational(degrees: number): [[number, number], [number, number], [number, number]] {
  const d = Math.floor(degrees);
  const minutes = (degrees - d) * 60;
  const m = Math.floor(minutes);
  return [
    [d, 1],
    [m, 1],
    [Math.round((minutes - m) * 60 * 100), 100],
  ];
}

/**
 * A JPEG as a phone writes it: `width`×`height` stored pixels, the left half `left` and the right
 * half `right`, an EXIF orientation tag, GPS position, camera make and an XMP packet.
 * Orientation 6 means "rotate 90° clockwise to show": upright, the left half is the top.
 */
export function phoneJpeg(options: {
  width: number;
  height: number;
  left: Rgb;
  right: Rgb;
  orientation: number;
  quality?: number;
}): Buffer {
  const { width, height, left, right, orientation } = options;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = x < width / 2 ? left : right;
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  const plain = jpeg.encode({ data, width, height }, options.quality ?? 90).data;
  const exif = piexif.dump({
    '0th': {
      [piexif.ImageIFD.Orientation]: orientation,
      [piexif.ImageIFD.Make]: 'PhoneMaker',
      [piexif.ImageIFD.Model]: 'Phone 15',
    },
    Exif: { [piexif.ExifIFD.DateTimeOriginal]: '2026:11:23 08:30:00' },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef]: 'N',
      [piexif.GPSIFD.GPSLatitude]: toRational(SECRET_PLACE.latitude),
      [piexif.GPSIFD.GPSLongitudeRef]: 'E',
      [piexif.GPSIFD.GPSLongitude]: toRational(SECRET_PLACE.longitude),
    },
  });
  const withExif = Buffer.from(piexif.insert(exif, plain.toString('binary')), 'binary');
  const xmp = Buffer.from(
    `${XMP_NAMESPACE}<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><exif:GPSLatitude>59,54.834N</exif:GPSLatitude></rdf:RDF></x:xmpmeta>`,
    'latin1',
  );
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(xmp.length + 2, 2);
  // After SOI and the EXIF segment piexif placed first.
  const exifEnd = 2 + 2 + withExif.readUInt16BE(4);
  return Buffer.concat([withExif.subarray(0, exifEnd), segment, xmp, withExif.subarray(exifEnd)]);
}

/** The marker segments of a JPEG before its image data, e.g. ['APP0', 'DQT', 'SOF0', ...]. */
export function jpegSegments(bytes: Buffer): string[] {
  if (bytes.readUInt16BE(0) !== 0xffd8) throw new Error('not a JPEG');
  const names: string[] = [];
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes.readUInt16BE(offset);
    const code = marker & 0xff;
    const name =
      code >= 0xe0 && code <= 0xef
        ? `APP${code - 0xe0}`
        : code === 0xfe
          ? 'COM'
          : code === 0xdb
            ? 'DQT'
            : code === 0xc4
              ? 'DHT'
              : code === 0xda
                ? 'SOS'
                : code >= 0xc0 && code <= 0xcf
                  ? `SOF${code - 0xc0}`
                  : `0x${code.toString(16)}`;
    names.push(name);
    if (name === 'SOS') break;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return names;
}

/** The ICC colour profiles a JPEG carries (APP2 `ICC_PROFILE` segments), as raw bytes. */
export function iccProfiles(bytes: Buffer): Buffer[] {
  const profiles: Buffer[] = [];
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    const marker = bytes.readUInt16BE(offset);
    if (marker === 0xffda) break;
    const length = bytes.readUInt16BE(offset + 2);
    const body = bytes.subarray(offset + 4, offset + 2 + length);
    if (marker === 0xffe2 && body.subarray(0, 12).toString('latin1') === 'ICC_PROFILE\0') {
      profiles.push(body.subarray(14));
    }
    offset += 2 + length;
  }
  return profiles;
}

/** Whether an ICC profile describes sRGB (its description, in ASCII or UTF-16BE). */
export function isSrgbProfile(profile: Buffer): boolean {
  const utf16 = Buffer.from(profile.subarray(0, profile.length - (profile.length % 2))).swap16();
  return profile.toString('latin1').includes('sRGB') || utf16.toString('utf16le').includes('sRGB');
}

/** The pixel at (x, y) of a decoded JPEG. */
export function pixelAt(
  bytes: Buffer,
  x: number,
  y: number,
): { rgb: Rgb; width: number; height: number } {
  const image = jpeg.decode(bytes, { useTArray: true });
  const i = (y * image.width + x) * 4;
  return {
    rgb: [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!],
    width: image.width,
    height: image.height,
  };
}

/** Whether two colours are the same to the eye after JPEG compression. */
export function near(actual: Rgb, expected: Rgb, tolerance = 40): boolean {
  return actual.every((value, i) => Math.abs(value - expected[i]!) <= tolerance);
}
