// The one definition of Module Federation settings. Every app's webpack config (shell and the five
// remotes) takes its shared map, share strategy and runtime plugins from here, so the page always
// negotiates one copy of each shared library.
const path = require('node:path');

/** Packages the page must load exactly once. A trailing slash shares every subpath (react/jsx-runtime, firebase/auth). */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  'firebase/',
  'shared-firebase',
  // `shared-firebase/session` (app, Auth, session) is its own shared module: pages that need no data
  // (the sign-in screens, the guard) load it without Firestore.
  'shared-firebase/',
  'shared-ui',
  'single-spa-react',
  'single-spa-react/',
];

function installedVersion(pkg) {
  const name = pkg.replace(/\/$/, '');
  const manifest = require.resolve(`${name}/package.json`, { paths: [path.join(__dirname, '..')] });
  return require(manifest).version;
}

/** The shared map: singletons with an explicit requiredVersion taken from the installed package. */
function sharedMap() {
  return Object.fromEntries(
    SINGLETONS.map((pkg) => {
      const version = installedVersion(pkg);
      return [
        pkg,
        { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false },
      ];
    }),
  );
}

/** Each remote exposes its single-spa-react lifecycles as `./app`; see docs/CONTRACT.md. */
const APP_EXPOSE = './app';

/**
 * The remotes the shell knows how to mount. Each name is the federation container name and the key
 * in remotes.json; the port is its local dev/preview port.
 */
const REMOTES = {
  auth: { folder: 'mfe-auth', port: 3001 },
  feed: { folder: 'mfe-feed', port: 3002 },
  profile: { folder: 'mfe-profile', port: 3003 },
  explore: { folder: 'mfe-explore', port: 3004 },
  members: { folder: 'mfe-members', port: 3005 },
};

const SHELL_PORT = 3000;

/**
 * remotes.json for remotes served locally (dev servers or previews of the production builds):
 * remote name → URL of its mf-manifest.json. `ports` overrides the fixed ports (tests use free ones).
 */
function localRemotesJson(host = process.env.REMOTES_HOST || '127.0.0.1', ports = {}) {
  return Object.fromEntries(
    Object.entries(REMOTES).map(([name, remote]) => [
      name,
      `http://${host}:${ports[name] ?? remote.port}/mf-manifest.json`,
    ]),
  );
}

/**
 * Options for @module-federation/enhanced's ModuleFederationPlugin.
 * @param {{ name: string, exposes?: Record<string, string> }} app
 */
function federationOptions({ name, exposes }) {
  return {
    name,
    filename: 'remoteEntry.js',
    exposes: exposes ?? {},
    // The shell registers remotes at run time from remotes.json; nobody declares them at build time.
    remotes: {},
    shared: sharedMap(),
    // Remotes load lazily, one route at a time: use what the page already loaded rather than
    // fetching every remote's entry up front to compare versions.
    shareStrategy: 'loaded-first',
    manifest: { fileName: 'mf-manifest.json' },
    dts: false,
    runtimePlugins: [require.resolve('./federation-runtime-plugin.cjs')],
  };
}

module.exports = {
  SINGLETONS,
  APP_EXPOSE,
  REMOTES,
  SHELL_PORT,
  sharedMap,
  federationOptions,
  localRemotesJson,
};
