/**
 * Who is calling. The Auth emulator issues unsigned JWTs (`alg: none`); production tokens are
 * never seen here. The literal token `owner` is the emulators' admin bypass.
 */
export interface AuthContext {
  uid: string;
  /** Every claim of the ID token (email, email_verified, firebase.sign_in_provider, ...). */
  token: Record<string, unknown>;
}

export type Principal =
  { kind: 'owner' } | { kind: 'user'; auth: AuthContext } | { kind: 'anonymous' };

const OWNER_TOKEN = 'owner';

/** Reads the uid and claims out of an ID token without verifying a signature (emulator only). */
export function decodeIdToken(token: string): AuthContext | null {
  const parts = token.split('.');
  if (parts.length < 2) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    // The uid is the token's subject, as Google's emulator and production take it (`user_id`,
    // which the Auth emulator also sets, is not read: a token may say anything there).
    const uid = claims['sub'];
    if (typeof uid !== 'string' || uid === '') return null;
    return { uid, token: claims };
  } catch {
    return null;
  }
}

/**
 * Turns an `Authorization` header into a principal. Firestore sends `Bearer <token>`, Storage
 * sends `Firebase <token>`; both schemes are accepted by both services.
 */
export function principalFromAuthorization(header: string | undefined | null): Principal {
  if (!header) return { kind: 'anonymous' };
  const match = /^(?:Bearer|Firebase)\s+(.+)$/i.exec(header.trim());
  if (!match) return { kind: 'anonymous' };
  const token = match[1]!.trim();
  if (token === OWNER_TOKEN) return { kind: 'owner' };
  const auth = decodeIdToken(token);
  return auth ? { kind: 'user', auth } : { kind: 'anonymous' };
}
