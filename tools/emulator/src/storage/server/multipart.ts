import { StorageApiError } from './errors';

export interface MultipartUpload {
  metadataJson: string;
  data: Buffer;
  dataContentType?: string;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

// Texts as the official emulator answers them: plain text, status 400.
export const parseError = (message: string): StorageApiError =>
  new StorageApiError(400, message, 'text');

export function boundaryOf(contentType: string): string | null {
  if (!/^multipart\/related\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=("([^"]+)"|'([^']+)'|[^;\s]+)/i.exec(contentType);
  if (!match) return null;
  return match[2] ?? match[3] ?? match[1]!;
}

interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

function parsePart(raw: Buffer): Part {
  // `raw` starts right after the boundary line's CRLF and ends before the CRLF of the next one.
  const headerEnd = raw.indexOf(HEADER_END);
  if (headerEnd === -1) {
    throw parseError('Failed to parse multipart request body part. Missing content type.');
  }
  const headers: Record<string, string> = {};
  for (const line of raw.subarray(0, headerEnd).toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (headers['content-type'] === undefined) {
    throw parseError('Failed to parse multipart request body part. Missing content type.');
  }
  return { headers, body: raw.subarray(headerEnd + HEADER_END.length) };
}

/** Splits a `multipart/related` upload into its JSON metadata part and its bytes part. */
export function parseMultipartUpload(
  contentType: string | undefined,
  body: Buffer,
): MultipartUpload {
  const boundary = contentType ? boundaryOf(contentType) : null;
  if (!contentType || !boundary) throw parseError(`Bad content type. ${contentType ?? ''}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let position = body.indexOf(delimiter);
  if (position === -1) throw parseError('Unexpected number of parts in request body');
  let closed = false;
  while (position !== -1) {
    let start = position + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') {
      closed = true;
      break;
    }
    if (body.subarray(start, start + 2).equals(CRLF)) start += 2;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // The CRLF before a delimiter belongs to the delimiter, not to the part's data.
    const end = next >= 2 && body.subarray(next - 2, next).equals(CRLF) ? next - 2 : next;
    parts.push(body.subarray(start, end));
    position = next;
  }
  if (!closed || parts.length !== 2) {
    throw parseError('Unexpected number of parts in request body');
  }
  const metadataPart = parsePart(parts[0]!);
  const dataPart = parsePart(parts[1]!);
  return {
    metadataJson: metadataPart.body.toString('utf8'),
    data: Buffer.from(dataPart.body),
    dataContentType: dataPart.headers['content-type'],
  };
}

/** What the start of a multipart upload declares: its metadata, and where the bytes begin. */
export interface MultipartHead {
  metadataJson: string;
  dataContentType?: string;
  /** Offset of the data part's first byte in the body. */
  dataOffset: number;
  /** Bytes after the data that close the body: CRLF, `--boundary--` (a final CRLF may follow). */
  closingBytes: number;
}

/**
 * Reads the metadata part and the data part's headers from the first bytes of a multipart
 * upload; null while they have not all arrived. The SDK sends the metadata first, so the rules
 * can be asked before the object's bytes are read.
 */
export function parseMultipartHead(
  contentType: string | undefined,
  received: Buffer,
): MultipartHead | null {
  const boundary = contentType ? boundaryOf(contentType) : null;
  if (!contentType || !boundary) throw parseError(`Bad content type. ${contentType ?? ''}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const first = received.indexOf(delimiter);
  if (first === -1) return null;
  const second = received.indexOf(delimiter, first + delimiter.length);
  if (second === -1) return null;
  const dataHeadersEnd = received.indexOf(HEADER_END, second + delimiter.length);
  if (dataHeadersEnd === -1) return null;
  let start = first + delimiter.length;
  if (received.subarray(start, start + 2).equals(CRLF)) start += 2;
  const end = received.subarray(second - 2, second).equals(CRLF) ? second - 2 : second;
  const metadataPart = parsePart(received.subarray(start, end));
  let dataStart = second + delimiter.length;
  if (received.subarray(dataStart, dataStart + 2).equals(CRLF)) dataStart += 2;
  const dataPart = parsePart(received.subarray(dataStart, dataHeadersEnd + HEADER_END.length));
  return {
    metadataJson: metadataPart.body.toString('utf8'),
    dataContentType: dataPart.headers['content-type'],
    dataOffset: dataHeadersEnd + HEADER_END.length,
    closingBytes: CRLF.length + delimiter.length + 2,
  };
}
