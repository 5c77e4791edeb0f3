import type { Principal } from '../common/auth';
import type { CompiledRules } from './compile';
import type { Decision, Denial, RequestMethod, StatementOutcome } from './matcher';

/** A request the rules decided, as tools (the data browser's requests view) show it. */
export interface DecidedRequest {
  service: CompiledRules['service'];
  method: RequestMethod;
  /** The document name, or the Storage object path `/b/{bucket}/o/{name}`. */
  path: string;
  /** The caller's uid; null when signed out. */
  uid: string | null;
  granted: boolean;
  /** The `allow` statements evaluated, in source order (when granted, the last one granted). */
  statements: StatementOutcome[];
  /** Set when refused: the official text and the statements that did not grant. */
  denial: Denial | null;
}

export type DecisionObserver = (request: DecidedRequest) => void;

/** Tells the rules' observer (if any) about a decision, and hands the denial (if any) back. */
export function reportDecision(
  rules: CompiledRules,
  principal: Principal,
  method: RequestMethod,
  path: string,
  decision: Decision,
): Denial | null {
  rules.onDecision?.({
    service: rules.service,
    method,
    path,
    uid: principal.kind === 'user' ? principal.auth.uid : null,
    granted: decision.denial === null,
    statements: decision.statements,
    denial: decision.denial,
  });
  return decision.denial;
}
