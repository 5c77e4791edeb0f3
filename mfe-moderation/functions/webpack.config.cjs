// Bundles the codebase into dist/index.js (why: tools/build-config/functions-webpack.cjs).
module.exports = require('build-config/functions-webpack.cjs').functionsWebpackConfig(__dirname);
