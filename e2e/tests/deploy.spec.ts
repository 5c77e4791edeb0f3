import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test, expect, signIn } from '../fixtures';
import { closeServers } from '../support/servers';

// Shipping one remote without rebuilding the shell (docs/DEPLOY.md): two versions of mfe-members
// are served side by side, and only the served remotes.json changes between page loads.
//
// v1 is the build global setup made. v2 is a copy of it with its visible heading changed: a
// deploy only needs two different builds, and copying keeps the remote's source free of
// test-only code and this spec free of another webpack run.

const ROOT = path.resolve(__dirname, '../..');
const V1_DIR = path.join(ROOT, 'mfe-members/dist');
const V1_HEADING = '{id:"members-heading",children:"Members"}';
const V2_HEADING = '{id:"members-heading",children:"Members (v2)"}';

function makeV2(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'members-v2-'));
  fs.cpSync(V1_DIR, dir, { recursive: true });
  let patched = 0;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    if (!text.includes(V1_HEADING)) continue;
    fs.writeFileSync(path.join(dir, file), text.split(V1_HEADING).join(V2_HEADING));
    patched += 1;
  }
  if (patched === 0) throw new Error(`no file of ${V1_DIR} renders ${V1_HEADING}`);
  return dir;
}

test.describe('deploying one remote', () => {
  const servers: Server[] = [];
  let v2Dir = '';
  test.afterAll(async () => {
    await closeServers(servers);
    if (v2Dir) fs.rmSync(v2Dir, { recursive: true, force: true });
  });

  test('switching remotes.json ships v2 without a shell rebuild, and switching back rolls back', async ({
    page,
    stack,
    members,
  }) => {
    const { serveDir } = await import('../../tools/scripts/lib/serve-apps.mjs');
    const { freePort } = await import('../../tools/scripts/lib/ports.mjs');
    v2Dir = makeV2();
    const [v1Port, v2Port, shellPort] = [await freePort(), await freePort(), await freePort()];
    const manifest = (port: number) => `http://127.0.0.1:${port}/mf-manifest.json`;
    const runtimeConfig = await (await fetch(`${stack.shellUrl}/runtime-config.json`)).json();
    const remotes: Record<string, string> = await (
      await fetch(`${stack.shellUrl}/remotes.json`)
    ).json();
    remotes.members = manifest(v1Port);
    servers.push(
      await serveDir({ dir: V1_DIR, port: v1Port }),
      await serveDir({ dir: v2Dir, port: v2Port }),
      // The same shell build throughout; only the remotes.json it is served changes.
      await serveDir({
        dir: path.join(ROOT, 'shell/dist'),
        port: shellPort,
        files: { '/remotes.json': () => remotes, '/runtime-config.json': () => runtimeConfig },
      }),
    );
    const shellUrl = `http://127.0.0.1:${shellPort}`;
    await signIn(page, await members.create(), shellUrl);

    const heading = page.getByRole('heading', { level: 1, name: /^Members/ });
    await page.goto(`${shellUrl}/members`);
    await expect(heading).toHaveText('Members');

    remotes.members = manifest(v2Port);
    await page.reload();
    await expect(heading).toHaveText('Members (v2)');
    const fromV2 = await page.evaluate(
      (origin) => performance.getEntriesByType('resource').some((e) => e.name.startsWith(origin)),
      `http://127.0.0.1:${v2Port}`,
    );
    expect(fromV2).toBe(true);

    remotes.members = manifest(v1Port);
    await page.reload();
    await expect(heading).toHaveText('Members');
  });

  test('remotes.json and manifests are served no-cache, hashed files for a year', async ({
    stack,
  }) => {
    const cacheControl = async (url: string) => (await fetch(url)).headers.get('cache-control');
    expect(await cacheControl(`${stack.shellUrl}/remotes.json`)).toBe('no-cache');
    expect(await cacheControl(`${stack.shellUrl}/index.html`)).toBe('no-cache');
    for (const base of Object.values(stack.appUrls).slice(1)) {
      expect(await cacheControl(`${base}/mf-manifest.json`)).toBe('no-cache');
      expect(await cacheControl(`${base}/remoteEntry.js`)).toBe('no-cache');
    }
    const hashed = fs.readdirSync(V1_DIR).find((file) => /\.[0-9a-f]{10}\.js$/.test(file));
    expect(await cacheControl(`${stack.appUrls.members}/${hashed}`)).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});

test.describe('firebase.json hosting', () => {
  interface HeaderRule {
    source?: string;
    regex?: string;
    headers: Array<{ key: string; value: string }>;
  }
  interface Site {
    target: string;
    public: string;
    headers: HeaderRule[];
    rewrites?: Array<{ source: string; destination: string }>;
  }
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: Site[];
  };
  // Firebase Hosting applies the last matching header rule; globs here are the three shapes used.
  function headerFor(site: Site, urlPath: string, key: string): string | undefined {
    const matches = (rule: HeaderRule) => {
      if (rule.regex) return new RegExp(rule.regex).test(urlPath);
      if (rule.source === '**') return true;
      if (rule.source === '**/*.@(html|json)') return /\.(html|json)$/.test(urlPath);
      return rule.source === urlPath;
    };
    let value: string | undefined;
    for (const rule of site.headers.filter(matches)) {
      value = rule.headers.find((header) => header.key === key)?.value ?? value;
    }
    return value;
  }

  test('one target per app, with the cache, CORS and SPA rules of serve-apps', async () => {
    const { APPS } = await import('../../tools/scripts/lib/serve-apps.mjs');
    expect(config.hosting.map((site) => site.target).sort()).toEqual(Object.keys(APPS).sort());
    for (const site of config.hosting) {
      const folder = APPS[site.target as keyof typeof APPS];
      expect(site.public).toBe(`${folder}/dist`);
      const cache = (p: string) => headerFor(site, p, 'Cache-Control');
      expect(cache('/main.0123456789.js')).toBe('public, max-age=31536000, immutable');
      expect(cache('/assets/photo.abcdef0123.png')).toBe('public, max-age=31536000, immutable');
      for (const p of ['/index.html', '/remoteEntry.js', '/mf-manifest.json', '/remotes.json'])
        expect(cache(p), `${site.target} ${p}`).toBe('no-cache');
      expect(cache('/profile/someone')).toBe('no-cache');
      const cors = headerFor(site, '/mf-manifest.json', 'Access-Control-Allow-Origin');
      expect(cors).toBe(site.target === 'shell' ? undefined : '*');
    }
    const shell = config.hosting.find((site) => site.target === 'shell');
    // The sign-in page has its own page, with its screen painted before any script (login.html).
    expect(shell?.rewrites).toEqual([
      { source: '/login', destination: '/login.html' },
      { source: '**', destination: '/index.html' },
    ]);
  });
});
