// What a production shell may ship: a remotes.json of https URLs that are not this machine, and a
// runtime config of a real Firebase project (no emulators). The production remotes.json is an
// input — a file or an https URL the ops team controls — given as REMOTES_JSON to the shell's build
// and deploy; without it a build keeps the local default, which the deploy check refuses.
const fs = require('node:fs');
const path = require('node:path');
const { REMOTES } = require('./federation.cjs');
const { isLoopbackHostname } = require('./loopback.cjs');

const PRODUCTION_REMOTES_VARIABLE = 'REMOTES_JSON';

/** Reads remotes.json from a file path or an http(s) URL. */
async function loadRemotesJson(source, cwd = process.cwd()) {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok) throw new Error(`${source} answered HTTP ${response.status}`);
    return response.json();
  }
  return JSON.parse(fs.readFileSync(path.resolve(cwd, source), 'utf8'));
}

/** Why `remotesJson` cannot go to production; [] when it can. */
function remotesJsonProblems(remotesJson) {
  if (!remotesJson || typeof remotesJson !== 'object' || Array.isArray(remotesJson))
    return ['remotes.json must be an object of remote name → manifest URL'];
  const problems = [];
  for (const name of Object.keys(REMOTES)) {
    if (!(name in remotesJson)) problems.push(`remotes.json has no entry for "${name}"`);
  }
  for (const [name, value] of Object.entries(remotesJson)) {
    let url;
    try {
      url = new URL(String(value));
    } catch {
      problems.push(`remotes.json "${name}" is not a URL: ${JSON.stringify(value)}`);
      continue;
    }
    if (url.protocol !== 'https:')
      problems.push(`remotes.json "${name}" is not https: ${url.href}`);
    if (isLoopbackHostname(url.hostname))
      problems.push(`remotes.json "${name}" points at this machine: ${url.href}`);
  }
  return problems;
}

/** Why a runtime-config.json cannot go to production; [] when it can. */
function runtimeConfigProblems(config) {
  if (!config || typeof config !== 'object') return ['runtime-config.json is not an object'];
  const problems = [];
  if (config.emulators !== null)
    problems.push(
      'runtime-config.json points at the local emulators: build with FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID, FIREBASE_STORAGE_BUCKET and FIREBASE_APP_ID set',
    );
  for (const key of ['apiKey', 'authDomain', 'projectId', 'storageBucket', 'appId']) {
    if (!config.firebase?.[key]) problems.push(`runtime-config.json has no firebase.${key}`);
  }
  return problems;
}

module.exports = {
  PRODUCTION_REMOTES_VARIABLE,
  loadRemotesJson,
  remotesJsonProblems,
  runtimeConfigProblems,
};
