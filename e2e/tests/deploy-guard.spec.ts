import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';

// Deploys that cannot ship local settings (docs/DEPLOY.md): tools/scripts/deploy.mjs against a fake
// `firebase` on PATH that records its arguments, the predeploy check on prepared dist folders,
// and firebase.json / .firebaserc.example. Nothing here reaches Google.

const ROOT = path.resolve(__dirname, '../..');
const FIREBASE_JSON = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
  hosting: Array<{ target: string; public: string; predeploy?: string[] }>;
  functions: Array<{ source: string; codebase: string; predeploy?: string[] }>;
};
const ORIGINS = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'tools/build-config/hosting-origins.json'), 'utf8'),
) as Record<string, string>;
const REMOTE_NAMES = FIREBASE_JSON.hosting.map((site) => site.target).filter((t) => t !== 'shell');
const PRODUCTION_REMOTES = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, `${ORIGINS[name]}/mf-manifest.json`]),
);
const FIREBASE_ENV = {
  FIREBASE_API_KEY: 'AIza-test-key',
  FIREBASE_AUTH_DOMAIN: 'demo-social.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'demo-social',
  FIREBASE_STORAGE_BUCKET: 'demo-social.appspot.com',
  FIREBASE_APP_ID: '1:123:web:abc',
};

let work = '';
let fakeLog = '';
test.beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-guard-'));
  const bin = path.join(work, 'bin');
  fs.mkdirSync(bin);
  fakeLog = path.join(work, 'firebase-calls.jsonl');
  // The fake CLI: one JSON line per call with its arguments and the REMOTES_JSON it was given.
  fs.writeFileSync(
    path.join(bin, 'firebase'),
    `#!${process.execPath}\nrequire('node:fs').appendFileSync(${JSON.stringify(fakeLog)}, JSON.stringify({ args: process.argv.slice(2), remotes: process.env.REMOTES_JSON ?? null, cwd: process.cwd() }) + '\\n');\n`,
    { mode: 0o755 },
  );
});
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface Call {
  args: string[];
  remotes: string | null;
  cwd: string;
}

/** Runs tools/scripts/deploy.mjs with the fake firebase first on PATH; what it printed and what it called. */
async function deploy(target: string, env: Record<string, string> = {}, extra: string[] = []) {
  fs.rmSync(fakeLog, { force: true });
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('FIREBASE_') && key !== 'REMOTES_JSON' && key !== 'DRY_RUN',
    ),
  );
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'tools/scripts/deploy.mjs'), target, ...extra],
    {
      cwd: ROOT,
      env: { ...clean, PATH: `${path.join(work, 'bin')}:${process.env.PATH}`, ...env },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const calls: Call[] = fs.existsSync(fakeLog)
    ? fs
        .readFileSync(fakeLog, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Call)
    : [];
  return { status, output, calls };
}

