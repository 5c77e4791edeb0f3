/**
 * @jest-environment node
 */
/// <reference types="node" />
// The package's public surface is what its consumers use, each name documented where it is
// defined (docs/ARCHITECTURE.md). Read from the two entries with TypeScript's checker, so a new
// export without a consumer or without a doc comment fails here instead of growing the surface.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const PACKAGE_DIR = path.resolve(__dirname, '..');
const REPO_DIR = path.resolve(PACKAGE_DIR, '..');
const ENTRIES = ['src/index.ts', 'src/session/index.ts', 'src/server.ts'].map((entry) =>
  path.join(PACKAGE_DIR, entry),
);
/**
 * Where consumers live: every other package's sources (the teams' functions codebases included),
 * the scripts and the e2e suite.
 */
const CONSUMER_ROOTS = fs
  .readdirSync(REPO_DIR)
  .filter((name) => /^(mfe-.+|shell)$/.test(name))
  .flatMap((name) => [path.join(REPO_DIR, name, 'src'), path.join(REPO_DIR, name, 'functions/src')])
  .concat(
    ['tools/standalone-host/src', 'tools/single-bundle/src', 'tools/scripts', 'e2e'].map((dir) =>
      path.join(REPO_DIR, dir),
    ),
  );
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/**
 * The platform's calls for a collection a team adds on its own: exported for the next team, so no
 * consumer may use them yet (docs/CONTRACT.md "What needs a shell release").
 */
const FOR_NEW_COLLECTIONS = new Set(['typedCollection', 'typedDoc']);

/**
 * The names the package's own data modules take from the session entry (they reach it through the
 * entry, so the page holds one session module): such a name is used even when no other package
 * imports it.
 */
function namesTakenFromTheSessionEntry(): Set<string> {
  const names = new Set<string>();
  const fromEntry = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'\.\.?\/session'/g;
  for (const file of sourceFiles(path.join(PACKAGE_DIR, 'src'))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const [, list] of fs.readFileSync(file, 'utf8').matchAll(fromEntry))
      for (const name of list!.split(',')) names.add(name.trim().replace(/^type\s+/, ''));
  }
  return names;
}

const program = ts.createProgram(ENTRIES, {
  strict: true,
  jsx: ts.JsxEmit.ReactJSX,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  noEmit: true,
  skipLibCheck: true,
});
const checker = program.getTypeChecker();

/** Each exported name of an entry, with the symbol it stands for (aliases followed). */
function exportsOf(entry: string): Array<{ name: string; symbol: ts.Symbol }> {
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  return checker.getExportsOfModule(moduleSymbol).map((exported) => ({
    name: exported.getName(),
    symbol: exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported,
  }));
}

/** The session entry's names are re-exported by the data entry: check each name once. */
const surface = new Map(ENTRIES.flatMap(exportsOf).map(({ name, symbol }) => [name, symbol]));

describe("shared-firebase's public surface", () => {
  it('has names to check', () => {
    expect(surface.size).toBeGreaterThan(50);
    expect(surface.has('useMember')).toBe(true);
  });

  it('exports only names that a consumer uses', () => {
    const consumerTexts = CONSUMER_ROOTS.flatMap(sourceFiles).map((file) =>
      fs.readFileSync(file, 'utf8'),
    );
    const taken = new Set([...FOR_NEW_COLLECTIONS, ...namesTakenFromTheSessionEntry()]);
    const unused = [...surface.keys()].filter((name) => {
      const word = new RegExp(`\\b${name}\\b`);
      return !taken.has(name) && !consumerTexts.some((text) => word.test(text));
    });
    expect(unused).toEqual([]);
  });

  it('documents every exported name where it is defined', () => {
    const undocumented = [...surface].flatMap(([name, symbol]) =>
      ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() === '' ? [name] : [],
    );
    expect(undocumented).toEqual([]);
  });
});
