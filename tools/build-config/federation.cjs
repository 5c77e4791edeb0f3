// The one definition of Module Federation settings. Every app's webpack config (the shell and each
// remote of remote-list/remotes.json) takes its shared map, share strategy and runtime plugins from
// here, so the page always negotiates one copy of each shared library.
const path = require('node:path');
const { surfaceModule } = require('./shared-surface.cjs');

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

/**
 * What a team may import from react-router and react-router-dom: the declarative router every
 * remote renders (docs/CONTRACT.md "Shared surfaces" says what is left out and why).
 */
const ROUTER_SURFACE = [
  'BrowserRouter',
  'createPath',
  'createSearchParams',
  'generatePath',
  'Link',
  'matchPath',
  'matchRoutes',
  'Navigate',
  'NavLink',
  'Outlet',
  'parsePath',
  'resolvePath',
  'Route',
  'Routes',
  'useHref',
  'useInRouterContext',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useRoutes',
  'useSearchParams',
];

/**
 * Singletons provided through a surface (tools/build-config/shared-surface.cjs): only these names are shipped,
 * the same in every app's build, and a build fails when code imports anything else. Each library
 * is still one shared singleton with its installed version; only its unused exports are left out.
 * The lists hold what a team can reasonably use, not only what the product uses today, so a new
 * query or write needs no shell release (docs/CONTRACT.md lists what is left out and why).
 * react-router-dom re-exports react-router, so both carry the router's surface.
 */
const SHARED_SURFACES = {
  'react-router': ROUTER_SURFACE,
  'react-router-dom': ROUTER_SURFACE,
  'firebase/auth': [
    // The page's Auth, set up once by shared-firebase.
    'browserLocalPersistence',
    'connectAuthEmulator',
    'indexedDBLocalPersistence',
    'initializeAuth',
    // Signing in and out, e-mail and password, e-mail links and server-issued tokens.
    'createUserWithEmailAndPassword',
    'isSignInWithEmailLink',
    'sendSignInLinkToEmail',
    'signInWithCredential',
    'signInWithCustomToken',
    'signInWithEmailAndPassword',
    'signInWithEmailLink',
    'signOut',
    // The signed-in member: state, tokens and claims, profile, credentials.
    'deleteUser',
    'EmailAuthCredential',
    'EmailAuthProvider',
    'getIdToken',
    'getIdTokenResult',
    'linkWithCredential',
    'onAuthStateChanged',
    'onIdTokenChanged',
    'reauthenticateWithCredential',
    'reload',
    'unlink',
    'updatePassword',
    'updateProfile',
    'validatePassword',
    'verifyBeforeUpdateEmail',
    // E-mail actions: verification, password reset, their links' codes.
    'ActionCodeURL',
    'applyActionCode',
    'AuthErrorCodes',
    'checkActionCode',
    'confirmPasswordReset',
    'parseActionCodeURL',
    'sendEmailVerification',
    'sendPasswordResetEmail',
    'verifyPasswordResetCode',
  ],
  'firebase/firestore': [
    // The page's Firestore, set up once by shared-firebase.
    'connectFirestoreEmulator',
    'getFirestore',
    // References and queries: every constraint.
    'and',
    'collection',
    'collectionGroup',
    'doc',
    'documentId',
    'endAt',
    'endBefore',
    'limit',
    'limitToLast',
    'or',
    'orderBy',
    'query',
    'startAfter',
    'startAt',
    'where',
    // Reads: once, from the server or the cache, live, and aggregations.
    'average',
    'count',
    'getAggregateFromServer',
    'getCountFromServer',
    'getDoc',
    'getDocFromCache',
    'getDocFromServer',
    'getDocs',
    'getDocsFromCache',
    'getDocsFromServer',
    'onSnapshot',
    'onSnapshotsInSync',
    'sum',
    // Writes: single, batched, transactions, and waiting for the queue.
    'addDoc',
    'deleteDoc',
    'runTransaction',
    'setDoc',
    'updateDoc',
    'waitForPendingWrites',
    'writeBatch',
    // Field values.
    'arrayRemove',
    'arrayUnion',
    'deleteField',
    'increment',
    'maximum',
    'minimum',
    'serverTimestamp',
    // Value types, and the classes a team checks with instanceof.
    'Bytes',
    'CollectionReference',
    'DocumentReference',
    'DocumentSnapshot',
    'FieldPath',
    'FirestoreError',
    'GeoPoint',
    'Query',
    'QueryDocumentSnapshot',
    'QuerySnapshot',
    'Timestamp',
    // Comparing references, queries and snapshots.
    'queryEqual',
    'refEqual',
    'snapshotEqual',
  ],
};

/**
 * Entries shared by their file as well as by their name: shared-firebase's data entry reaches its
 * session entry by a relative import (a package never imports itself by its name), and the
 * federation plugin matches a shared config keyed by an absolute path against the resolved file of
 * every import, so that import too takes the page's one copy of the session.
 */
const SHARED_FILES = ['shared-firebase/session'];

/** 'firebase/auth' → 'firebase', 'react/' → 'react', '@scope/name/x' → '@scope/name'. */
function packageName(shareKey) {
  const segments = shareKey.split('/');
  return segments.slice(0, shareKey.startsWith('@') ? 2 : 1).join('/');
}

