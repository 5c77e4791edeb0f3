import fs from 'node:fs';
import path from 'node:path';

/** One entry of firebase.json's `functions` list: a folder of functions deployed together. */
export interface Codebase {
  /** firebase.json's `codebase` (`default` when absent, as firebase-tools names it). */
  codebase: string;
  /** The folder (absolute), firebase.json's `source` resolved against firebase.json's folder. */
  source: string;
  /** Globs firebase-tools leaves out (firebase.json's `ignore`). */
  ignore?: string[];
}

interface FunctionsEntry {
  source?: unknown;
  codebase?: unknown;
  ignore?: unknown;
}

/**
 * The functions codebases firebase.json names (`"functions": [{ "source", "codebase" }, …]`, or
 * one object), in order; none when it names none. Adding an entry is all it takes for the local
 * backend to build and run it.
 */
export function functionsCodebases(firebaseJsonPath: string): Codebase[] {
  const json = JSON.parse(fs.readFileSync(firebaseJsonPath, 'utf8')) as { functions?: unknown };
  const entries = json.functions === undefined ? [] : [json.functions].flat();
  const root = path.dirname(firebaseJsonPath);
  return entries.map((raw, index) => {
    const entry = raw as FunctionsEntry;
    const source = typeof entry.source === 'string' ? entry.source : 'functions';
    const codebase = typeof entry.codebase === 'string' ? entry.codebase : 'default';
    if (entry.source !== undefined && typeof entry.source !== 'string') {
      throw new Error(`${firebaseJsonPath}: functions[${index}].source must be a folder`);
    }
    const ignore = Array.isArray(entry.ignore)
      ? entry.ignore.filter((glob): glob is string => typeof glob === 'string')
      : undefined;
    return { codebase, source: path.resolve(root, source), ...(ignore ? { ignore } : {}) };
  });
}
