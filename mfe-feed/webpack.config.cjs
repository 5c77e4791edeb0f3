const { createRemoteConfig } = require('build-config/webpack-app.cjs');

// Port, page title and exposed modules (`./app`, and `./post-list`: one author's paged post list,
// mounted by other remotes, see README.md) come from this remote's entry in remote-list/remotes.json.
module.exports = createRemoteConfig({ name: 'feed', dir: __dirname });
