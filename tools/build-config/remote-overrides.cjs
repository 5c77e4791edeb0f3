// Development remotes.json: every remote on its local dev server, except the ones a team points
// elsewhere — e.g. the profile team serving profile locally against the deployed feed. One place
// says which: the REMOTES_OVERRIDE variable (inline JSON, or the path of a JSON file), else the
// git-ignored file remotes.local.json at the repository root. Read on every request, so an edit
// applies at the next page load.
const fs = require('node:fs');
const path = require('node:path');
const { REMOTES, localRemotesJson } = require('./federation.cjs');
const { devPorts } = require('./dev-ports.cjs');
const { isLoopbackHostname } = require('./loopback.cjs');

const OVERRIDE_VARIABLE = 'REMOTES_OVERRIDE';
const ROOT = path.join(__dirname, '..', '..');
const OVERRIDE_FILE = path.join(ROOT, 'remotes.local.json');

class RemoteOverrideError extends Error {}

/** A manifest URL, or a site's address (then its /mf-manifest.json). */
function manifestUrl(name, value, source) {
  let url;
  try {
    url = new URL(String(value));
  } catch {
    throw new RemoteOverrideError(`${source}: "${name}" is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new RemoteOverrideError(`${source}: "${name}" must be an http(s) URL, got ${url.href}`);
  if (!url.pathname.endsWith('.json'))
    url.pathname = `${url.pathname.replace(/\/?$/, '/')}mf-manifest.json`;
  return url.href;
}

function readJson(file, source) {
  try {
    return JSON.parse(fs.readFileSync(path.resolve(ROOT, file), 'utf8'));
  } catch (error) {
    throw new RemoteOverrideError(`${source}: cannot read ${file}: ${error.message}`);
  }
}

/**
 * remote name → manifest URL overrides, and where they came from; `{}` when nothing is set.
 * @returns {{ overrides: Record<string, string>, source: string | null }}
 */
function remoteOverrides(env = process.env, file = OVERRIDE_FILE) {
  const variable = env[OVERRIDE_VARIABLE]?.trim();
  let raw;
  let source = null;
  if (variable) {
    source = OVERRIDE_VARIABLE;
    if (variable.startsWith('{')) {
      try {
        raw = JSON.parse(variable);
      } catch (error) {
        throw new RemoteOverrideError(`${source} is not valid JSON: ${error.message}`);
      }
    } else raw = readJson(variable, `${source}=${variable}`);
  } else if (fs.existsSync(file)) {
    const relative = path.relative(ROOT, file);
    source = relative.startsWith('..') ? file : relative;
    raw = readJson(file, source);
  } else return { overrides: {}, source: null };

  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new RemoteOverrideError(`${source} must be an object of remote name → manifest URL.`);
  const overrides = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!REMOTES[name])
      throw new RemoteOverrideError(
        `${source}: no remote named "${name}" (remotes: ${Object.keys(REMOTES).join(', ')}).`,
      );
    overrides[name] = manifestUrl(name, value, source);
  }
  return { overrides, source };
}

/**
 * remotes.json as a dev server serves it to a page opened at `hostname`: local remotes on that
 * same loopback name (a page at localhost loads localhost URLs: same site, no cross-site checks),
 * at their dev ports, with the overrides on top.
 */
function devRemotesJson(hostname = '127.0.0.1', env = process.env, file = OVERRIDE_FILE) {
  const host = isLoopbackHostname(hostname) ? hostname : '127.0.0.1';
  const ports = Object.fromEntries(
    Object.entries(devPorts(env)).map(([name, { port }]) => [name, port]),
  );
  return { ...localRemotesJson(host, ports), ...remoteOverrides(env, file).overrides };
}

module.exports = {
  OVERRIDE_VARIABLE,
  OVERRIDE_FILE,
  RemoteOverrideError,
  remoteOverrides,
  devRemotesJson,
};
