export { compileRules, RulesCompileError, type CompiledRules } from './compile';
export type { RulesIssue } from './lexer';
export { RulesSlot, type SlotDenial } from './slot';
export type { Denial, DeniedStatement } from './matcher';
export type { DeniedRequest, DenialObserver } from './denials';
export { authorizeFirestoreWrites, authorizeFirestoreRead } from './firestore';
export { authorizeStorage, type StorageObjectInfo } from './storage';
