const createAppConfig = require('tooling/webpack-app.cjs');
const { APP_EXPOSE, REMOTES } = require('tooling/federation.cjs');

module.exports = createAppConfig({
  name: 'explore',
  dir: __dirname,
  port: REMOTES.explore.port,
  title: 'Explore',
  exposes: { [APP_EXPOSE]: './src/app.tsx' },
});
