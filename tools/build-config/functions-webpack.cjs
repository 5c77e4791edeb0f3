// The webpack config every Cloud Functions codebase (`mfe-*/functions`, firebase.json `functions`)
// is built with; a codebase's webpack.config.cjs only names its folder.
//
// Why a bundle: `firebase deploy --only functions:<codebase>` uploads the codebase's folder, and
// Cloud Build installs its package.json's dependencies from the npm registry. The platform code a
// codebase imports (shared-firebase/server) is a workspace package no registry has, so it is
// bundled into dist/index.js; what Cloud Build installs is only firebase-functions and
// firebase-admin (the runtime loads the SDK from node_modules, and firebase-tools' discovery needs
// it there). Nothing else is external, so the deployed package.json names no workspace package
// (tools/scripts/deploy-check.mjs refuses one that does).
const path = require('node:path');

/** Requests left to the deployed node_modules: the Functions SDK and the Admin SDK. */
const RUNTIME_PACKAGES = /^firebase-(functions|admin)(\/|$)/;

/** @param {string} dir the codebase's folder (its package.json's `main` is dist/index.js) */
function functionsWebpackConfig(dir) {
  return {
    mode: 'production',
    target: 'node20',
    context: dir,
    entry: './src/index.ts',
    output: {
      path: path.join(dir, 'dist'),
      filename: 'index.js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    externalsType: 'commonjs',
    externals: [
      ({ request }, callback) =>
        RUNTIME_PACKAGES.test(request ?? '') ? callback(null, request) : callback(),
    ],
    resolve: { extensions: ['.ts', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('babel-loader'),
            options: {
              // The product's babel config targets browsers; functions run on Node 20.
              babelrc: false,
              configFile: false,
              presets: [
                [require.resolve('@babel/preset-env'), { targets: { node: '20' } }],
                [
                  require.resolve('@babel/preset-typescript'),
                  { allowDeclareFields: true, onlyRemoveTypeImports: true },
                ],
              ],
            },
          },
        },
      ],
    },
    // Readable stack traces in the function logs (unminified, no source map needed).
    optimization: { minimize: false },
    devtool: false,
    performance: { hints: false },
    // Every start of the local backend (npm start, each test's backend) builds every codebase:
    // with the cache, an unchanged one takes a second instead of a full bundle of the Admin SDK's
    // callers. Kept in the codebase's node_modules, which no deploy uploads; webpack tracks every
    // file a bundle read, and this config through buildDependencies.
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(dir, 'node_modules', '.cache', 'webpack'),
      buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.cjs')] },
    },
    // Only problems on the console, so `npm start` forwards what matters.
    stats: 'errors-warnings',
    // A watch (`build:watch`) ends when its stdin does: the local backend gives each watcher a
    // pipe, which closes however the backend ends. npm and its shell stand between them and pass
    // no signal on, so without this a stopped backend left every watcher running.
    watchOptions: { stdin: true },
  };
}

module.exports = { functionsWebpackConfig };
