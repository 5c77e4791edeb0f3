#!/usr/bin/env node
// Typed contracts between apps with Module Federation's own type tooling (@module-federation/
// dts-plugin): each remote's exposed modules are compiled to declarations with `generateTypes`
// (the same federation settings as its build, tools/build-config/federation.cjs), and a consumer (the shell,
// or a remote that mounts another remote's module) fetches them with `consumeTypes` from remote
// type URLs into its own `@mf-types/` folder, where its tsconfig finds `feed/post-list` & co.
// The type URLs point at a loopback server over the freshly generated files, so this works offline
// and in CI from a clean clone, before any build. A remote that the development remotes list points
// elsewhere (REMOTES_OVERRIDE or remotes.local.json, tools/build-config/remote-overrides.cjs) is typed from
// what that deployment published instead: Module Federation reads its mf-manifest.json and fetches
// the `@mf-types.zip` and `@mf-types.d.ts` that `metaData.types` names (a remote's production build
// emits them, see publishedTypesOptions in tools/build-config/federation.cjs). See docs/CONTRACT.md.
//
// Usage: node tools/build-config/federated-types.cjs <consumer>   (shell, profile, ... see typeConsumers())
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { consumeTypes, generateTypes } = require('@module-federation/dts-plugin/core');
const {
  REMOTES,
  TYPES_FOLDER,
  exposesOf,
  federationOptions,
  typeConsumers,
} = require('./federation.cjs');
const { remoteOverrides } = require('./remote-overrides.cjs');

const ROOT = path.join(__dirname, '..', '..');

/** Where a remote's generated types are kept between runs (git-ignored). */
function generatedDir(remoteDir) {
  return path.join(remoteDir, '.tmp', 'federated-types');
}

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Compiles a remote's exposed modules to declarations: `<out>/@mf-types.zip` (the types) and
 * `<out>/@mf-types.d.ts` (the API types: which modules exist). Skipped while they are newer than
 * the remote's sources and the list of remotes.
 */
async function generateRemoteTypes({ name, dir, log = () => {} }) {
  const outputDir = generatedDir(dir);
  const zip = path.join(outputDir, `${TYPES_FOLDER}.zip`);
  const api = path.join(outputDir, `${TYPES_FOLDER}.d.ts`);
  const inputs = [
    path.join(dir, 'src'),
    path.join(dir, 'tsconfig.json'),
    require.resolve('remote-list/remotes.json'),
  ];
  const fresh = () => {
    if (!fs.existsSync(zip) || !fs.existsSync(api)) return false;
    const built = Math.min(fs.statSync(zip).mtimeMs, fs.statSync(api).mtimeMs);
    return inputs.every((input) => newestMtime(input) < built);
  };
  if (fresh()) return { zip, api };
  // Consumers type-check in parallel (lerna) and may need the same remote: one generates it.
  return withLock(`${outputDir}.lock`, async () => {
    if (!fresh()) await compileRemoteTypes({ name, dir, outputDir, log });
    if (!fs.existsSync(zip) || !fs.existsSync(api)) {
      throw new Error(`Module Federation did not write ${zip} and ${api}.`);
    }
    return { zip, api };
  });
}

function compileRemoteTypes({ name, dir, outputDir, log }) {
  log(`generating the types ${name} exposes…`);
  return generateTypes({
    remote: {
      moduleFederationConfig: federationOptions({
        name,
        exposes: exposesOf(name),
        production: true,
      }),
      context: dir,
      tsConfigPath: path.join(dir, 'tsconfig.json'),
      outputDir,
      generateAPITypes: true,
      abortOnError: true,
      compileInChildProcess: false,
    },
  });
}

const LOCK_POLL_MS = 250;
/** A lock older than this was left by a process that died. */
const STALE_LOCK_MS = 10 * 60 * 1000;

