const createAppConfig = require('tooling/webpack-app.cjs');
const { APP_EXPOSE, REMOTES } = require('tooling/federation.cjs');

module.exports = createAppConfig({
  name: 'auth',
  dir: __dirname,
  port: REMOTES.auth.port,
  title: 'Sign-in',
  exposes: { [APP_EXPOSE]: './src/app.tsx' },
});
