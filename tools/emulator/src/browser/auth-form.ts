import type { AuthUserChanges } from './auth-client';

/**
 * The Auth page's user form as the Auth emulator takes it: custom claims typed as a JSON object
 * (at most 1000 bytes, production's limit), an empty password left unchanged, the disabled box.
 */

/** Production refuses custom claims whose JSON exceeds this many bytes. */
export const MAX_CLAIMS_BYTES = 1000;

export type ParsedUserForm = { uid: string | null; changes: AuthUserChanges } | { error: string };

/** The claims text as the Auth emulator keeps it (compact JSON); `{}` for none. */
export function parseClaims(text: string): { claims: string } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { claims: '{}' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch (error) {
    return { error: `Custom claims are a JSON object: ${(error as Error).message}.` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { error: 'Custom claims are a JSON object, e.g. {"admin": true}.' };
  }
  const claims = JSON.stringify(parsed);
  if (Buffer.byteLength(claims) > MAX_CLAIMS_BYTES) {
    return { error: `Custom claims may hold at most ${MAX_CLAIMS_BYTES} bytes of JSON.` };
  }
  return { claims };
}

/** A new user (`creating`) or the changes to one, from the form's fields. */
export function parseUserForm(form: URLSearchParams, creating: boolean): ParsedUserForm {
  const claims = parseClaims(form.get('claims') ?? '');
  if ('error' in claims) return claims;
  const uid = (form.get('uid') ?? '').trim();
  if (uid.length > 128) return { error: 'A uid has at most 128 characters.' };
  const email = (form.get('email') ?? '').trim();
  const password = form.get('password') ?? '';
  if (password !== '' && password.length < 6) {
    return { error: 'A password has at least 6 characters.' };
  }
  const changes: AuthUserChanges = {
    email,
    displayName: (form.get('displayName') ?? '').trim(),
    customClaims: claims.claims,
    disabled: form.get('disabled') === 'on' || form.get('disabled') === 'true',
  };
  if (password !== '') changes.password = password;
  if (creating && email !== '' && password === '') {
    return { error: 'A user with an e-mail address needs a password.' };
  }
  return { uid: uid === '' ? null : uid, changes };
}
