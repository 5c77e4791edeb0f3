// `node tools/scripts/deploy-check.mjs <target> [--dist <dir>]`: refuses a build that would ship local
// settings to a Firebase Hosting target. firebase.json runs it as each target's `predeploy` hook
// after the build, so even a plain `firebase deploy` cannot upload a stale or local dist/.
// `node tools/scripts/deploy-check.mjs functions:<codebase> [--source <dir>]` does the same for a
// Cloud Functions codebase (lib/functions-deploy.mjs): no emulator, loopback or `demo-` setting in
// its built code or `.env` files, and a package.json Cloud Build can install.
// The shell: remotes.json of https manifests, none on this machine, each origin allowed by the CSP
// firebase.json sends (tools/build-config/hosting-origins.json); runtime-config.json of a real project, no
// emulators. A remote: its manifest and entry, the types its manifest names, and no page settings
// at all.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionAppOrigins } from 'build-config/hosting-headers.cjs';
import { remotesJsonProblems, runtimeConfigProblems } from 'build-config/production-remotes.cjs';
import { functionsDeployProblems } from './lib/functions-deploy.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function readJson(file, problems) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`cannot read ${path.basename(file)}: ${error.message}`);
    return undefined;
  }
}

/** Origins of remotes.json the CSP would block. */
function outsideCsp(remotesJson) {
  const allowed = new Set(productionAppOrigins().map((origin) => new URL(origin).origin));
  return Object.entries(remotesJson ?? {}).flatMap(([name, value]) => {
    let origin;
    try {
      origin = new URL(String(value)).origin;
    } catch {
      return [];
    }
    return allowed.has(origin)
      ? []
      : [
          `remotes.json "${name}" (${origin}) is not in tools/build-config/hosting-origins.json, so the CSP in firebase.json blocks it: add it there and run node tools/scripts/security-headers.mjs`,
        ];
  });
}

/** Why a production shell cannot use `remotesJson`; [] when it can. */
export function shellRemotesProblems(remotesJson) {
  return [...remotesJsonProblems(remotesJson), ...outsideCsp(remotesJson)];
}

/** Why `dist` cannot be deployed as `target`; [] when it can. */
export function deployProblems(target, dist) {
  if (!fs.existsSync(dist)) return [`${dist} does not exist: build it first`];
  const problems = [];
  const has = (file) => fs.existsSync(path.join(dist, file));
  if (target === 'shell') {
    if (!has('index.html')) problems.push('no index.html');
    const remotes = readJson(path.join(dist, 'remotes.json'), problems);
    if (remotes !== undefined)
      problems.push(...remotesJsonProblems(remotes), ...outsideCsp(remotes));
    const config = readJson(path.join(dist, 'runtime-config.json'), problems);
    if (config !== undefined) problems.push(...runtimeConfigProblems(config));
    return problems;
  }
  for (const file of ['mf-manifest.json', 'remoteEntry.js'])
    if (!has(file)) problems.push(`no ${file}: not a remote's production build`);
  for (const file of ['remotes.json', 'runtime-config.json', 'index.html'])
    if (has(file)) problems.push(`${file} is a page's file, a remote's production build has none`);
  if (has('mf-manifest.json')) problems.push(...publishedTypesProblems(dist, problems));
  return problems;
}

/**
 * A remote publishes its exposed modules' types beside its manifest, which names them in
 * `metaData.types` (docs/CONTRACT.md): consumers typecheck against the deployed remote with them.
 */
function publishedTypesProblems(dist, problems) {
  const manifest = readJson(path.join(dist, 'mf-manifest.json'), problems);
  const types = manifest?.metaData?.types ?? {};
  return ['zip', 'api'].flatMap((kind) => {
    if (!types[kind])
      return [`mf-manifest.json names no types ${kind} (metaData.types.${kind}): build it again`];
    return fs.existsSync(path.join(dist, types[kind]))
      ? []
      : [`no ${types[kind]}: the types mf-manifest.json names are missing, build it again`];
  });
}

/** `functions:<codebase>`: the codebase's folder (or --source), checked; exits when unfit. */
function checkFunctionsCodebase(config, codebase) {
  const entry = [config.functions ?? []]
    .flat()
    .find((candidate) => (candidate.codebase ?? 'default') === codebase);
  if (!entry) {
    console.error(`No functions codebase "${codebase}" in firebase.json.`);
    process.exit(2);
  }
  const sourceFlag = process.argv.indexOf('--source');
  const source =
    sourceFlag > 0
      ? path.resolve(process.argv[sourceFlag + 1])
      : path.join(ROOT, entry.source ?? 'functions');
  const shown = path.relative(ROOT, source) || source;
  const problems = functionsDeployProblems(source, ROOT);
  if (problems.length > 0) {
    console.error(`Refusing to deploy functions:${codebase} (${shown}):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log(`deploy check: functions:${codebase} is fit to deploy (${shown})`);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  const [target] = process.argv.slice(2);
  const distFlag = process.argv.indexOf('--dist');
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
  if (target?.startsWith('functions:')) {
    checkFunctionsCodebase(config, target.slice('functions:'.length));
    process.exit(0);
  }
  const site = (config.hosting ?? []).find((entry) => entry.target === target);
  if (!site) {
    console.error(`No hosting target "${target}" in firebase.json.`);
    process.exit(2);
  }
  const dist =
    distFlag > 0 ? path.resolve(process.argv[distFlag + 1]) : path.join(ROOT, site.public);
  const problems = deployProblems(target, dist);
  if (problems.length > 0) {
    console.error(`Refusing to deploy ${target} (${path.relative(ROOT, dist) || dist}):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    if (target === 'shell')
      console.error(
        'Build the shell with REMOTES_JSON=<file or https URL of the production remotes.json> and FIREBASE_* set (docs/DEPLOY.md).',
      );
    process.exit(1);
  }
  console.log(`deploy check: ${target} is fit to deploy (${path.relative(ROOT, dist) || dist})`);
}
