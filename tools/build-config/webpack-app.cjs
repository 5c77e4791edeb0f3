// The webpack config every app (shell and remotes) is built with; an app's webpack.config.cjs only
// names itself. Production output is content-hashed so it can be cached for a year, except the
// entry points a deploy switches (remoteEntry.js, mf-manifest.json, index.html, JSON config).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const {
  exposesOf,
  REMOTES,
  SHARED_SURFACES,
  TYPES_FOLDER,
  federationOptions,
  localRemotesJson,
} = require('./federation.cjs');
const { SharedSurfacePlugin, surfaceAliases } = require('./shared-surface.cjs');
const { devRuntimeConfig } = require('./runtime-config.cjs');
const { devPort } = require('./dev-ports.cjs');
const { devRemotesJson } = require('./remote-overrides.cjs');
const { LOOPBACK_HOSTNAMES, alsoListenOnIpv6Loopback } = require('./loopback.cjs');
const { PRODUCTION_REMOTES_VARIABLE, loadRemotesJson } = require('./production-remotes.cjs');
const { DevProgressPlugin } = require('./dev-progress.cjs');
const {
  NoFirestorePipelinesPlugin,
  unbundledPipelinesAliases,
} = require('./firestore-pipelines.cjs');

/**
 * JSON files every app's build emits beside its bundle: the backend it talks to and where each
 * remote's manifest lives. A deploy replaces them without rebuilding. remotes.json is the local
 * default unless REMOTES_JSON names the production one (a file or an https URL; docs/DEPLOY.md).
 */
const RUNTIME_FILES = {
  'runtime-config.json': async () => devRuntimeConfig(),
  'remotes.json': async () => {
    const source = process.env[PRODUCTION_REMOTES_VARIABLE];
    return source ? loadRemotesJson(source) : localRemotesJson();
  },
};

/**
 * Fails a remote's production build that did not publish its types (docs/CONTRACT.md "Published
 * types"): Module Federation's dts plugin only logs a failed type generation and builds on.
 */
class RequirePublishedTypesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RequirePublishedTypesPlugin', (compilation) => {
      compilation.hooks.afterProcessAssets.tap('RequirePublishedTypesPlugin', () => {
        const missing = [`${TYPES_FOLDER}.zip`, `${TYPES_FOLDER}.d.ts`].filter(
          (file) => !compilation.getAsset(file),
        );
        if (missing.length === 0) return;
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `No ${missing.join(' or ')}: the types of this remote's exposed modules could not be generated. Run its typecheck (npm run typecheck -w <folder>) to see why.`,
          ),
        );
      });
    });
  }
}

class EmitRuntimeFilesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitRuntimeFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        {
          name: 'EmitRuntimeFilesPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        async () => {
          for (const [file, make] of Object.entries(RUNTIME_FILES)) {
            const value = await make();
            compilation.emitAsset(file, new RawSource(`${JSON.stringify(value, null, 2)}\n`));
          }
        },
      );
    });
  }
}

/**
 * Emits a plain script the pages run from their <head> before the first paint (`headScript`),
 * under a content-hashed name (cached for a year like the chunks), as it is: no module wrapper.
 */
class EmitHeadScriptPlugin {
  constructor(headScript) {
    this.headScript = headScript;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitHeadScriptPlugin', (compilation) => {
      compilation.fileDependencies.add(this.headScript.source);
      compilation.hooks.processAssets.tap(
        {
          name: 'EmitHeadScriptPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => compilation.emitAsset(this.headScript.file, new RawSource(this.headScript.code)),
      );
    });
  }
}

/** The head script's code and hashed file name, or null. */
function headScriptOf(source) {
  if (!source) return null;
  const code = fs.readFileSync(source, 'utf8');
  const hash = crypto.createHash('sha256').update(code).digest('hex').slice(0, 10);
  return { source, code, file: `${path.basename(source, '.js')}.${hash}.js` };
}

