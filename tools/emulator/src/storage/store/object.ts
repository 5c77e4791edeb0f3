/** What is stored for one object (and persisted as JSON next to its bytes). */
export interface ObjectMetadata {
  bucket: string;
  name: string;
  /** Decimal strings, as on the wire; generation changes on every upload. */
  generation: string;
  metageneration: string;
  size: number;
  md5Hash: string;
  crc32c: string;
  timeCreated: string;
  updated: string;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  customMetadata?: Record<string, string>;
  downloadTokens: string[];
}

/** GCS orders object names by their UTF-8 bytes. */
export const compareNames = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
