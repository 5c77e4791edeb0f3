import type { Principal } from '../common/auth';
import { NULL, float, int, list, str, type RValue } from './values';

/** A JSON value (ID token claims) as a rules value: whole numbers are ints. */
export function fromJson(value: unknown): RValue {
  if (value === null || value === undefined) return NULL;
  if (typeof value === 'boolean') return { k: 'bool', v: value };
  if (typeof value === 'number') return Number.isSafeInteger(value) ? int(value) : float(value);
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return list(value.map(fromJson));
  const out = new Map<string, RValue>();
  for (const [key, v] of Object.entries(value as Record<string, unknown>))
    out.set(key, fromJson(v));
  return { k: 'map', v: out };
}

/** `request.auth`: null when signed out, else `{ uid, token }`. */
export function authValue(principal: Principal): RValue {
  if (principal.kind !== 'user') return NULL;
  return {
    k: 'map',
    v: new Map<string, RValue>([
      ['uid', str(principal.auth.uid)],
      ['token', fromJson(principal.auth.token)],
    ]),
  };
}
