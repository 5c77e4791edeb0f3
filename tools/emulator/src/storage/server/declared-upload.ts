import type { Principal } from '../../common/auth';
import { checkAccess } from './authorize';
import type { StorageContext } from './context';
import { StorageApiError } from './errors';
import { metadataForUpload, type IncomingMetadata } from './metadata';

/** The sizes an upload can still have, from what its headers declare. */
export interface DeclaredSize {
  min: number;
  max: number;
}

/** A length header as a size, or every size up to the limit when it is absent or unreadable. */
export function declaredSize(
  header: string | string[] | undefined,
  maxBytes: number,
): DeclaredSize {
  const text = Array.isArray(header) ? header[0] : header;
  if (text !== undefined && /^\d+$/.test(text.trim())) {
    const size = Number(text.trim());
    return { min: size, max: size };
  }
  return { min: 0, max: maxBytes };
}

/** The digest of no bytes yet; the declared size replaces it below. */
const NOTHING_RECEIVED = { size: 0, md5Hash: '', crc32c: '' };

/**
 * Asks the rules about an upload from what it declares (name, metadata, content type, size)
 * before any of its bytes are read, and throws their refusal. Where the size is known only within
 * bounds, it refuses only if the rules refuse at both ends, so a request the rules would allow is
 * never refused here; the full check still runs once the bytes are in.
 */
export function checkDeclaredUpload(
  ctx: StorageContext,
  args: {
    principal: Principal;
    bucket: string;
    name: string;
    incoming: IncomingMetadata;
    contentTypeHeader?: string;
    size: DeclaredSize;
  },
): void {
  if (args.size.min > ctx.maxObjectBytes) {
    throw new StorageApiError(
      413,
      `Object exceeds the maximum size of ${ctx.maxObjectBytes} bytes.`,
    );
  }
  const declared = metadataForUpload({
    bucket: args.bucket,
    name: args.name,
    content: NOTHING_RECEIVED,
    incoming: { ...args.incoming, md5Hash: null },
    ...(args.contentTypeHeader === undefined ? {} : { contentTypeHeader: args.contentTypeHeader }),
    now: new Date(),
  });
  const refusalAt = (size: number): StorageApiError | null => {
    try {
      checkAccess(ctx.getRules(), {
        principal: args.principal,
        bucket: args.bucket,
        path: args.name,
        method: 'create',
        resource: ctx.store.get(args.bucket, args.name),
        requestResource: { ...declared, size },
      });
      return null;
    } catch (error) {
      if (error instanceof StorageApiError) return error;
      throw error;
    }
  };
  const atMin = refusalAt(args.size.min);
  if (
    atMin &&
    (args.size.max === args.size.min || refusalAt(Math.min(args.size.max, ctx.maxObjectBytes)))
  ) {
    throw atMin;
  }
}
