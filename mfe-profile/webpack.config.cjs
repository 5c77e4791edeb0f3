const createAppConfig = require('tooling/webpack-app.cjs');
const { APP_EXPOSE, REMOTES } = require('tooling/federation.cjs');

module.exports = createAppConfig({
  name: 'profile',
  dir: __dirname,
  port: REMOTES.profile.port,
  title: 'Profiles',
  exposes: { [APP_EXPOSE]: './src/app.tsx' },
});
