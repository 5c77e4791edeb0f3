// `npm run deploy -w <app>`: deploys one app alone to its Firebase Hosting target
// (firebase.json `hosting[].target`). firebase runs the target's `predeploy` hooks first: the
// production build, then tools/scripts/deploy-check.mjs, which refuses local settings.
// The shell needs its production remotes.json as an input — `-- --remotes=<file or https URL>` or
// REMOTES_JSON — and FIREBASE_* for runtime-config.json; both are checked here before firebase
// runs. DRY_RUN=1 prints what would run. FIREBASE_PROJECT adds --project. A remote's new version
// goes live when remotes.json points at it, or when it is promoted on its site (docs/DEPLOY.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PRODUCTION_REMOTES_VARIABLE,
  loadRemotesJson,
  runtimeConfigProblems,
} from 'build-config/production-remotes.cjs';
import { productionRuntimeConfig } from 'build-config/runtime-config.cjs';
import { shellRemotesProblems } from './deploy-check.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIREBASE_FROM_NODE_MODULES = path.join(ROOT, 'node_modules/.bin/firebase');

function refuse(lines) {
  console.error(lines.join('\n'));
  process.exit(1);
}

/** REMOTES_JSON for the build: an https URL as given, a file made absolute (npm moves the cwd). */
function remotesSource() {
  const flag = process.argv.find((arg) => arg.startsWith('--remotes='));
  const given = flag ? flag.slice('--remotes='.length) : process.env[PRODUCTION_REMOTES_VARIABLE];
  if (!given) return null;
  if (/^https?:\/\//i.test(given)) return given;
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
}

/** The shell's inputs, checked before anything is built or uploaded. */
async function checkShellInputs(source) {
  if (!source)
    refuse([
      'Refusing to deploy the shell without its production remotes.json.',
      `Give it as a file or an https URL: npm run deploy -w shell -- --remotes=<file|url> (or ${PRODUCTION_REMOTES_VARIABLE}=<file|url>).`,
    ]);
  let remotes;
  try {
    remotes = await loadRemotesJson(source);
  } catch (error) {
    refuse([`Cannot read the production remotes.json from ${source}: ${error.message}`]);
  }
  const config = productionRuntimeConfig(process.env);
  const problems = [
    ...shellRemotesProblems(remotes),
    ...(config
      ? runtimeConfigProblems(config)
      : [
          'FIREBASE_API_KEY is not set, so runtime-config.json would point at the local emulators: set FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID, FIREBASE_STORAGE_BUCKET and FIREBASE_APP_ID',
        ]),
  ];
  if (problems.length > 0)
    refuse(['Refusing to deploy the shell:', ...problems.map((problem) => `  - ${problem}`)]);
}

/** `firebase` from PATH (npm run puts node_modules/.bin first), else the project's own. */
function runFirebase(args, env) {
  let result = spawnSync('firebase', args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.error?.code === 'ENOENT')
    result = spawnSync(FIREBASE_FROM_NODE_MODULES, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const target = process.argv[2];
const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
const site = (config.hosting ?? []).find((entry) => entry.target === target);
if (!site) refuse([`No hosting target "${target}" in firebase.json.`]);

const env = { ...process.env };
if (target === 'shell') {
  const source = remotesSource();
  await checkShellInputs(source);
  env[PRODUCTION_REMOTES_VARIABLE] = source;
}
const project = process.env.FIREBASE_PROJECT ? ['--project', process.env.FIREBASE_PROJECT] : [];
const args = ['deploy', '--only', `hosting:${target}`, '--config', 'firebase.json', ...project];
const hooks = site.predeploy ?? [];

if (process.env.DRY_RUN === '1') {
  console.log(`would run: firebase ${args.join(' ')}`);
  for (const hook of hooks) console.log(`  predeploy (firebase runs it first): ${hook}`);
  if (target === 'shell')
    console.log(`  with ${PRODUCTION_REMOTES_VARIABLE}=${env[PRODUCTION_REMOTES_VARIABLE]}`);
  process.exit(0);
}
console.log(`running: firebase ${args.join(' ')}`);
process.exit(runFirebase(args, env));
