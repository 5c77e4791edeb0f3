import fs from 'node:fs';
import path from 'node:path';
import { prepareConsumerTypes } from '../federated-types.cjs';
import {
  MISSING_PAGE_SIZE,
  addRequiredPostListProp,
  copyApp,
  makeWorkDir,
  typecheck,
} from './app-copies';

// A remote's exposed types reach its consumers through Module Federation's type generation and
// consumption (docs/CONTRACT.md), so changing an exposed module's types fails a consumer's
// typecheck. Shown on copies of mfe-feed and mfe-profile: feed's `./post-list` changes the type of
// a prop that profile passes.

let workDir: string;
beforeAll(() => {
  workDir = makeWorkDir('federated-types-');
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

it("a new required prop on feed's exposed post list fails the profile remote typecheck", async () => {
  const feed = copyApp('mfe-feed', workDir);
  const profile = copyApp('mfe-profile', workDir);
  addRequiredPostListProp(feed);

  const folder = await prepareConsumerTypes('profile', {
    folders: { feed, profile },
    env: {},
  });

  const declared = path.join(folder, 'feed', 'compiled-types', 'AuthorPostList.d.ts');
  expect(fs.readFileSync(declared, 'utf8')).toMatch(/pageSize: number;/);
  const { status, output } = typecheck(profile);
  expect(status).not.toBe(0);
  expect(output).toMatch(MISSING_PAGE_SIZE);
}, 600_000);
