// The single-bundle comparison build (`npm run bench`): the shell and every remote's root imported
// directly into one bundle, no Module Federation. Same loaders, minifier and hashing as the real
// builds (webpack-app.cjs), so the benchmark's ratio isolates the cost of federation.
// Build: npx webpack -c tools/single-bundle/webpack.config.cjs --mode production [--output-path DIR]
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const {
  NoFirestorePipelinesPlugin,
  unbundledPipelinesAliases,
} = require('build-config/firestore-pipelines.cjs');

const ROOT = path.join(__dirname, '..', '..');

module.exports = (_env, argv) => ({
  mode: argv.mode === 'development' ? 'development' : 'production',
  context: ROOT,
  entry: { main: path.join(__dirname, 'src/index.tsx') },
  devtool: false,
  output: {
    path: path.join(__dirname, 'dist'),
    publicPath: '/',
    // One file: what the app's dynamic imports load later is in it from the start.
    asyncChunks: false,
    filename: '[name].[contenthash:10].js',
    chunkFilename: '[name].[contenthash:10].js',
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    clean: true,
  },
  resolve: {
    extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    alias: unbundledPipelinesAliases,
  },
  module: {
    rules: [
      {
        test: /\.[cm]?[jt]sx?$/,
        exclude: /node_modules/,
        use: { loader: require.resolve('babel-loader'), options: { rootMode: 'upward' } },
      },
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] },
      {
        test: /\.(png|jpe?g|gif|svg|webp)$/,
        type: 'asset',
        parser: { dataUrlCondition: { maxSize: 4096 } },
      },
    ],
  },
  plugins: [
    new NoFirestorePipelinesPlugin(),
    new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css' }),
    new HtmlWebpackPlugin({
      template: require.resolve('build-config/index.html'),
      title: 'Single bundle',
      publicPath: '/',
    }),
  ],
  performance: { hints: false },
});