function resolvedFile(request) {
  return require.resolve(request, { paths: [path.join(__dirname, '..', '..')] });
}

function installedVersion(shareKey) {
  const manifest = require.resolve(`${packageName(shareKey)}/package.json`, {
    paths: [path.join(__dirname, '..', '..')],
  });
  return require(manifest).version;
}

/**
 * The shared map: singletons with an explicit requiredVersion taken from the installed package;
 * surfaced libraries provide their generated surface module; SHARED_FILES are shared by their file
 * under their name too.
 */
function sharedMap() {
  const singleton = (pkg) => {
    const version = installedVersion(pkg);
    return { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false };
  };
  return {
    ...Object.fromEntries(SINGLETONS.map((pkg) => [pkg, singleton(pkg)])),
    ...Object.fromEntries(
      Object.entries(SHARED_SURFACES).map(([pkg, names]) => [
        pkg,
        { ...singleton(pkg), import: surfaceModule(pkg, names) },
      ]),
    ),
    ...Object.fromEntries(
      SHARED_FILES.map((shareKey) => [
        resolvedFile(shareKey),
        { ...singleton(shareKey), shareKey, import: resolvedFile(shareKey) },
      ]),
    ),
  };
}

/** Each remote exposes its single-spa-react lifecycles as `./app`; see docs/CONTRACT.md. */
const APP_EXPOSE = './app';

/**
 * The remotes the shell knows how to mount, from the one list (remote-list/remotes.json). Each name
 * is the federation container name and the key in the served remotes.json; the port is its local
 * dev/preview port.
 */
const REMOTES = Object.fromEntries(
  Object.entries(require('remote-list/remotes.json')).map(
    ([name, { folder, port, label, exposes = {}, consumes = [] }]) => [
      name,
      { folder, port, label, exposes, consumes },
    ],
  ),
);

/** A remote's exposed modules: `./app` from ./src/app.tsx, then those its list entry adds. */
function exposesOf(name) {
  return { [APP_EXPOSE]: './src/app.tsx', ...REMOTES[name].exposes };
}

/** Where Module Federation's type generation and consumption put the types (docs/CONTRACT.md). */
const TYPES_FOLDER = '@mf-types';

/**
 * Which remotes' exposed types each consumer type-checks against: the shell mounts every remote's
 * `./app`; a remote lists in `consumes` the remotes whose modules it mounts.
 */
function typeConsumers() {
  return {
    shell: { folder: 'shell', remotes: Object.keys(REMOTES) },
    ...Object.fromEntries(
      Object.entries(REMOTES)
        .filter(([, remote]) => remote.consumes.length > 0)
        .map(([name, remote]) => [name, { folder: remote.folder, remotes: remote.consumes }]),
    ),
  };
}

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
 * One federation runtime core per page: the shell (the only app without exposes) always provides
 * its own to the page, and a remote's production build uses that instead of shipping a copy (about
 * 19 KB gzip less per remote on every route). Development builds keep their own, so a remote's dev
 * server can still show it alone (ARCHITECTURE.md). The shell must provide it before it loads a
 * remote built this way (docs/CONTRACT.md).
 */
function runtimeCoreOptions({ exposes, production }) {
  const isShell = !exposes || Object.keys(exposes).length === 0;
  if (isShell) return { plugins: [require.resolve('./provide-runtime-core-plugin.mjs')] };
  return { plugins: [], experiments: production ? { externalRuntime: true } : {} };
}

/**
 * Module Federation's `dts` option. A remote's production build publishes the types of its exposed
 * modules beside remoteEntry.js and mf-manifest.json: `@mf-types.zip` (the declarations) and
 * `@mf-types.d.ts` (the API types), named by the manifest's `metaData.types`, so a consumer can
 * take them from wherever the remote is deployed (docs/CONTRACT.md). Consumers never fetch types
 * during a build (tools/build-config/federated-types.cjs does it in their typecheck), and development builds
 * skip the second TypeScript compile.
 */
function publishedTypesOptions({ exposes, production }) {
  if (!production || !exposes || Object.keys(exposes).length === 0) return false;
  return {
    generateTypes: {
      typesFolder: TYPES_FOLDER,
      generateAPITypes: true,
      abortOnError: true,
    },
    consumeTypes: false,
    displayErrorInTerminal: true,
  };
}

/**
 * Options for @module-federation/enhanced's ModuleFederationPlugin.
 * @param {{ name: string, exposes?: Record<string, string>, production?: boolean }} app
 */
function federationOptions({ name, exposes, production = false }) {
  const runtimeCore = runtimeCoreOptions({ exposes, production });
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
    dts: publishedTypesOptions({ exposes, production }),
    runtimePlugins: [
      require.resolve('./manifest-revalidation-plugin.cjs'),
      require.resolve('./retry-failed-shares-plugin.cjs'),
      ...runtimeCore.plugins,
    ],
    experiments: {
      ...runtimeCore.experiments,
      // Every app runs in the browser: leave out the runtime's Node script loader.
      optimization: { target: 'web' },
    },
  };
}

module.exports = {
  SINGLETONS,
  SHARED_SURFACES,
  APP_EXPOSE,
  REMOTES,
  TYPES_FOLDER,
  exposesOf,
  typeConsumers,
  SHELL_PORT,
  sharedMap,
  federationOptions,
  localRemotesJson,
};
