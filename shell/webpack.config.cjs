const fs = require('node:fs');
const path = require('node:path');
const createAppConfig = require('build-config/webpack-app.cjs');
const { SHELL_PORT } = require('build-config/federation.cjs');
const REMOTE_LIST = require('remote-list/remotes.json');
const { productName } = require('./package.json');

module.exports = createAppConfig({
  name: 'shell',
  dir: __dirname,
  port: SHELL_PORT,
  title: productName,
  // The member's theme applies before the first paint of every page.
  headScript: require.resolve('shared-ui/src/theme/theme-boot.js'),
  // The sign-in page paints its screen before any script (src/firstPaint).
  pages: [
    {
      path: REMOTE_LIST.auth.routes.login.path,
      filename: 'login.html',
      firstPaint: fs.readFileSync(path.join(__dirname, 'src/firstPaint/login.html'), 'utf8'),
    },
  ],
});
