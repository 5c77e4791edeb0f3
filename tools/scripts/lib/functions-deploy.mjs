// What makes a Cloud Functions codebase unfit to deploy (`firebase deploy --only
// functions:<codebase>` runs tools/scripts/deploy-check.mjs as its predeploy hook): settings of the
// local backend that would ship, and a package Cloud Build cannot install.
//
// What ships from a codebase folder: its package.json, which Cloud Build installs from the npm
// registry; its built code (the folder of package.json's `main`); and the variables of its `.env`
// files, which firebase-tools sets on the deployed functions (`.env`, `.env.<project or alias>`;
// `.env.local` is read by the emulator only). None may point at an emulator, at this machine or at
// a `demo-` project (the emulators' offline projects).
import fs from 'node:fs';
import path from 'node:path';
import { isLoopbackHostname } from 'build-config/loopback.cjs';

/** Variables that send the Admin SDK or the Functions SDK to an emulator. */
const EMULATOR_VARIABLE = /^(\w+_EMULATOR_HOST|FIREBASE_EMULATOR_HUB|FUNCTIONS_EMULATOR)$/;
/** A `demo-` project id: the emulators' offline projects, which production never has. */
const DEMO_PROJECT = /(^|[^\w-])(demo-[a-z0-9-]+)/i;
/** Host names in a text: URLs' hosts and bare `host:port` pairs. */
const HOSTS = /(?:[a-z][a-z0-9+.-]*:\/\/)?(\[[0-9a-f:]+\]|[a-z0-9.-]+)(?::\d+)?/gi;
const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
];

/** Loopback host names written in `text` (localhost, 127.x, [::1], 0.0.0.0, …). */
function loopbackHostsIn(text) {
  const found = new Set();
  for (const [, host] of text.matchAll(HOSTS)) if (isLoopbackHostname(host)) found.add(host);
  return [...found];
}

/** Why one setting (a `.env` line or a string of the bundle) points somewhere local; [] if not. */
function localSettingProblems(where, text) {
  const problems = [];
  for (const host of loopbackHostsIn(text))
    problems.push(`${where} points at this machine (${host})`);
  const demo = DEMO_PROJECT.exec(text);
  if (demo) problems.push(`${where} names the demo project ${demo[2]} (emulators only)`);
  return problems;
}

/** The `.env` files firebase-tools reads on deploy (every `.env*` but the emulator's `.env.local`). */
function deployedEnvFiles(source) {
  return fs
    .readdirSync(source)
    .filter((name) => /^\.env(\.|$)/.test(name) && name !== '.env.local')
    .sort();
}

function envProblems(source) {
  return deployedEnvFiles(source).flatMap((file) =>
    fs
      .readFileSync(path.join(source, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => {
        const match = /^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=\s*(.*)$/.exec(line);
        if (!match) return [];
        const [, name, value] = match;
        const where = `${file}:${index + 1} ${name}`;
        return [
          ...(EMULATOR_VARIABLE.test(name) ? [`${where} is an emulator setting`] : []),
          ...localSettingProblems(where, value),
        ];
      }),
  );
}

/** Every file under `dir` (the built code). */
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

/** Local settings compiled into the built code: emulator variables set or read, loopback hosts. */
function builtCodeProblems(source, files) {
  return files.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const where = path.relative(source, file);
    const problems = [];
    const variable = /\b(\w+_EMULATOR_HOST|FIREBASE_EMULATOR_HUB)\b/.exec(text);
    if (variable) problems.push(`${where} names the emulator setting ${variable[1]}`);
    const connect = /\bconnect\w*Emulator\b/.exec(text);
    if (connect) problems.push(`${where} calls ${connect[0]}`);
    // Only string literals: code and comments are not settings.
    for (const [literal] of text.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`]*`/g)) {
      problems.push(...localSettingProblems(where, literal));
    }
    return [...new Set(problems)];
  });
}

/** A dependency that is a folder of this repository (an npm workspace link), not a registry package. */
function isWorkspacePackage(root, name) {
  const link = path.join(root, 'node_modules', name);
  try {
    const target = fs.realpathSync(link);
    return !target.split(path.sep).includes('node_modules') && target.startsWith(root + path.sep);
  } catch {
    return false;
  }
}

function packageProblems(root, pkg) {
  const problems = [];
  for (const field of DEPENDENCY_FIELDS) {
    for (const name of Object.keys(pkg[field] ?? {})) {
      if (isWorkspacePackage(root, name)) {
        problems.push(
          `package.json ${field} names ${name}, a package of this repository that Cloud Build would look for in the npm registry: bundle it instead (tools/build-config/functions-webpack.cjs)`,
        );
      }
    }
  }
  if (pkg.scripts?.build !== undefined && pkg.scripts['gcp-build'] === undefined) {
    problems.push(
      'package.json has a build script but no "gcp-build": Cloud Build would run the build again from the uploaded sources; add "gcp-build": ""',
    );
  }
  return problems;
}

/**
 * Why the functions codebase in `source` cannot be deployed; [] when it can. `root` is the
 * repository (whose node_modules links the workspace packages).
 */
export function functionsDeployProblems(source, root) {
  if (!fs.existsSync(source)) return [`${source} does not exist`];
  let pkg;
  try {
    pkg = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'));
  } catch (error) {
    return [`cannot read package.json: ${error.message}`];
  }
  const problems = [...packageProblems(root, pkg), ...envProblems(source)];
  const main = path.join(source, pkg.main ?? 'index.js');
  if (!fs.existsSync(main)) {
    problems.push(`no ${path.relative(source, main)} (package.json "main"): build it first`);
  } else {
    // The folder of the built code; a `main` at the top of the codebase is checked alone.
    const built = path.dirname(main) === source ? [main] : filesUnder(path.dirname(main));
    problems.push(...builtCodeProblems(source, built));
  }
  return problems;
}
