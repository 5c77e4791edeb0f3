// firebase.json's Hosting targets: one per app of remote-list/remotes.json (plus the shell), with
// the production security headers of tooling/security-headers.cjs, for the origins in
// tooling/hosting-origins.json.
const origins = require('./hosting-origins.json');
const remotes = require('remote-list/remotes.json');
const { hostingSecurityRule } = require('./security-headers.cjs');

const SECURITY_KEYS = new Set([
  'Content-Security-Policy',
  'X-Content-Type-Options',
  'Referrer-Policy',
]);

/**
 * Each app's production origin: as written in hosting-origins.json, else the default domain of the
 * site named after the shell's (`https://<shell site>-<remote>.web.app`), so a new remote needs no
 * line here unless its site is named otherwise.
 */
function productionAppOrigins() {
  const shell = new URL(origins.shell);
  const conventional = (name) =>
    `${shell.protocol}//${shell.hostname.replace(/^([^.]+)/, `$1-${name}`)}`;
  return ['shell', ...Object.keys(remotes)].map((name) => origins[name] ?? conventional(name));
}

/**
 * `config` with a Hosting target for every remote of the list that has none yet, made like the
 * existing remotes' targets (same ignore list and cache headers), serving `<folder>/dist`.
 */
function withRemoteTargets(config) {
  const template = config.hosting.find((site) => site.target in remotes);
  const missing = Object.entries(remotes).filter(
    ([name]) => !config.hosting.some((site) => site.target === name),
  );
  return {
    ...config,
    hosting: [
      ...config.hosting,
      ...missing.map(([name, { folder }]) => ({
        ...structuredClone(template),
        target: name,
        public: `${folder}/dist`,
      })),
    ],
  };
}

/**
 * What `firebase deploy` runs before uploading a target: build that app, then check its dist/
 * (scripts/deploy-check.mjs), so a plain `firebase deploy` never ships a stale or local build.
 */
function predeployOf(target) {
  const folder = target === 'shell' ? 'shell' : remotes[target].folder;
  return [`npm run build -w ${folder}`, `node scripts/deploy-check.mjs ${target}`];
}

/**
 * `config` (parsed firebase.json) with a target for every app (withRemoteTargets), each target's
 * predeploy hooks, and each target's security rule replaced by the current one.
 */
function withProductionSecurityHeaders(current) {
  const config = withRemoteTargets(current);
  const rule = hostingSecurityRule({ appOrigins: productionAppOrigins() });
  const isSecurityRule = (entry) =>
    entry.headers.length > 0 && entry.headers.every((header) => SECURITY_KEYS.has(header.key));
  return {
    ...config,
    hosting: config.hosting.map((site) => ({
      ...site,
      predeploy: predeployOf(site.target),
      headers: [...(site.headers ?? []).filter((entry) => !isSecurityRule(entry)), rule],
    })),
  };
}

module.exports = { productionAppOrigins, withProductionSecurityHeaders, withRemoteTargets };
