import type { RulesFile } from './ast';
import { checkRules } from './checker';
import { SyntaxIssue, type RulesIssue } from './lexer';
import { Parser } from './parser';
import type { RulesCoverage } from './coverage';
import type { DecisionObserver } from './decisions';

export class RulesCompileError extends Error {
  constructor(
    readonly issues: RulesIssue[],
    fileName = 'rules',
  ) {
    super(issues.map((i) => `${fileName}:${i.line}:${i.column}: ${i.message}`).join('\n'));
    this.name = 'RulesCompileError';
  }
}

export interface CompiledRules {
  service: 'cloud.firestore' | 'firebase.storage';
  /** The checked syntax tree; opaque to callers. */
  readonly file: RulesFile;
  readonly fileName: string;
  /** Called with every request these rules decide (RulesSlot sets it for the data browser). */
  readonly onDecision?: DecisionObserver;
  /** Records what the rules evaluated (RulesSlot sets it: coverage since the rules loaded). */
  readonly coverage?: RulesCoverage;
}

/** Parses and statically checks a rules file; anything unsupported is refused with its place. */
export function compileRules(source: string, fileName = 'rules'): CompiledRules {
  let file: RulesFile;
  try {
    file = new Parser(source).parseFile();
  } catch (error) {
    if (error instanceof SyntaxIssue) {
      throw new RulesCompileError(
        [{ line: error.line, column: error.column, message: error.message }],
        fileName,
      );
    }
    throw error;
  }
  const issues = checkRules(file);
  if (issues.length > 0) throw new RulesCompileError(issues, fileName);
  return { service: file.service, file, fileName };
}
