// firebase.json's Hosting targets: one per app of remote-list/remotes.json (plus the shell), with
// the production security headers of tools/build-config/security-headers.cjs, for the origins in
// tools/build-config/hosting-origins.json.
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
 * (tools/scripts/deploy-check.mjs), so a plain `firebase deploy` never ships a stale or local build.
 */
function predeployOf(target) {
  const folder = target === 'shell' ? 'shell' : remotes[target].folder;
  return [`npm run build -w ${folder}`, `node tools/scripts/deploy-check.mjs ${target}`];
}

/**
 * A remote publishes the types of its exposed modules beside its manifest (docs/CONTRACT.md
 * "Published types"): served with their own content types (Hosting would call a `.ts` file a video
 * stream), uncached like the manifest that names them (the `**` no-cache rule), and readable from
 * any origin like every remote file.
 */
const TYPES_HEADERS = [
  { source: '/@mf-types.zip', headers: [{ key: 'Content-Type', value: 'application/zip' }] },
  {
    source: '/@mf-types.d.ts',
    headers: [{ key: 'Content-Type', value: 'text/plain; charset=utf-8' }],
  },
];
const TYPES_SOURCES = new Set(TYPES_HEADERS.map((entry) => entry.source));

/** A target's headers with the published types' rules (remotes only), kept once. */
function withTypesHeaders(target, headers) {
  const others = headers.filter((entry) => !TYPES_SOURCES.has(entry.source));
  return target in remotes ? [...others, ...structuredClone(TYPES_HEADERS)] : others;
}

/**
 * `config` (parsed firebase.json) with a target for every app (withRemoteTargets), each target's
 * predeploy hooks, a remote's published types headers, and each target's security rule replaced
 * by the current one.
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
      headers: [
        ...withTypesHeaders(
          site.target,
          (site.headers ?? []).filter((entry) => !isSecurityRule(entry)),
        ),
        rule,
      ],
    })),
  };
}

module.exports = {
  TYPES_HEADERS,
  productionAppOrigins,
  withProductionSecurityHeaders,
  withRemoteTargets,
};
