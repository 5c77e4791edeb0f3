const createAppConfig = require('tooling/webpack-app.cjs');
const { APP_EXPOSE, REMOTES } = require('tooling/federation.cjs');

module.exports = createAppConfig({
  name: 'members',
  dir: __dirname,
  port: REMOTES.members.port,
  title: 'Members',
  exposes: { [APP_EXPOSE]: './src/app.tsx' },
});
