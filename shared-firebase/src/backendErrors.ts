// Reading what a failed backend call says. Firebase errors carry a `code`: `auth/...` from Auth,
// Firestore's own codes ('permission-denied', 'unavailable', …) from Firestore.

/** The `auth/...` code of a Firebase error, or null for anything else. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' && code.startsWith('auth/') ? code : null;
}

/**
 * Whether Firestore refused the write (the rules said no): a write built from a state that changed
 * meanwhile is refused this way, and trying again from a fresh read may succeed.
 */
export function isPermissionDenied(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'permission-denied';
}
