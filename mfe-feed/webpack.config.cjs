const { createRemoteConfig } = require('tooling/webpack-app.cjs');

// Port, page title and `./app` come from this remote's entry in remote-list/remotes.json.
module.exports = createRemoteConfig({
  name: 'feed',
  dir: __dirname,
  // One author's paged post list, mounted by other remotes (see README.md).
  exposes: { './post-list': './src/post-list.tsx' },
});
