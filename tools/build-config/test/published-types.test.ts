import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';
import { prepareConsumerTypes } from '../federated-types.cjs';
import {
  ROOT,
  addRequiredPostListProp,
  copyApp,
  expectProfileTypecheckToMissPageSize,
  makeWorkDir,
} from './app-copies';

// A remote's production build publishes its exposed modules' types beside its manifest
// (`@mf-types.zip`, `@mf-types.d.ts`, named by mf-manifest.json's `metaData.types`), and a consumer
// pointed at that deployment by the remotes list (REMOTES_OVERRIDE) types against them. Shown with
// a production build of an altered copy of mfe-feed (its post list wants a new required prop),
// served over HTTP like a deployed site: profile's typecheck, whose own feed sources are
// unchanged, fails on the prop only because it took the published types.

const WEBPACK = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');

let workDir: string;
let server: http.Server | undefined;
beforeAll(() => {
  workDir = makeWorkDir('published-types-');
});
afterAll(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  fs.rmSync(workDir, { recursive: true, force: true });
});

it("a production build publishes feed's types, and profile typechecks against the deployed ones", async () => {
  const feed = copyApp('mfe-feed', workDir, ['webpack.config.cjs']);
  const profile = copyApp('mfe-profile', workDir);
  addRequiredPostListProp(feed);

  const build = spawnSync(process.execPath, [WEBPACK, '--mode', 'production'], {
    cwd: feed,
    encoding: 'utf8',
  });
  expect(build.status).toBe(0);
  const dist = path.join(feed, 'dist');

  // The archive and the API types sit beside the entry, and the manifest names them.
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  expect(manifest.metaData.types).toMatchObject({ zip: '@mf-types.zip', api: '@mf-types.d.ts' });
  const archive = fs.readFileSync(path.join(dist, '@mf-types.zip'));
  // Zip entry names are stored as plain text: one per exposed module, and the compiled sources.
  for (const entry of ['app.d.ts', 'post-list.d.ts', 'compiled-types/AuthorPostList.d.ts'])
    expect(archive.includes(Buffer.from(entry))).toBe(true);
  expect(fs.readFileSync(path.join(dist, '@mf-types.d.ts'), 'utf8')).toMatch(/post-list/);

  const serveStatic = sirv(dist, { dev: true });
  server = http.createServer((req, res) =>
    serveStatic(req, res, () => {
      res.writeHead(404).end();
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const folder = await prepareConsumerTypes('profile', {
    folders: { profile },
    env: { REMOTES_OVERRIDE: JSON.stringify({ feed: `http://127.0.0.1:${port}/` }) },
  });
  expectProfileTypecheckToMissPageSize(folder, profile);
}, 900_000);