function writeJson(name: string, value: unknown): string {
  const file = path.join(work, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
}

test.describe('npm run deploy -w <app>', () => {
  test('a remote deploys its own target alone through firebase (its predeploy builds and checks)', async () => {
    const { status, calls } = await deploy('feed', { FIREBASE_PROJECT: 'demo-prod' });
    expect(status).toBe(0);
    expect(calls.map((call) => call.args)).toEqual([
      ['deploy', '--only', 'hosting:feed', '--config', 'firebase.json', '--project', 'demo-prod'],
    ]);
    expect(calls[0]?.cwd).toBe(ROOT);
  });

  test('the shell refuses to deploy without a production remotes.json', async () => {
    const { status, output, calls } = await deploy('shell', FIREBASE_ENV);
    expect(status).toBe(1);
    expect(output).toContain('Refusing to deploy the shell without its production remotes.json.');
    expect(calls).toEqual([]);
  });

  test('the shell refuses loopback and http remotes, and origins the CSP blocks', async () => {
    const local = writeJson('local.json', {
      ...PRODUCTION_REMOTES,
      feed: 'http://127.0.0.1:3002/mf-manifest.json',
      profile: 'https://localhost:3003/mf-manifest.json',
      explore: 'https://cdn.example.test/explore/mf-manifest.json',
    });
    const { status, output, calls } = await deploy('shell', FIREBASE_ENV, [`--remotes=${local}`]);
    expect(status).toBe(1);
    expect(output).toContain(
      'remotes.json "feed" is not https: http://127.0.0.1:3002/mf-manifest.json',
    );
    expect(output).toContain(
      'remotes.json "profile" points at this machine: https://localhost:3003/mf-manifest.json',
    );
    expect(output).toContain(
      'remotes.json "explore" (https://cdn.example.test) is not in tools/build-config/hosting-origins.json',
    );
    expect(calls).toEqual([]);
  });

  test('the shell refuses a runtime config of emulators (no FIREBASE_* set)', async () => {
    const good = writeJson('good.json', PRODUCTION_REMOTES);
    const { status, output, calls } = await deploy('shell', {}, [`--remotes=${good}`]);
    expect(status).toBe(1);
    expect(output).toContain('runtime-config.json would point at the local emulators');
    expect(calls).toEqual([]);
  });

  test('the shell deploys with its remotes.json from a file or from a URL', async () => {
    const good = writeJson('good.json', PRODUCTION_REMOTES);
    const fromFile = await deploy('shell', { ...FIREBASE_ENV, REMOTES_JSON: good });
    expect(fromFile.status).toBe(0);
    expect(fromFile.calls).toEqual([
      {
        args: ['deploy', '--only', 'hosting:shell', '--config', 'firebase.json'],
        remotes: good,
        cwd: ROOT,
      },
    ]);

    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(PRODUCTION_REMOTES));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/remotes.json`;
    const fromUrl = await deploy('shell', { ...FIREBASE_ENV, REMOTES_JSON: url }).finally(() =>
      server.close(),
    );
    expect(fromUrl.status).toBe(0);
    expect(fromUrl.calls.map((call) => call.remotes)).toEqual([url]);
  });

  test('DRY_RUN=1 prints the deploy and its predeploy hooks and calls nothing', async () => {
    for (const site of FIREBASE_JSON.hosting) {
      const folder = path.dirname(site.public);
      const env: Record<string, string> = { DRY_RUN: '1' };
      if (site.target === 'shell')
        Object.assign(env, FIREBASE_ENV, {
          REMOTES_JSON: writeJson('good.json', PRODUCTION_REMOTES),
        });
      const { status, output, calls } = await deploy(site.target, env);
      expect(status, output).toBe(0);
      expect(output).toContain(
        `would run: firebase deploy --only hosting:${site.target} --config firebase.json`,
      );
      expect(output).toContain(`predeploy (firebase runs it first): npm run build -w ${folder}`);
      expect(output).toContain(
        `predeploy (firebase runs it first): node tools/scripts/deploy-check.mjs ${site.target}`,
      );
      expect(calls).toEqual([]);
    }
  });
});

test('npm run deploy -w mfe-feed reaches the same script (dry run)', () => {
  const output = execFileSync('npm', ['run', '--silent', 'deploy', '-w', 'mfe-feed'], {
    cwd: ROOT,
    env: { ...process.env, DRY_RUN: '1' },
    encoding: 'utf8',
  });
  expect(output).toContain('would run: firebase deploy --only hosting:feed --config firebase.json');
});

test.describe('the predeploy check (tools/scripts/deploy-check.mjs)', () => {
  function check(target: string, files: Record<string, unknown>) {
    const dist = fs.mkdtempSync(path.join(work, `${target}-dist-`));
    for (const [name, value] of Object.entries(files))
      fs.writeFileSync(
        path.join(dist, name),
        typeof value === 'string' ? value : JSON.stringify(value),
      );
    return new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['tools/scripts/deploy-check.mjs', target, '--dist', dist],
        {
          cwd: ROOT,
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (status) => resolve({ status, output }));
    });
  }
  const productionConfig = {
    firebase: {
      apiKey: 'k',
      authDomain: 'demo-social.firebaseapp.com',
      projectId: 'demo-social',
      storageBucket: 'demo-social.appspot.com',
      appId: '1:2:web:3',
    },
    emulators: null,
  };

  test('refuses a shell build with the local remotes.json and the emulators', async () => {
    const local = Object.fromEntries(
      REMOTE_NAMES.map((name, i) => [name, `http://127.0.0.1:${3001 + i}/mf-manifest.json`]),
    );
    const { status, output } = await check('shell', {
      'index.html': '<!doctype html>',
      'remotes.json': local,
      'runtime-config.json': { ...productionConfig, emulators: { auth: 'http://127.0.0.1:9099' } },
    });
    expect(status).toBe(1);
    expect(output).toContain('Refusing to deploy shell');
    expect(output).toContain('remotes.json "feed" points at this machine');
    expect(output).toContain('runtime-config.json points at the local emulators');
  });

  test('passes a shell build made for production', async () => {
    const { status, output } = await check('shell', {
      'index.html': '<!doctype html>',
      'remotes.json': PRODUCTION_REMOTES,
      'runtime-config.json': productionConfig,
    });
    expect(status, output).toBe(0);
    expect(output).toContain('deploy check: shell is fit to deploy');
  });

  test('refuses a remote build without its manifest, or carrying page settings', async () => {
    const missing = await check('feed', { 'remoteEntry.js': '' });
    expect(missing.status).toBe(1);
    expect(missing.output).toContain("no mf-manifest.json: not a remote's production build");
    const withSettings = await check('feed', {
      'remoteEntry.js': '',
      'mf-manifest.json': {},
      'runtime-config.json': productionConfig,
    });
    expect(withSettings.status).toBe(1);
    expect(withSettings.output).toContain('runtime-config.json is a page');
    const typesNamed = { metaData: { types: { zip: '@mf-types.zip', api: '@mf-types.d.ts' } } };
    const good = await check('feed', {
      'remoteEntry.js': '',
      'mf-manifest.json': typesNamed,
      '@mf-types.zip': 'PK',
      '@mf-types.d.ts': '',
    });
    expect(good.status, good.output).toBe(0);
  });

  test('refuses a remote build that does not publish the types of its exposed modules', async () => {
    const unnamed = await check('feed', { 'remoteEntry.js': '', 'mf-manifest.json': {} });
    expect(unnamed.status).toBe(1);
    expect(unnamed.output).toContain('mf-manifest.json names no types zip');
    const missing = await check('feed', {
      'remoteEntry.js': '',
      'mf-manifest.json': { metaData: { types: { zip: '@mf-types.zip', api: '@mf-types.d.ts' } } },
      '@mf-types.d.ts': '',
    });
    expect(missing.status).toBe(1);
    expect(missing.output).toContain(
      'no @mf-types.zip: the types mf-manifest.json names are missing',
    );
  });
});

