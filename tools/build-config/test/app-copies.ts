import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Altered copies of apps for the typed-contract tests, inside the repository so that their
// imports resolve to its node_modules.

export const ROOT = path.join(__dirname, '..', '..', '..');
const TSC = require.resolve('typescript/bin/tsc');

/** A fresh folder under .tmp/ holding tsconfig.base.json, which the apps' tsconfig.json extend. */
export function makeWorkDir(prefix: string): string {
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const workDir = fs.mkdtempSync(path.join(ROOT, '.tmp', prefix));
  fs.copyFileSync(path.join(ROOT, 'tsconfig.base.json'), path.join(workDir, 'tsconfig.base.json'));
  return workDir;
}

/** Copies an app's sources, tsconfig (and `extra` files, e.g. its webpack config) under `into`. */
export function copyApp(folder: string, into: string, extra: string[] = []): string {
  const target = path.join(into, folder);
  fs.cpSync(path.join(ROOT, folder, 'src'), path.join(target, 'src'), { recursive: true });
  for (const file of ['tsconfig.json', ...extra])
    fs.copyFileSync(path.join(ROOT, folder, file), path.join(target, file));
  return target;
}

/**
 * Gives feed's exposed post list a new required prop, `pageSize: number`: feed still compiles
 * (nothing in it reads the prop), profile, which does not pass it, no longer does.
 */
export function addRequiredPostListProp(feedDir: string): void {
  const propsFile = path.join(feedDir, 'src', 'AuthorPostList.tsx');
  const source = fs.readFileSync(propsFile, 'utf8');
  const declaration = /(\n(\s*)authorUid: string;)/;
  if (!declaration.test(source)) throw new Error(`No authorUid prop in ${propsFile}`);
  fs.writeFileSync(propsFile, source.replace(declaration, '$1\n$2pageSize: number;'));
}

/** Profile's typecheck error when feed's post list wants the prop it does not pass. */
export const MISSING_PAGE_SIZE =
  /src\/components\/ProfilePosts\.tsx\(\d+,\d+\): error TS2741: Property 'pageSize' is missing/;

export function typecheck(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [TSC, '-p', path.join(dir, 'tsconfig.json')], {
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * Profile took feed's altered post-list types (in `typesFolder`, where its consumer types were
 * prepared) and its typecheck now fails on exactly the prop it does not pass.
 */
export function expectProfileTypecheckToMissPageSize(typesFolder: string, profile: string): void {
  const declared = path.join(typesFolder, 'feed', 'compiled-types', 'AuthorPostList.d.ts');
  expect(fs.readFileSync(declared, 'utf8')).toMatch(/pageSize: number;/);
  const { status, output } = typecheck(profile);
  expect(status).not.toBe(0);
  expect(output).toMatch(MISSING_PAGE_SIZE);
}
