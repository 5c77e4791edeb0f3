// The layer rules of the repository, checked by `npm run lint` (depcruise). A package's code
// imports another package by its name, never by a relative path, and only downwards:
//
//   single-bundle (the benchmark's comparison build: composes every app)
//     → apps: shell, mfe-* (no app imports another app; remotes meet at run time, through
//       Module Federation, never through imports)
//       → standalone-host (a remote's standalone dev page; remotes only)
//         → shared-ui, shared-firebase, remote-list → nothing of ours
//   remote-list is data (remotes.json): the one list of remotes, read by the apps and by tooling.
//   tooling: build and test configuration; it imports none of the product's packages.
//   e2e and scripts: drive the product from outside; they import packages by name.
//
// Exceptions are listed by file in RELATIVE_EXCEPTIONS below, each with its reason.

/** Every workspace package, and `scripts/` (the repository root's own task runner). */
const PACKAGE =
  '^(tools/build-config|remote-list|shared-ui|shared-firebase|tools/standalone-host|tools/emulator|shell|mfe-[^/]+|tools/single-bundle|e2e|tools/scripts)/';
const APPS = '^(shell|mfe-[^/]+)/';
const SHARED = '^(shared-ui|shared-firebase|remote-list)/';
const PRODUCT =
  '^(shared-ui|shared-firebase|tools/standalone-host|shell|mfe-[^/]+|tools/single-bundle)/';

/**
 * The relative imports across packages that are allowed, each named by file (or folder), the
 * package it belongs to, what it may reach, and why.
 */
const RELATIVE_EXCEPTIONS = [
  {
    // `scripts/` belongs to the repository root, which has no package name to import by; e2e starts
    // the same backend and static servers as `npm start`.
    from: '^e2e/',
    pkg: 'e2e',
    to: '^tools/scripts/lib/',
  },
  {
    // The root's task-runner modules have no package (and no jest) of their own; tooling's jest
    // runs their unit tests.
    from: '^tools/build-config/test/',
    pkg: 'tools/build-config',
    to: '^tools/scripts/lib/',
  },
];

const layerRules = [
  {
    name: 'no-relative-import-across-packages',
    comment:
      'Import another package by its name (its package.json "name"), not by a relative path: the ' +
      'relative path skips its entry points and hides the dependency from package.json.',
    severity: 'error',
    from: { path: PACKAGE, pathNot: RELATIVE_EXCEPTIONS.map((exception) => exception.from) },
    to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased-workspace'], pathNot: '^$1/' },
  },
  ...RELATIVE_EXCEPTIONS.map((exception) => ({
    name: 'no-relative-import-across-packages',
    comment: 'An exception reaches only what RELATIVE_EXCEPTIONS lists for it.',
    severity: 'error',
    from: { path: exception.from },
    to: {
      dependencyTypes: ['local'],
      dependencyTypesNot: ['aliased-workspace'],
      pathNot: [`^${exception.pkg}/`, exception.to],
    },
  })),
  {
    name: 'bottom-layer-imports-nothing-of-ours',
    comment:
      'shared-ui, shared-firebase and remote-list are the bottom layer: they import no other ' +
      'package of ours (not even each other: shared-ui has no data access).',
    severity: 'error',
    from: { path: SHARED },
    // tooling/ is allowed to their build and test config (jest.config.cjs), not to src/ (below).
    to: { path: PACKAGE, pathNot: ['^$1/', '^tools/build-config/'] },
  },
  {
    name: 'standalone-host-imports-shared-only',
    comment: 'The standalone page mounts a remote it is handed; it imports only the shared layer.',
    severity: 'error',
    from: { path: '^tools/standalone-host/' },
    to: {
      path: '^(tools/build-config|tools/emulator|shell|mfe-[^/]+|tools/single-bundle|e2e|tools/scripts)/',
    },
  },
  {
    name: 'no-app-imports-another-app',
    comment:
      'Apps meet at run time through Module Federation (loadRemote), never through imports: ' +
      'an import would bundle one app into another.',
    severity: 'error',
    from: { path: APPS },
    to: { path: APPS, pathNot: '^$1/' },
  },
  {
    name: 'apps-import-downwards-only',
    comment: 'An app imports the shared layer (and, for a remote, standalone-host), nothing above.',
    severity: 'error',
    from: { path: APPS },
    to: { path: '^(tools/single-bundle|e2e|tools/emulator|tools/scripts)/' },
  },
  {
    name: 'app-code-imports-no-build-config',
    comment: "An app's src/ is product code: it runs in the browser, tooling/ does not.",
    severity: 'error',
    from: {
      path: '^(shell|mfe-[^/]+|tools/standalone-host|tools/single-bundle|shared-ui|shared-firebase|remote-list)/src/',
    },
    to: { path: '^tools/build-config/' },
  },
  {
    name: 'tooling-imports-no-product-code',
    comment: 'tooling/ holds build and test configuration only; product code lives in packages.',
    severity: 'error',
    from: { path: '^tools/build-config/' },
    to: { path: PRODUCT },
  },
  {
    name: 'only-remotes-use-the-standalone-host',
    comment: "standalone-host is a remote's dev page; the shell and shared layer never import it.",
    severity: 'error',
    from: { path: '^(shell|shared-ui|shared-firebase|remote-list|tools/single-bundle)/' },
    to: { path: '^tools/standalone-host/' },
  },
];

// ---- The emulator's internal layers --------------------------------------------------------------
// Inside the emulator package (composition → transport → protocol → engine | rules | store →
// values → common) the layers are one ordered table, tools/emulator/test/layers/layers.ts, enforced by
// its own test (part of npm test), which also rejects imports from folders the table does not name.

module.exports = {
  forbidden: layerRules,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '(^|/)(node_modules|dist|coverage|test-results|playwright-report|\\.tmp|\\.data|\\.nx|@mf-types)/',
    },
    // Type-only imports count: a type import across packages is still a dependency.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.cjs', '.mjs', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
