export { compileRules, RulesCompileError, type CompiledRules } from './compile';
export type { RulesIssue } from './lexer';
export { RulesSlot, type SlotDecision } from './slot';
export type { Decision, Denial, DeniedStatement, StatementOutcome } from './matcher';
export type { DecidedRequest, DecisionObserver } from './decisions';
export {
  RulesCoverage,
  type CoverageLine,
  type CoverageReport,
  type ExpressionReport,
} from './coverage';
export { coverageDocument, coverageSummary, coverageTable, COVERAGE_STYLES } from './coverageHtml';
export { authorizeFirestoreWrites, authorizeFirestoreRead } from './firestore';
export { authorizeStorage, type StorageObjectInfo } from './storage';
