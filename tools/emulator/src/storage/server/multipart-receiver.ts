import { badRequest } from './errors';
import {
  boundaryOf,
  parseError,
  parseMultipartHead,
  parseMultipartUpload,
  type MultipartHead,
} from './multipart';

const CRLF = Buffer.from('\r\n');
const CLOSING = Buffer.from('--');
const unexpectedParts = () => parseError('Unexpected number of parts in request body');

type State = 'head' | 'data' | 'after';

/**
 * Takes a `multipart/related` upload as it arrives. The metadata part and the data part's
 * headers are collected (at most `maxHeadBytes`) and given to `onHead`, which may refuse the
 * upload, before any of the object's bytes are taken; the data part's bytes then go to `data`
 * up to the next delimiter, which must close the body (two parts, as the official emulator wants).
 */
export class MultipartReceiver {
  private readonly delimiter: Buffer;
  private state: State = 'head';
  private headBytes = Buffer.alloc(0);
  private head: MultipartHead | null = null;
  /** The data's last bytes, held back while they could be the start of the delimiter. */
  private pending = Buffer.alloc(0);
  /** The first bytes after the closing delimiter (`--` closes the body). */
  private after = Buffer.alloc(0);

  constructor(
    private readonly contentType: string | undefined,
    private readonly maxHeadBytes: number,
    private readonly onHead: (head: MultipartHead) => void,
    private readonly data: (chunk: Buffer) => Promise<void>,
  ) {
    const boundary = contentType ? boundaryOf(contentType) : null;
    if (!contentType || !boundary) throw parseError(`Bad content type. ${contentType ?? ''}`);
    this.delimiter = Buffer.from(`--${boundary}`);
  }

  async push(chunk: Buffer): Promise<void> {
    if (this.state === 'head') {
      this.headBytes = Buffer.concat([this.headBytes, chunk]);
      const head = parseMultipartHead(this.contentType, this.headBytes);
      if (head === null) {
        if (this.headBytes.length > this.maxHeadBytes) {
          throw badRequest('Multipart metadata part too large.');
        }
        return;
      }
      this.onHead(head);
      this.head = head;
      this.state = 'data';
      const rest = this.headBytes.subarray(head.dataOffset);
      this.headBytes = Buffer.alloc(0);
      return this.scan(rest);
    }
    if (this.state === 'data') return this.scan(chunk);
    if (this.after.length < CLOSING.length) {
      this.after = Buffer.concat([this.after, chunk.subarray(0, CLOSING.length)]);
    }
  }

  private async scan(chunk: Buffer): Promise<void> {
    const buffer = Buffer.concat([this.pending, chunk]);
    const at = buffer.indexOf(this.delimiter);
    if (at >= 0) {
      // The CRLF before a delimiter belongs to the delimiter, not to the part's data. Holding
      // back a delimiter's length and one byte keeps that CRLF in `buffer` (see below).
      const end = at >= 2 && buffer.subarray(at - 2, at).equals(CRLF) ? at - 2 : at;
      this.pending = Buffer.alloc(0);
      this.state = 'after';
      const afterStart = at + this.delimiter.length;
      this.after = Buffer.from(buffer.subarray(afterStart, afterStart + CLOSING.length));
      if (end > 0) await this.data(buffer.subarray(0, end));
      return;
    }
    const keep = this.delimiter.length + 1;
    if (buffer.length <= keep) {
      this.pending = buffer;
      return;
    }
    this.pending = Buffer.from(buffer.subarray(buffer.length - keep));
    await this.data(buffer.subarray(0, buffer.length - keep));
  }

  /** The whole body has arrived: what its head declared, or the official error. */
  end(): MultipartHead {
    if (this.state === 'head') {
      // Malformed or cut short before the data: the whole-body parser gives the official answer.
      parseMultipartUpload(this.contentType, this.headBytes);
      throw unexpectedParts();
    }
    if (this.state === 'data' || !this.after.subarray(0, CLOSING.length).equals(CLOSING)) {
      throw unexpectedParts();
    }
    return this.head!;
  }
}