test.describe('the predeploy check of a functions codebase (deploy-check.mjs functions:<codebase>)', () => {
  /** Runs the check of the feed codebase, on `source` when given (else firebase.json's folder). */
  function checkFunctions(codebase: string, source?: string) {
    return new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          'tools/scripts/deploy-check.mjs',
          `functions:${codebase}`,
          ...(source ? ['--source', source] : []),
        ],
        { cwd: ROOT },
      );
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (status) => resolve({ status, output }));
    });
  }

  /**
   * A copy of the feed codebase as its predeploy hook leaves it (package.json and the built
   * dist/), with `files` planted or replaced (`package.json` as an object merged into its own).
   */
  function plantedFeedCodebase(files: Record<string, string | object>) {
    const feed = path.join(ROOT, 'mfe-feed/functions');
    const copy = fs.mkdtempSync(path.join(work, 'feed-functions-'));
    fs.cpSync(path.join(feed, 'dist'), path.join(copy, 'dist'), { recursive: true });
    const pkg = JSON.parse(fs.readFileSync(path.join(feed, 'package.json'), 'utf8')) as object;
    fs.writeFileSync(path.join(copy, 'package.json'), JSON.stringify(pkg));
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(copy, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(
        file,
        typeof content === 'string' ? content : JSON.stringify({ ...pkg, ...content }),
      );
    }
    return copy;
  }

  test('passes every codebase firebase.json lists, as the build made it', async () => {
    expect(FIREBASE_JSON.functions.length).toBeGreaterThan(0);
    for (const { codebase } of FIREBASE_JSON.functions) {
      const { status, output } = await checkFunctions(codebase);
      expect(status, output).toBe(0);
      expect(output).toContain(`deploy check: functions:${codebase} is fit to deploy`);
    }
    const untouched = await checkFunctions('feed', plantedFeedCodebase({}));
    expect(untouched.status, untouched.output).toBe(0);
  });

  test('refuses emulator hosts, loopback addresses and demo- projects in the .env files it deploys', async () => {
    const { status, output } = await checkFunctions(
      'feed',
      plantedFeedCodebase({
        '.env': 'FIRESTORE_EMULATOR_HOST=127.0.0.1:8080\nFEED_ORIGIN=https://example.test\n',
        '.env.prod-project': 'PHOTOS_API=http://localhost:9199/v0\nPROJECT=demo-social\n',
        // Read by the Functions emulator only, never deployed.
        '.env.local': 'FIREBASE_STORAGE_EMULATOR_HOST=127.0.0.1:9199\n',
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain('Refusing to deploy functions:feed');
    expect(output).toContain('.env:1 FIRESTORE_EMULATOR_HOST is an emulator setting');
    expect(output).toContain('.env:1 FIRESTORE_EMULATOR_HOST points at this machine (127.0.0.1)');
    expect(output).toContain('.env.prod-project:1 PHOTOS_API points at this machine (localhost)');
    expect(output).toContain('.env.prod-project:2 PROJECT names the demo project demo-social');
    expect(output).not.toContain('FEED_ORIGIN');
    expect(output).not.toContain('.env.local');
  });

  test('refuses built code that connects to an emulator, points at this machine or names a demo- project', async () => {
    const bundle = fs.readFileSync(path.join(ROOT, 'mfe-feed/functions/dist/index.js'), 'utf8');
    const { status, output } = await checkFunctions(
      'feed',
      plantedFeedCodebase({
        'dist/index.js': `${bundle}\nprocess.env.FIREBASE_STORAGE_EMULATOR_HOST = '[::1]:9199';\n`,
        'dist/settings.js': `exports.project = "demo-feed"; exports.connect = (db) => db.connectFirestoreEmulator(db, 'localhost', 8080);\n`,
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain(
      'dist/index.js names the emulator setting FIREBASE_STORAGE_EMULATOR_HOST',
    );
    expect(output).toContain('dist/index.js points at this machine ([::1])');
    expect(output).toContain('dist/settings.js calls connectFirestoreEmulator');
    expect(output).toContain('dist/settings.js points at this machine (localhost)');
    expect(output).toContain('dist/settings.js names the demo project demo-feed');
  });

  test('refuses a package.json Cloud Build cannot install as it is, and a codebase not built', async () => {
    const { status, output } = await checkFunctions(
      'feed',
      plantedFeedCodebase({
        'package.json': {
          devDependencies: { 'shared-firebase': '1.0.0' },
          scripts: { build: 'webpack' },
        },
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain(
      'package.json devDependencies names shared-firebase, a package of this repository',
    );
    expect(output).toContain('package.json has a build script but no "gcp-build"');
    const unbuilt = plantedFeedCodebase({});
    fs.rmSync(path.join(unbuilt, 'dist'), { recursive: true });
    const missing = await checkFunctions('feed', unbuilt);
    expect(missing.status).toBe(1);
    expect(missing.output).toContain('no dist/index.js (package.json "main"): build it first');
  });
});

test.describe('deploy configuration', () => {
  test('every functions codebase builds and checks itself before firebase uploads it', () => {
    for (const entry of FIREBASE_JSON.functions) {
      expect(entry.predeploy, entry.codebase).toEqual([
        `npm run build --prefix ${entry.source}`,
        `node tools/scripts/deploy-check.mjs functions:${entry.codebase}`,
      ]);
    }
  });

  test('every Hosting target builds and checks itself before firebase uploads it', () => {
    for (const site of FIREBASE_JSON.hosting) {
      expect(site.predeploy, site.target).toEqual([
        `npm run build -w ${path.dirname(site.public)}`,
        `node tools/scripts/deploy-check.mjs ${site.target}`,
      ]);
    }
  });

  test('.firebaserc.example maps every target to the site whose origin the CSP allows', () => {
    const rc = JSON.parse(fs.readFileSync(path.join(ROOT, '.firebaserc.example'), 'utf8')) as {
      projects: { default: string };
      targets: Record<string, { hosting: Record<string, string[]> }>;
    };
    const hosting = rc.targets[rc.projects.default]?.hosting ?? {};
    expect(Object.keys(hosting).sort()).toEqual(FIREBASE_JSON.hosting.map((s) => s.target).sort());
    for (const [target, [siteId]] of Object.entries(hosting))
      expect(ORIGINS[target], target).toBe(`https://${siteId}.web.app`);
  });
});
