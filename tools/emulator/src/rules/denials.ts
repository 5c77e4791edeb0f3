import type { Principal } from '../common/auth';
import type { CompiledRules } from './compile';
import type { Denial, RequestMethod } from './matcher';

/** A request the rules refused, as tools (the data browser) show it. */
export interface DeniedRequest {
  service: CompiledRules['service'];
  method: RequestMethod;
  /** The document name, or the Storage object path `/b/{bucket}/o/{name}`. */
  path: string;
  /** The caller's uid; null when signed out. */
  uid: string | null;
  denial: Denial;
}

export type DenialObserver = (request: DeniedRequest) => void;

/** Tells the rules' observer (if any) about a denial, and hands the decision back unchanged. */
export function reportDenial(
  rules: CompiledRules,
  principal: Principal,
  method: RequestMethod,
  path: string,
  denial: Denial | null,
): Denial | null {
  if (denial && rules.onDenial) {
    rules.onDenial({
      service: rules.service,
      method,
      path,
      uid: principal.kind === 'user' ? principal.auth.uid : null,
      denial,
    });
  }
  return denial;
}
