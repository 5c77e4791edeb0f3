import fs from 'node:fs';
import { prepareConsumerTypes } from '../federated-types.cjs';
import {
  addRequiredPostListProp,
  copyApp,
  expectProfileTypecheckToMissPageSize,
  makeWorkDir,
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

  expectProfileTypecheckToMissPageSize(folder, profile);
}, 600_000);
