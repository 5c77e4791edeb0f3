import { MultipartReceiver } from '../../src/storage/server/multipart-receiver';
import type { MultipartHead } from '../../src/storage/server/multipart';

const BOUNDARY = 'b0und';
const CONTENT_TYPE = `multipart/related; boundary=${BOUNDARY}`;
const head =
  `--${BOUNDARY}\r\nContent-Type: application/json\r\n\r\n{"name":"a.png"}\r\n` +
  `--${BOUNDARY}\r\nContent-Type: image/png\r\n\r\n`;
/** Data that looks like the delimiter's start without being it, and ends in a CR LF of its own. */
const DATA = Buffer.from(`PNG\r\n--b0un\r\n-\r\n--b0unD\r\n`);

/** Feeds `body` in pieces of `size` bytes; resolves with the data received and the head. */
async function receive(body: Buffer, size: number) {
  const data: Buffer[] = [];
  const heads: MultipartHead[] = [];
  const receiver = new MultipartReceiver(
    CONTENT_TYPE,
    1024,
    (h) => heads.push(h),
    async (chunk) => void data.push(Buffer.from(chunk)),
  );
  for (let at = 0; at < body.length; at += size) await receiver.push(body.subarray(at, at + size));
  const declared = receiver.end();
  return { data: Buffer.concat(data), declared, heads };
}

test('the data part arrives whole however the body is cut into pieces', async () => {
  const body = Buffer.concat([Buffer.from(head), DATA, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  for (let size = 1; size <= body.length; size++) {
    const { data, declared, heads } = await receive(body, size);
    expect(data.toString('latin1')).toBe(DATA.toString('latin1'));
    expect(heads).toHaveLength(1);
    expect(declared).toMatchObject({
      metadataJson: '{"name":"a.png"}',
      dataContentType: 'image/png',
    });
  }
});

test('a third part, or no closing delimiter, is the official error', async () => {
  const third = Buffer.from(
    `${head}x\r\n--${BOUNDARY}\r\nContent-Type: a/b\r\n\r\ny\r\n--${BOUNDARY}--`,
  );
  await expect(receive(third, 7)).rejects.toThrow('Unexpected number of parts in request body');
  const unclosed = Buffer.from(`${head}xyz`);
  await expect(receive(unclosed, 7)).rejects.toThrow('Unexpected number of parts in request body');
});

test('the head is refused before any data is taken', async () => {
  const data: Buffer[] = [];
  const receiver = new MultipartReceiver(
    CONTENT_TYPE,
    1024,
    () => {
      throw new Error('refused by the rules');
    },
    async (chunk) => void data.push(chunk),
  );
  await expect(receiver.push(Buffer.from(`${head}DATA`))).rejects.toThrow('refused by the rules');
  expect(data).toEqual([]);
});
