import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { prepareConsumerTypes } from '../federated-types.cjs';

// A remote's exposed types reach its consumers through Module Federation's type generation and
// consumption (docs/CONTRACT.md), so changing an exposed module's types fails a consumer's
// typecheck. Shown on copies of mfe-feed and mfe-profile: feed's `./post-list` changes the type of
// a prop that profile passes.

const ROOT = path.join(__dirname, '..', '..');
const TSC = require.resolve('typescript/bin/tsc');

/** Copies an app's sources and tsconfig under `into` (inside the repository, for node_modules). */
function copyApp(folder: string, into: string): string {
  const target = path.join(into, folder);
  fs.cpSync(path.join(ROOT, folder, 'src'), path.join(target, 'src'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, folder, 'tsconfig.json'), path.join(target, 'tsconfig.json'));
  return target;
}

function typecheck(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [TSC, '-p', path.join(dir, 'tsconfig.json')], {
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let workDir: string;
beforeAll(() => {
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  workDir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'federated-types-'));
  // The apps' tsconfig.json extend ../tsconfig.base.json.
  fs.copyFileSync(path.join(ROOT, 'tsconfig.base.json'), path.join(workDir, 'tsconfig.base.json'));
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

it("a new required prop on feed's exposed post list fails the profile remote typecheck", async () => {
  const feed = copyApp('mfe-feed', workDir);
  const profile = copyApp('mfe-profile', workDir);
  const propsFile = path.join(feed, 'src', 'AuthorPostList.tsx');
  const source = fs.readFileSync(propsFile, 'utf8');
  // feed still compiles (nothing in it reads the prop); profile does not pass it.
  const declaration = /(\n(\s*)authorUid: string;)/;
  expect(source).toMatch(declaration);
  fs.writeFileSync(propsFile, source.replace(declaration, '$1\n$2pageSize: number;'));

  const folder = await prepareConsumerTypes('profile', { folders: { feed, profile } });

  const declared = path.join(folder, 'feed', 'compiled-types', 'AuthorPostList.d.ts');
  expect(fs.readFileSync(declared, 'utf8')).toMatch(/pageSize: number;/);
  const { status, output } = typecheck(profile);
  expect(status).not.toBe(0);
  expect(output).toMatch(
    /src\/components\/ProfilePosts\.tsx\(\d+,\d+\): error TS2741: Property 'pageSize' is missing/,
  );
}, 600_000);
