// The webpack config every app (shell and remotes) is built with; an app's webpack.config.cjs only
// names itself. Production output is content-hashed so it can be cached for a year, except the
// entry points a deploy switches (remoteEntry.js, mf-manifest.json, index.html, JSON config).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const {
  exposesOf,
  REMOTES,
  SHARED_SURFACES,
  federationOptions,
  localRemotesJson,
} = require('./federation.cjs');
const { SharedSurfacePlugin, surfaceAliases } = require('./shared-surface.cjs');
const { devRuntimeConfig } = require('./runtime-config.cjs');
const {
  NoFirestorePipelinesPlugin,
  unbundledPipelinesAliases,
} = require('./firestore-pipelines.cjs');

/**
 * JSON files every app serves beside its bundle: the backend it talks to and where each remote's
 * manifest lives. A deploy replaces them without rebuilding; these are the local defaults.
 */
const RUNTIME_FILES = {
  'runtime-config.json': () => devRuntimeConfig(),
  'remotes.json': () => localRemotesJson(),
};

class EmitRuntimeFilesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitRuntimeFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'EmitRuntimeFilesPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          for (const [file, make] of Object.entries(RUNTIME_FILES)) {
            compilation.emitAsset(file, new RawSource(`${JSON.stringify(make(), null, 2)}\n`));
          }
        },
      );
    });
  }
}

/**
 * @param {{
 *   name: string,            // federation container name
 *   dir: string,             // the app's folder (__dirname of its webpack.config.cjs)
 *   port: number,            // dev server port
 *   exposes?: Record<string, string>,
 *   title: string,
 *   html?: boolean,          // emit index.html: the shell's, and a remote's standalone page
 *                            // (development only: a remote's production build has no runtime
 *                            // core of its own, the shell provides it; see federation.cjs)
 * }} app
 */
function createAppConfig(app) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(app.dir, 'dist'),
        // 'auto' lets one build be served from any origin or path: the deploy decides the URL.
        publicPath: 'auto',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        // Hashed in development too: webpack names a chunk after its root modules, and a shared
        // library's provided and fallback chunks can share a root module (a surface module, see
        // shared-surface.cjs) while holding different modules besides.
        chunkFilename: '[name].[contenthash:10].js',
        assetModuleFilename: production
          ? 'assets/[name].[contenthash:10][ext]'
          : 'assets/[name][ext]',
        uniqueName: app.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: { ...surfaceAliases(SHARED_SURFACES), ...unbundledPipelinesAliases },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: { loader: require.resolve('babel-loader'), options: { rootMode: 'upward' } },
          },
          {
            test: /\.css$/,
            // Production: CSS in its own hashed files, fetched beside the chunk that needs it, so it
            // is not JavaScript to parse and run. Development: injected by script, reloads faster.
            use: [
              production ? MiniCssExtractPlugin.loader : require.resolve('style-loader'),
              require.resolve('css-loader'),
            ],
          },
          {
            test: /\.(png|jpe?g|gif|svg|webp)$/,
            type: 'asset',
            parser: { dataUrlCondition: { maxSize: 4096 } },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin(
          federationOptions({ name: app.name, exposes: app.exposes, production }),
        ),
        new SharedSurfacePlugin(SHARED_SURFACES),
        new NoFirestorePipelinesPlugin(),
        new EmitRuntimeFilesPlugin(),
        ...(production
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:10].css',
                chunkFilename: '[name].[contenthash:10].css',
              }),
            ]
          : []),
        ...(app.html === false || (app.exposes && production)
          ? []
          : [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                title: app.title,
                chunks: ['main'],
                publicPath: '/',
              }),
            ]),
      ],
      optimization: {
        // Federation shares by module; one runtime per container keeps containers independent.
        runtimeChunk: false,
      },
      performance: { hints: false },
      devServer: {
        port: app.port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        headers: { 'Access-Control-Allow-Origin': '*' },
        setupMiddlewares(middlewares, devServer) {
          for (const [file, make] of Object.entries(RUNTIME_FILES)) {
            devServer.app.get(`/${file}`, (_req, res) =>
              res.set('Cache-Control', 'no-cache').json(make()),
            );
          }
          return middlewares;
        },
      },
    };
  };
}

/**
 * A remote's config from its entry in the list of remotes (remote-list/remotes.json): its port,
 * label and exposed modules (`./app` from src/app.tsx, plus the entry's `exposes`).
 * @param {{ name: string, dir: string }} remote
 */
function createRemoteConfig({ name, dir }) {
  const { port, label } = REMOTES[name];
  return createAppConfig({ name, dir, port, title: label, exposes: exposesOf(name) });
}

module.exports = createAppConfig;
module.exports.createRemoteConfig = createRemoteConfig;
