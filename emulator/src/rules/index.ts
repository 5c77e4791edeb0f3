export { compileRules, RulesCompileError, type CompiledRules } from './compile';
export type { RulesIssue } from './lexer';
export { RulesSlot } from './slot';
export type { Denial } from './matcher';
export { authorizeFirestoreWrites, authorizeFirestoreRead } from './firestore';
export { authorizeStorage, type StorageObjectInfo } from './storage';
