// The layer rules of the repository, checked by `npm run lint` (depcruise). The top level is the
// product; tools/ holds what builds, runs, tests and measures it; e2e/ tests it from outside.
//
//   product (what a member's browser runs), imported by package name and only downwards:
//     apps: shell, mfe-* (no app imports another; remotes meet at run time through Module
//       Federation, never through imports); a team's Cloud Functions codebase (mfe-*/functions)
//       belongs to its app and takes the shared layer like it
//       → shared-ui, shared-firebase, remote-list (the bottom layer: nothing of ours)
//     A remote's dev page (src/standalone.tsx) takes tools/standalone-host, and a package's own
//     config files (webpack.config.cjs, jest.config.cjs) take tools/build-config; nothing else of
//     the product imports from tools/ or e2e/.
//   tools/ (drive the product from outside):
//     build-config: build and test configuration; of the product it reads only remote-list.
//     standalone-host: a remote's dev page; it mounts the remote it is handed, on the shared layer.
//     emulator: the local Firestore and Storage; its src/ imports nothing of ours.
//     scripts, single-bundle: start, seed, deploy and measure the product; they may import it.
//   e2e: Playwright tests against the built product.
//
// Test code (a *.test.ts(x) file, anything under a test/ or testing/ folder, and e2e/) may import
// anything the rules above allow; no other code imports test code.
//
// Relative imports across packages are listed by file in RELATIVE_EXCEPTIONS, each with its reason.

/** Every workspace package, and tools/scripts (the repository root's own task runner). */
const PACKAGE =
  '^(remote-list|shared-ui|shared-firebase|shell|mfe-[^/]+|e2e|tools/(?:build-config|standalone-host|emulator|single-bundle|scripts))/';
const APPS = '^(shell|mfe-[^/]+)/';
const SHARED = '^(shared-ui|shared-firebase|remote-list)/';
const PRODUCT = '^(shell|mfe-[^/]+|shared-ui|shared-firebase|remote-list)/';
const TOOLS = '^tools/';
/** Test code: what the test runners load, never what ships or what the tools run. */
const TEST_CODE = ['^e2e/', '(^|/)(test|testing)/', '\\.test\\.[cm]?[jt]sx?$'];

/**
 * The relative imports across packages that are allowed, each named by file (or folder), the
 * package it belongs to, what it may reach, and why.
 */
const RELATIVE_EXCEPTIONS = [
  {
    // tools/scripts belongs to the repository root, which has no package name to import by; e2e
    // starts the same backend and static servers as `npm start`.
    from: '^e2e/',
    pkg: 'e2e',
    to: '^tools/scripts/lib/',
  },
  {
    // A team's functions codebase is no workspace package (its folder is deployed alone), so the
    // emulator's function suites, which start the Firestore backends and the Auth emulator, run
    // the profile codebase's account deletion job on them by path.
    from: '^tools/emulator/test/functions/',
    pkg: 'tools/emulator',
    to: '^mfe-profile/functions/src/',
  },
  {
    // The root's task-runner and bench modules have no package (and no jest) of their own;
    // build-config's jest runs their unit tests.
    from: '^tools/build-config/test/',
    pkg: 'tools/build-config',
    to: '^tools/scripts/(lib|bench)/',
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
    name: 'no-test-code-in-non-test-code',
    comment:
      'Test code (*.test.ts(x), test/ and testing/ folders, e2e/) is loaded by test runners only: ' +
      'code that ships or that a tool runs must not depend on it. Move what both need out of the ' +
      'test folder (as tools/emulator/harness/ is).',
    severity: 'error',
    from: { pathNot: TEST_CODE },
    // A library's own test folder in node_modules is not ours to judge.
    to: { path: TEST_CODE, pathNot: '(^|/)node_modules/' },
  },
  {
    name: 'product-imports-no-tools',
    comment:
      'The product does not depend on tools/ or e2e/ (a remote’s dev page and a package’s config ' +
      'files are the two exceptions, in the next two rules).',
    severity: 'error',
    from: { path: PRODUCT },
    to: { path: ['^e2e/', TOOLS], pathNot: '^tools/(build-config|standalone-host)/' },
  },
  {
    name: 'product-imports-no-tools',
    comment:
      'Only a package’s own config files (webpack.config.cjs, jest.config.cjs; those of a team’s ' +
      'functions codebase, mfe-*/functions, too) take the build config.',
    severity: 'error',
    from: { path: PRODUCT, pathNot: `${PRODUCT}(functions/)?[^/]+\\.cjs$` },
    to: { path: '^tools/build-config/' },
  },
  {
    name: 'product-imports-no-tools',
    comment:
      'Only a remote’s dev page (src/standalone.tsx) mounts itself with the standalone host.',
    severity: 'error',
    from: { path: PRODUCT, pathNot: '^mfe-[^/]+/src/standalone\\.tsx$' },
    to: { path: '^tools/standalone-host/' },
  },
  {
    name: 'bottom-layer-imports-nothing-of-ours',
    comment:
      'shared-ui, shared-firebase and remote-list are the bottom layer: they import no other ' +
      'package of ours (not even each other: shared-ui has no data access).',
    severity: 'error',
    from: { path: SHARED },
    to: { path: PRODUCT, pathNot: '^$1/' },
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
    name: 'build-config-reads-only-the-remote-list',
    comment:
      'tools/build-config holds build and test configuration: of the product it reads only the ' +
      'list of remotes, and it runs no other tool.',
    severity: 'error',
    from: { path: '^tools/build-config/', pathNot: TEST_CODE },
    to: { path: PACKAGE, pathNot: ['^tools/build-config/', '^remote-list/'] },
  },
  {
    name: 'standalone-host-imports-shared-only',
    comment: 'The standalone page mounts a remote it is handed; it imports only the shared layer.',
    severity: 'error',
    from: { path: '^tools/standalone-host/' },
    to: { path: PACKAGE, pathNot: ['^tools/standalone-host/', SHARED] },
  },
  {
    name: 'emulator-imports-nothing-of-ours',
    comment:
      'The emulator is a Firestore and Storage backend, not part of the product: its sources ' +
      'import no other package of ours (its tests may drive the product rules with its fixtures).',
    severity: 'error',
    from: { path: '^tools/emulator/src/' },
    to: { path: PACKAGE, pathNot: '^tools/emulator/' },
  },
];

// ---- The emulator's internal layers --------------------------------------------------------------
// Inside the emulator package (composition → transport → protocol → engine | rules | store →
// values → common) the layers are one ordered table, tools/emulator/test/layers/layers.ts, enforced
// by its own test (part of npm test), which also rejects imports from folders the table does not
// name.

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