/** Runs `task` holding a lock directory (mkdir is atomic), waiting while another process holds it. */
async function withLock(lockDir, task) {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - fs.statSync(lockDir).mtimeMs > STALE_LOCK_MS) {
          fs.rmSync(lockDir, { recursive: true, force: true });
        }
      } catch {
        // Released meanwhile: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  }
  try {
    return await task();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Serves each remote's generated files at `/<remote>/@mf-types.zip|.d.ts` on a free loopback port. */
function serveTypes(files) {
  const server = http.createServer((req, res) => {
    const match = /^\/([^/]+)\/(@mf-types\.(?:zip|d\.ts))$/.exec(req.url ?? '');
    const entry = match && files[match[1]];
    if (!entry) {
      res.writeHead(404).end();
      return;
    }
    const file = match[2].endsWith('.zip') ? entry.zip : entry.api;
    const type = file.endsWith('.zip') ? 'application/zip' : 'text/plain; charset=utf-8';
    res.writeHead(200, { 'Content-Type': type }).end(fs.readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Gives `consumer` the current types of the remotes it uses, in `<consumer dir>/@mf-types/`: from
 * each remote's sources, or, for a remote the development remotes list (`env`) points at a
 * deployment, from the types that deployment published. `folders` overrides where an app's sources
 * are (tests use altered copies).
 */
async function prepareConsumerTypes(
  consumer,
  { folders = {}, log = () => {}, env = process.env } = {},
) {
  const spec = typeConsumers()[consumer];
  if (!spec) {
    throw new Error(
      `Unknown type consumer "${consumer}"; known: ${Object.keys(typeConsumers()).join(', ')}.`,
    );
  }
  const { overrides, source } = remoteOverrides(env);
  const published = spec.remotes.filter((remote) => overrides[remote]);
  const local = spec.remotes.filter((remote) => !overrides[remote]);
  for (const remote of published)
    log(`${remote}: the types published at ${overrides[remote]} (${source})`);
  const dirOf = (name, folder) => folders[name] ?? path.join(ROOT, folder);
  const files = {};
  for (const remote of local) {
    files[remote] = await generateRemoteTypes({
      name: remote,
      dir: dirOf(remote, REMOTES[remote].folder),
      log,
    });
  }
  const server = await serveTypes(files);
  try {
    const base = `http://127.0.0.1:${server.address().port}`;
    const remoteTypeUrls = Object.fromEntries(
      local.map((remote) => [
        remote,
        {
          alias: remote,
          zip: `${base}/${remote}/${TYPES_FOLDER}.zip`,
          api: `${base}/${remote}/${TYPES_FOLDER}.d.ts`,
        },
      ]),
    );
    const consumerDir = dirOf(consumer, spec.folder);
    await consumeTypes({
      host: {
        moduleFederationConfig: {
          ...federationOptions({ name: `${consumer}-types` }),
          // Module Federation resolves these itself: manifest → metaData.types → archive URLs.
          remotes: Object.fromEntries(
            published.map((remote) => [remote, `${remote}@${overrides[remote]}`]),
          ),
        },
        context: consumerDir,
        typesFolder: TYPES_FOLDER,
        remoteTypeUrls,
        consumeAPITypes: true,
        abortOnError: true,
        deleteTypesFolder: true,
        maxRetries: 1,
      },
    });
    const folder = path.join(consumerDir, TYPES_FOLDER);
    for (const remote of spec.remotes) {
      if (!fs.existsSync(path.join(folder, remote))) {
        throw new Error(`Module Federation did not unpack ${remote}'s types into ${folder}.`);
      }
    }
    return folder;
  } finally {
    await new Promise((resolve) => {
      server.close(resolve);
      // fetch keeps connections alive; do not wait for them to time out.
      server.closeAllConnections();
    });
  }
}

module.exports = { generateRemoteTypes, prepareConsumerTypes };

if (require.main === module) {
  const consumer = process.argv[2];
  prepareConsumerTypes(consumer, { log: (line) => console.log(`[types] ${line}`) }).catch(
    (error) => {
      console.error(`[types] ${error.message}`);
      process.exit(1);
    },
  );
}
