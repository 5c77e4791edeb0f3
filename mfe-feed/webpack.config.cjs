const createAppConfig = require('tooling/webpack-app.cjs');
const { APP_EXPOSE, REMOTES } = require('tooling/federation.cjs');

module.exports = createAppConfig({
  name: 'feed',
  dir: __dirname,
  port: REMOTES.feed.port,
  title: 'Feed',
  exposes: {
    [APP_EXPOSE]: './src/app.tsx',
    // One author's paged post list, mounted by other remotes (see README.md).
    './post-list': './src/post-list.tsx',
  },
});
