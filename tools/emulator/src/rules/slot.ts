import fs from 'node:fs';
import path from 'node:path';
import { compileRules, RulesCompileError, type CompiledRules } from './compile';
import { RulesCoverage } from './coverage';
import type { DecidedRequest } from './decisions';
import type { RulesIssue } from './lexer';

/** A decision with the source text of each evaluated `allow` line, from the rules then in force. */
export interface SlotDecision extends DecidedRequest {
  fileName: string;
  /** `statements[i]`'s source line, trimmed. */
  statementSources: string[];
}

/**
 * The rules currently in force for one service. A source that does not compile leaves the
 * previous rules in force and reports its issues (the official emulators behave the same way).
 */
export class RulesSlot {
  private rules: CompiledRules | null = null;
  private decisionListener: ((decision: SlotDecision) => void) | null = null;

  constructor(
    private readonly service: CompiledRules['service'],
    private readonly defaultFileName: string,
  ) {}

  get(): CompiledRules | null {
    return this.rules;
  }

  set(source: string, fileName = this.defaultFileName): RulesIssue[] {
    let compiled: CompiledRules;
    try {
      compiled = compileRules(source, fileName);
    } catch (err) {
      if (err instanceof RulesCompileError)
        return err.issues.map(({ line, column, message }) => ({
          line,
          column,
          message,
        }));
      throw err;
    }
    if (compiled.service !== this.service) {
      return [
        {
          line: 1,
          column: 1,
          message: `Expected service ${this.service}, found ${compiled.service}.`,
        },
      ];
    }
    const sourceLines = source.split(/\r\n|\r|\n/);
    this.rules = {
      ...compiled,
      // Coverage starts afresh with each rules source, as Google's emulator's does.
      coverage: new RulesCoverage(compiled.file, source, compiled.fileName),
      onDecision: (request) =>
        this.decisionListener?.({
          ...request,
          fileName: compiled.fileName,
          statementSources: request.statements.map((s) => sourceLines[s.line - 1]?.trim() ?? ''),
        }),
    };
    return [];
  }

  /** Sends every request the rules in force decide (now or after a reload) to `listener`. */
  observeDecisions(listener: ((decision: SlotDecision) => void) | null): void {
    this.decisionListener = listener;
  }

  /** What the rules in force evaluated since they were loaded (or reset); null without rules. */
  coverage(): RulesCoverage | null {
    return this.rules?.coverage ?? null;
  }

  /** Loads a rules file; returns the issues (file errors become one issue at 1:1). */
  loadFile(file: string): RulesIssue[] {
    let source: string;
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch (err) {
      return [
        {
          line: 1,
          column: 1,
          message: `Cannot read ${file}: ${(err as Error).message}`,
        },
      ];
    }
    return this.set(source, path.basename(file));
  }

  /**
   * Reloads the file when it changes. The directory is watched because editors replace files
   * (rename over), which ends a watch on the file itself; bursts of events are debounced.
   */
  watch(file: string, log: (line: string) => void, debounceMs = 150): () => void {
    const dir = path.dirname(file);
    const base = path.basename(file);
    let timer: NodeJS.Timeout | null = null;
    const reload = () => {
      timer = null;
      if (!fs.existsSync(file)) return;
      const issues = this.loadFile(file);
      if (issues.length === 0) log(`reloaded ${file}`);
      else {
        for (const i of issues)
          log(`${file}:${i.line}:${i.column}: ${i.message} (previous rules kept)`);
      }
    };
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(dir, (_event, name) => {
        if (name !== null && name.toString() !== base) return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(reload, debounceMs);
      });
    } catch (err) {
      log(`cannot watch ${file}: ${(err as Error).message}`);
      return () => {};
    }
    watcher.on('error', (err) => log(`watching ${file} failed: ${err.message}`));
    return () => {
      if (timer) clearTimeout(timer);
      watcher.close();
    };
  }
}
