import type { SurfacesReport } from 'build-config/shared-surface.cjs';
import { test, expect } from '../fixtures';
import { REMOTES } from '../support/remotes';

// The contract between the shell and the remotes (docs/CONTRACT.md). Each served remote must keep
// exposing the contracted modules, share the contracted singletons at the shell's versions, and
// default-export single-spa lifecycles from each exposed module, loaded through the shell's own
// federation runtime in a real page, and import from surfaced libraries only names the shell's
// surface provides. A remote that breaks any of it fails here.

/** Every remote of the list exposes `./app`; the feed also its post lists (an author's, a tag's). */
const EXTRA_EXPOSES: Record<string, string[]> = { feed: ['./post-list', './tag-post-list'] };
const EXPOSES: Record<string, string[]> = Object.fromEntries(
  Object.keys(REMOTES).map((name) => [name, ['./app', ...(EXTRA_EXPOSES[name] ?? [])]]),
);

/** Singletons every remote's root uses (React, its router, the shared packages, the parcel glue). */
const REQUIRED_SHARED = [
  'react',
  'react-dom',
  'react-router-dom',
  'shared-firebase',
  'shared-ui',
  'single-spa-react',
];

interface Manifest {
  name: string;
  exposes: Array<{ name: string; path: string }>;
  shared: Array<{
    name: string;
    version: string;
    requiredVersion: string;
    assets?: { js: { sync: string[]; async: string[] } };
  }>;
}

async function manifestOf(base: string): Promise<Manifest> {
  const response = await fetch(`${base}/mf-manifest.json`);
  expect(response.ok, `${base}/mf-manifest.json`).toBe(true);
  return (await response.json()) as Manifest;
}

test.describe('shell ↔ remote contract', () => {
  for (const [remote, exposes] of Object.entries(EXPOSES)) {
    test(`${remote}: manifest exposes ${exposes.join(', ')} and shares the singletons`, async ({
      stack,
    }) => {
      const { SINGLETONS } = await import('build-config/federation.cjs');
      const shell = await manifestOf(stack.appUrls.shell);
      const manifest = await manifestOf(stack.appUrls[remote as keyof typeof stack.appUrls]);
      expect(manifest.name).toBe(remote);
      const exposed = manifest.exposes.map((entry) => entry.path);
      for (const path of exposes) expect(exposed).toContain(path);

      const shared = new Map(manifest.shared.map((entry) => [entry.name, entry]));
      for (const pkg of REQUIRED_SHARED) expect([...shared.keys()], pkg).toContain(pkg);
      const shellVersions = new Map(shell.shared.map((entry) => [entry.name, entry.version]));
      for (const entry of manifest.shared) {
        // Every shared package is one of the contracted singletons (exact or a subpath of one).
        const contracted = (SINGLETONS as string[]).some((name) =>
          name.endsWith('/') ? entry.name.startsWith(name) : entry.name === name,
        );
        expect(contracted, `${entry.name} is not in SINGLETONS`).toBe(true);
        const shellVersion = shellVersions.get(entry.name);
        if (shellVersion) {
          const major = (v: string) => v.split('.')[0];
          expect(major(entry.version), `${entry.name} major version`).toBe(major(shellVersion));
        }
      }
    });
  }

  test('every name a remote imports from a surfaced library is in the shell’s surface', async ({
    stack,
  }) => {
    const { SURFACES_FILE } = await import('build-config/shared-surface.cjs');
    const report = async (base: string): Promise<SurfacesReport> => {
      const response = await fetch(`${base}/${SURFACES_FILE}`);
      expect(response.ok, `${base}/${SURFACES_FILE}`).toBe(true);
      return (await response.json()) as SurfacesReport;
    };
    const shell = await report(stack.appUrls.shell);
    for (const remote of Object.keys(EXPOSES)) {
      const { uses } = await report(stack.appUrls[remote as keyof typeof stack.appUrls]);
      for (const [library, names] of Object.entries(uses)) {
        const missing = names.filter((name) => !shell.provides[library]?.includes(name));
        expect(missing, `${remote} imports from ${library}`).toEqual([]);
      }
    }
  });

  test('no app ships a copy of the session inside shared-firebase: the data entry takes the shared one', async ({
    stack,
  }) => {
    // Text only the session's Firebase set-up (shared-firebase/src/session/firebaseApp.ts) holds.
    const SESSION_CODE = 'Firebase is not loaded: await loadFirebase() first.';
    const jsOf = async (base: string, entry: Manifest['shared'][number]) => {
      const files = [...(entry.assets?.js.sync ?? []), ...(entry.assets?.js.async ?? [])];
      expect(files.length, `${base}: ${entry.name}'s files`).toBeGreaterThan(0);
      const texts = await Promise.all(
        files.map(async (file) => (await fetch(`${base}/${file}`)).text()),
      );
      return texts.join('\n');
    };
    for (const [app, base] of Object.entries(stack.appUrls)) {
      const shared = new Map((await manifestOf(base)).shared.map((entry) => [entry.name, entry]));
      const session = shared.get('shared-firebase/session');
      const data = shared.get('shared-firebase');
      if (!session || !data) throw new Error(`${app} does not share both shared-firebase entries`);
      expect(await jsOf(base, session), `${app}: the session entry`).toContain(SESSION_CODE);
      // A copy here would give the page a second session whenever this app's data entry is the
      // one the page takes (a remote built with a newer shared-firebase, say).
      expect(await jsOf(base, data), `${app}: the data entry`).not.toContain(SESSION_CODE);
    }
  });

  test('every exposed module default-exports bootstrap/mount/unmount through the federation runtime', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const ids = Object.entries(EXPOSES).flatMap(([remote, exposes]) =>
      exposes.map((path) => `${remote}/${path.slice(2)}`),
    );
    const shapes = await page.evaluate(async (moduleIds) => {
      type Instance = { name: string; loadRemote: (id: string) => Promise<unknown> };
      const federation = (
        globalThis as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } }
      ).__FEDERATION__;
      const shell = federation.__INSTANCES__.find((instance) => instance.name === 'shell');
      if (!shell) throw new Error('the shell has no federation instance');
      const result: Record<string, Record<string, string>> = {};
      for (const id of moduleIds) {
        const module = (await shell.loadRemote(id)) as { default?: Record<string, unknown> };
        const lifecycles = module?.default ?? {};
        result[id] = Object.fromEntries(
          ['bootstrap', 'mount', 'unmount', 'update'].map((name) => [
            name,
            typeof lifecycles[name],
          ]),
        );
      }
      return result;
    }, ids);
    for (const id of ids) {
      expect(shapes[id], id).toEqual({
        bootstrap: 'function',
        mount: 'function',
        unmount: 'function',
        update: 'function',
      });
    }
  });
});
