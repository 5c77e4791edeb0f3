/**
 * @jest-environment node
 */
import { PICTURE_HEADER_BYTES } from './pictureBounds';
import { checkUploadedPicture, type PictureBucket } from './uploadedPictureCheck';
import { jpegFile, pngHeaderOf } from './testing/pictureFiles';

/**
 * A bucket of one object per name, with generations, standing where the Admin SDK's bucket is:
 * reads and deletes of another generation fail as Storage answers them (404, 412).
 */
function fakeBucket(objects: Record<string, { bytes: Buffer; generation: string }>) {
  const calls: string[] = [];
  const fail = (code: number) => Object.assign(new Error(`HTTP ${code}`), { code });
  const bucket: PictureBucket = {
    file(name, { generation }) {
      return {
        async download({ start, end }) {
          calls.push(`download ${name}#${generation} ${start}-${end}`);
          const object = objects[name];
          if (!object || object.generation !== String(generation)) throw fail(404);
          return [object.bytes.subarray(start, end + 1)];
        },
        async delete({ ifGenerationMatch }) {
          calls.push(`delete ${name}#${ifGenerationMatch}`);
          const object = objects[name];
          if (!object) throw fail(404);
          if (object.generation !== String(ifGenerationMatch)) throw fail(412);
          delete objects[name];
        },
      };
    },
  };
  return { bucket, calls, objects };
}

const HUGE = pngHeaderOf(16000, 16000);
const PHOTO = jpegFile(800, 600);

describe('checkUploadedPicture', () => {
  it('deletes an oversized picture in its folder, that generation only', async () => {
    const { bucket, calls, objects } = fakeBucket({
      'u1/posts/big.png': { bytes: HUGE, generation: '7' },
    });
    const check = await checkUploadedPicture(
      bucket,
      {
        name: 'u1/posts/big.png',
        contentType: 'image/png',
        size: String(HUGE.length),
        generation: '7',
      },
      ['posts'],
    );
    expect(check).toEqual({
      outcome: 'deleted',
      kind: 'post',
      reason: '16000×16000 exceeds 1080×1080',
    });
    expect(calls).toEqual([
      `download u1/posts/big.png#7 0-${HUGE.length - 1}`,
      'delete u1/posts/big.png#7',
    ]);
    expect(objects).toEqual({});
  });

  it('keeps a picture the app could have made, reading no more than its header', async () => {
    const big = Buffer.concat([PHOTO, Buffer.alloc(PICTURE_HEADER_BYTES)]);
    const { bucket, calls, objects } = fakeBucket({
      'u1/posts/a.jpg': { bytes: big, generation: '3' },
    });
    const check = await checkUploadedPicture(
      bucket,
      { name: 'u1/posts/a.jpg', contentType: 'image/jpeg', size: big.length, generation: 3 },
      ['posts'],
    );
    expect(check).toEqual({ outcome: 'kept', kind: 'post', width: 800, height: 600 });
    expect(calls).toEqual([`download u1/posts/a.jpg#3 0-${PICTURE_HEADER_BYTES - 1}`]);
    expect(Object.keys(objects)).toEqual(['u1/posts/a.jpg']);
  });

  it('judges each folder by its own kind, at any depth under it', async () => {
    const { bucket } = fakeBucket({ 'u1/pfps/old/deep/a.jpg': { bytes: PHOTO, generation: '1' } });
    const check = await checkUploadedPicture(
      bucket,
      {
        name: 'u1/pfps/old/deep/a.jpg',
        contentType: 'image/jpeg',
        size: PHOTO.length,
        generation: '1',
      },
      ['pfps', 'pfcovers'],
    );
    expect(check).toEqual({
      outcome: 'deleted',
      kind: 'profilePicture',
      reason: '800×600 exceeds 256×256',
    });
  });

  it('ignores objects outside its folders, and reads nothing of them', async () => {
    const { bucket, calls } = fakeBucket({});
    for (const name of [
      'u1/pfps/a.png',
      'posts/a.png',
      'u1/posts',
      'u1/posts/',
      '/posts/a.png',
      'a',
    ]) {
      const check = await checkUploadedPicture(
        bucket,
        { name, contentType: 'image/png', size: 10, generation: '1' },
        ['posts'],
      );
      expect(check).toEqual({ outcome: 'ignored' });
    }
    expect(calls).toEqual([]);
  });

  it('deletes an empty object without reading it', async () => {
    const { bucket, calls } = fakeBucket({
      'u1/posts/e.png': { bytes: Buffer.alloc(0), generation: '1' },
    });
    const check = await checkUploadedPicture(
      bucket,
      { name: 'u1/posts/e.png', contentType: 'image/png', size: '0', generation: '1' },
      ['posts'],
    );
    expect(check).toEqual({ outcome: 'deleted', kind: 'post', reason: 'not a image/png file' });
    expect(calls).toEqual(['delete u1/posts/e.png#1']);
  });

  it('leaves a newer upload to the same name alone, and a second delivery changes nothing', async () => {
    const { bucket, objects } = fakeBucket({ 'u1/posts/x.png': { bytes: HUGE, generation: '2' } });
    const event = {
      name: 'u1/posts/x.png',
      contentType: 'image/png',
      size: HUGE.length,
      generation: '1',
    };
    // The event of generation 1 arrives after generation 2 replaced it.
    expect(await checkUploadedPicture(bucket, event, ['posts'])).toEqual({
      outcome: 'gone',
      kind: 'post',
    });
    expect(Object.keys(objects)).toEqual(['u1/posts/x.png']);
    const current = { ...event, generation: '2' };
    expect((await checkUploadedPicture(bucket, current, ['posts'])).outcome).toBe('deleted');
    expect(await checkUploadedPicture(bucket, current, ['posts'])).toEqual({
      outcome: 'gone',
      kind: 'post',
    });
  });

  it('treats a replacement between its read and its delete as gone (412), not as an error', async () => {
    const { bucket, objects } = fakeBucket({ 'u1/posts/y.png': { bytes: HUGE, generation: '1' } });
    const racing: PictureBucket = {
      file(name, options) {
        const file = bucket.file(name, options);
        return {
          download: async (range) => {
            const read = await file.download(range);
            objects[name] = { bytes: PHOTO, generation: '2' };
            return read;
          },
          delete: file.delete,
        };
      },
    };
    const check = await checkUploadedPicture(
      racing,
      { name: 'u1/posts/y.png', contentType: 'image/png', size: HUGE.length, generation: '1' },
      ['posts'],
    );
    expect(check).toEqual({ outcome: 'gone', kind: 'post' });
    expect(objects['u1/posts/y.png']?.generation).toBe('2');
  });

  it('throws what Storage answers otherwise, so the function is retried', async () => {
    const failing: PictureBucket = {
      file: () => ({
        download: () => Promise.reject(Object.assign(new Error('backend error'), { code: 503 })),
        delete: () => Promise.resolve(),
      }),
    };
    await expect(
      checkUploadedPicture(
        failing,
        { name: 'u1/posts/z.png', contentType: 'image/png', size: 10, generation: '1' },
        ['posts'],
      ),
    ).rejects.toThrow('backend error');
  });
});
