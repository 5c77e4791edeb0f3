import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REMOTES, localRemotesJson } from '../federation.cjs';
import {
  loadRemotesJson,
  remotesJsonProblems,
  runtimeConfigProblems,
} from '../production-remotes.cjs';
import { localRuntimeConfig, productionRuntimeConfig } from '../runtime-config.cjs';
import webpackApp from '../webpack-app.cjs';

/** A remote's fixed port from the list. */
const portOf = (name: string): number => REMOTES[name]!.port;
const production = Object.fromEntries(
  Object.keys(REMOTES).map((name) => [
    name,
    `https://demo-social-${name}.web.app/mf-manifest.json`,
  ]),
);

describe('what a production shell may ship', () => {
  it('accepts https manifests of every remote', () => {
    expect(remotesJsonProblems(production)).toEqual([]);
  });

  it('refuses the local default, http, loopback and a missing remote', () => {
    const local = remotesJsonProblems(localRemotesJson('127.0.0.1'));
    expect(local).toContain(
      `remotes.json "feed" points at this machine: http://127.0.0.1:${portOf('feed')}/mf-manifest.json`,
    );
    expect(local).toContain(
      `remotes.json "feed" is not https: http://127.0.0.1:${portOf('feed')}/mf-manifest.json`,
    );
    const { feed: _feed, ...withoutFeed } = production;
    expect(remotesJsonProblems(withoutFeed)).toEqual(['remotes.json has no entry for "feed"']);
    expect(
      remotesJsonProblems({ ...production, auth: 'https://localhost:3001/mf-manifest.json' }),
    ).toEqual([
      'remotes.json "auth" points at this machine: https://localhost:3001/mf-manifest.json',
    ]);
  });

  it('refuses a runtime config with emulators, accepts a project’s web config', () => {
    expect(runtimeConfigProblems(localRuntimeConfig({}))[0]).toMatch(
      /^runtime-config.json points at the local emulators/,
    );
    const env = {
      FIREBASE_API_KEY: 'key',
      FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com',
      FIREBASE_PROJECT_ID: 'p',
      FIREBASE_STORAGE_BUCKET: 'p.appspot.com',
      FIREBASE_APP_ID: '1:2:web:3',
    };
    expect(runtimeConfigProblems(productionRuntimeConfig(env))).toEqual([]);
    expect(runtimeConfigProblems(productionRuntimeConfig({ ...env, FIREBASE_APP_ID: '' }))).toEqual(
      ['runtime-config.json has no firebase.appId'],
    );
  });

  it('loads remotes.json from a file or a URL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-json-'));
    fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify(production));
    await expect(loadRemotesJson('remotes.json', dir)).resolves.toEqual(production);
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(production));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await expect(loadRemotesJson(`http://127.0.0.1:${port}/remotes.json`)).resolves.toEqual(
        production,
      );
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the files a build emits beside its page', () => {
  const { RUNTIME_FILES } = webpackApp as unknown as {
    RUNTIME_FILES: Record<string, () => Promise<unknown>>;
  };
  const saved = process.env.REMOTES_JSON;
  afterEach(() => {
    if (saved === undefined) delete process.env.REMOTES_JSON;
    else process.env.REMOTES_JSON = saved;
  });

  it('remotes.json is the production one named by REMOTES_JSON, else the local default', async () => {
    delete process.env.REMOTES_JSON;
    await expect(RUNTIME_FILES['remotes.json']!()).resolves.toEqual(localRemotesJson());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-json-'));
    fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify(production));
    process.env.REMOTES_JSON = path.join(dir, 'remotes.json');
    await expect(RUNTIME_FILES['remotes.json']!()).resolves.toEqual(production);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
