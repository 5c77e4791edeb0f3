const createAppConfig = require('tooling/webpack-app.cjs');
const { SHELL_PORT } = require('tooling/federation.cjs');
const { productName } = require('./package.json');

module.exports = createAppConfig({
  name: 'shell',
  dir: __dirname,
  port: SHELL_PORT,
  title: productName,
});