/** The page's own host name from a request ('localhost', '127.0.0.1', '[::1]'). */
function requestHostname(request) {
  try {
    return new URL(`http://${request.headers.host}`).hostname;
  } catch {
    return '127.0.0.1';
  }
}

/**
 * @param {{
 *   name: string,            // federation container name
 *   dir: string,             // the app's folder (__dirname of its webpack.config.cjs)
 *   port: number,            // dev server port (the list's; dev-ports.cjs applies <NAME>_PORT)
 *   exposes?: Record<string, string>,
 *   title: string,
 *   html?: boolean,          // emit index.html: the shell's, and a remote's standalone page
 *                            // (development only: a remote's production build has no runtime
 *                            // core of its own, the shell provides it; see federation.cjs)
 *   pages?: Array<{          // more pages beside index.html, each served at its route's path
 *     path: string,          // the route ('/login')
 *     filename: string,      // 'login.html'
 *     firstPaint: string,    // static markup painted before any script (see tools/build-config/index.html)
 *   }>,
 *   headScript?: string,     // a plain script every page runs in its <head>, before the first
 *                            // paint (the shell's theme: shared-ui/src/theme/theme-boot.js)
 * }} app
 */
function createAppConfig(app) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const hasPage = !(app.html === false || (app.exposes && production));
    const pages = hasPage ? (app.pages ?? []) : [];
    const headScript = hasPage ? headScriptOf(app.headScript) : null;
    const htmlPage = (options) =>
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'index.html'),
        title: app.title,
        chunks: ['main'],
        publicPath: '/',
        headScript: headScript ? `/${headScript.file}` : null,
        ...options,
      });
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
        // A module that throws while it runs (its shared dependency failed to load) is dropped
        // from the module cache, so importing it again runs it again instead of handing out its
        // half-initialised exports: a Retry can then recover in the same page.
        strictModuleExceptionHandling: true,
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
        ...(production && app.exposes ? [new RequirePublishedTypesPlugin()] : []),
        // Only a page reads them: a remote's production build has none, so ships no local settings.
        ...(hasPage ? [new EmitRuntimeFilesPlugin()] : []),
        ...(headScript ? [new EmitHeadScriptPlugin(headScript)] : []),
        ...(production ? [] : [new DevProgressPlugin(app.name)]),
        ...(production
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:10].css',
                chunkFilename: '[name].[contenthash:10].css',
              }),
            ]
          : []),
        ...(!hasPage
          ? []
          : [
              htmlPage({}),
              ...pages.map(({ filename, firstPaint }) => htmlPage({ filename, firstPaint })),
            ]),
      ],
      optimization: {
        // Federation shares by module; one runtime per container keeps containers independent.
        runtimeChunk: false,
      },
      performance: { hints: false },
      devServer: {
        port: devPort(app.name, process.env),
        host: '127.0.0.1',
        // The page may be opened at localhost, 127.0.0.1 or [::1]; remotes load from the same name.
        allowedHosts: LOOPBACK_HOSTNAMES,
        historyApiFallback: {
          rewrites: pages.map(({ path: route, filename }) => ({
            from: new RegExp(`^${route}$`),
            to: `/${filename}`,
          })),
        },
        hot: false,
        liveReload: true,
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        headers: { 'Access-Control-Allow-Origin': '*' },
        onListening(devServer) {
          alsoListenOnIpv6Loopback(devServer, (error) =>
            console.warn(`[${app.name}] not answering on [::1]: ${error.message}`),
          );
        },
        setupMiddlewares(middlewares, devServer) {
          devServer.app.get('/runtime-config.json', (_req, res) =>
            res.set('Cache-Control', 'no-cache').json(devRuntimeConfig()),
          );
          devServer.app.get('/remotes.json', (req, res) => {
            try {
              res.set('Cache-Control', 'no-cache').json(devRemotesJson(requestHostname(req)));
            } catch (error) {
              res.status(500).type('text/plain').send(error.message);
            }
          });
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
module.exports.RUNTIME_FILES = RUNTIME_FILES;
