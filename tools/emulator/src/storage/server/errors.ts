/**
 * An answer the Storage API gives instead of a result. Bodies follow the official emulator:
 * `{"error":{"code","message"}}` JSON, or plain text where it answers plain text (multipart
 * parse errors).
 */
export class StorageApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly format: 'json' | 'text' = 'json',
    /** Extra response headers, e.g. `X-Goog-Upload-Status` on upload errors. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): string {
    if (this.format === 'text') return this.message;
    return JSON.stringify({ error: { code: this.httpStatus, message: this.message } });
  }
}

export type Permission = 'READ' | 'LIST' | 'WRITE';

export const permissionDenied = (permission: Permission): StorageApiError =>
  new StorageApiError(403, `Permission denied. No ${permission} permission.`);

export const notFound = (): StorageApiError => new StorageApiError(404, 'Not Found.');

export const badRequest = (message: string): StorageApiError => new StorageApiError(400, message);
